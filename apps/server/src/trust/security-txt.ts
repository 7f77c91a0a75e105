/**
 * /.well-known/security.txt (RFC 9116): where to report a vulnerability in this installation.
 * Written on each request from the configuration, so its Expires never goes stale.
 */

const DAY_MS = 24 * 60 * 60_000;

/**
 * Midnight (UTC) of the day a year after today's: the RFC recommends less than a year ahead (§2.5.5),
 * and the value stays the same all day, so a cached copy and a fresh one agree.
 */
export function securityTxtExpiry(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today + 365 * DAY_MS);
}

export interface SecurityTxtFacts {
  /** Contact URIs (mailto:, https:, tel:), at least one. */
  contacts: string[];
  /** The security page's address (Policy). */
  policy: string;
  /** This file's address at PUBLIC_URL (Canonical); none when PUBLIC_URL is unset. */
  canonical?: string;
  now: Date;
}

/** The file's text: one field a line, CRLF-free, ending with a newline. */
export function securityTxt({ contacts, policy, canonical, now }: SecurityTxtFacts): string {
  const expires = securityTxtExpiry(now).toISOString().replace('.000Z', 'Z');
  return [
    '# Where to report a security vulnerability in this Playshop installation (RFC 9116).',
    ...contacts.map((contact) => `Contact: ${contact}`),
    `Expires: ${expires}`,
    'Preferred-Languages: en',
    ...(canonical ? [`Canonical: ${canonical}`] : []),
    `Policy: ${policy}`,
    '',
  ].join('\n');
}
