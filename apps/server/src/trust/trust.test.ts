import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';
import { type Conformance, WCAG_22_AA } from './accessibility-report';
import { securityTxtExpiry } from './security-txt';

const PUBLIC_URL = 'https://bingo.example.org';

const LEVELS: Conformance[] = ['Supports', 'Partially Supports', 'Does Not Support', 'Not Applicable'];
/** The report's summary: how many criteria at each level, counted from its rows. */
const summary = () =>
  LEVELS.map((level) => [level, WCAG_22_AA.filter((c) => c.conformance === level).length] as const);
const YEAR_MS = 365 * 24 * 60 * 60_000;

/** The fields RFC 9116 defines (§2.5); anything else in our file would be a mistake. */
const FIELDS = [
  'Acknowledgments',
  'Canonical',
  'Contact',
  'Encryption',
  'Expires',
  'Hiring',
  'Policy',
  'Preferred-Languages',
];

/** Reads a security.txt as RFC 9116 §2.4 does: comments, blank lines and `Field: value` lines. */
function parseSecurityTxt(text: string): Array<[string, string]> {
  expect(text, 'lines end with LF alone').not.toContain('\r');
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([A-Za-z-]+): (\S.*)$/.exec(line);
      expect(match, `"${line}" is a field line`).not.toBeNull();
      return [match![1]!, match![2]!];
    });
}

/** RFC 9116's rules for the file: required fields, once-only fields, URIs where URIs go. */
function expectValidSecurityTxt(text: string, now: Date): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const [name, value] of parseSecurityTxt(text)) {
    expect(FIELDS, `${name} is an RFC 9116 field`).toContain(name);
    fields.set(name, [...(fields.get(name) ?? []), value]);
  }
  const contacts = fields.get('Contact') ?? [];
  expect(contacts.length, 'at least one Contact (§2.5.3)').toBeGreaterThan(0);
  for (const contact of contacts) expect(contact).toMatch(/^(mailto:|https:\/\/|tel:)/);
  const expires = fields.get('Expires') ?? [];
  expect(expires, 'exactly one Expires (§2.5.5)').toHaveLength(1);
  // RFC 3339 date-time (Internet Date/Time Format), in the future, less than a year ahead.
  expect(expires[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  const at = Date.parse(expires[0]!);
  expect(at).toBeGreaterThan(now.getTime());
  expect(at).toBeLessThanOrEqual(now.getTime() + YEAR_MS);
  expect(
    fields.get('Preferred-Languages')?.length ?? 0,
    'Preferred-Languages at most once (§2.5.8)',
  ).toBeLessThanOrEqual(1);
  for (const uri of [...(fields.get('Canonical') ?? []), ...(fields.get('Policy') ?? [])]) {
    expect(URL.canParse(uri), uri).toBe(true);
  }
  return fields;
}

let webDist: string;
beforeAll(async () => {
  // A built web app, whose index.html every unknown GET used to get (security.txt included).
  webDist = await mkdtemp(path.join(tmpdir(), 'playshop-trust-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Playshop app</title>');
});
afterAll(() => rm(webDist, { recursive: true, force: true }));

describe('with a security contact and PUBLIC_URL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      webDistDir: webDist,
      env: {
        PUBLIC_URL,
        SECURITY_CONTACT: 'security@example.org,https://example.org/report',
        AUDIT_RETENTION_DAYS: '180',
      },
    });
  });
  afterAll(() => ctx.close());

  it('serves /.well-known/security.txt as text, with the fields RFC 9116 requires', async () => {
    const before = new Date();
    const res = await ctx.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const fields = expectValidSecurityTxt(res.body, before);
    expect(fields.get('Contact')).toEqual(['mailto:security@example.org', 'https://example.org/report']);
    expect(fields.get('Canonical')).toEqual([`${PUBLIC_URL}/.well-known/security.txt`]);
    expect(fields.get('Policy')).toEqual([`${PUBLIC_URL}/security`]);
    expect(fields.get('Preferred-Languages')).toEqual(['en']);
  });

  it('serves the security page without signing in, from the configuration', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/security' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('<h1>Security</h1>');
    expect(res.body).toContain('180 days (the operator’s AUDIT_RETENTION_DAYS)');
    expect(res.body).toContain('<a href="mailto:security@example.org">security@example.org</a>');
    expect(res.body).toContain('<a href="https://example.org/report">https://example.org/report</a>');
    for (const way of [
      'Password',
      'Single sign-on with OpenID Connect or SAML 2.0',
      'Provisioning with SCIM 2.0',
      'Two-factor sign-in',
      'Where you’re signed in:',
    ]) {
      expect(res.body).toContain(`<strong>${way}</strong>`);
    }
    // Retention is the organization's choice, within the operator's ceiling.
    expect(res.body).toContain(
      'choose in Settings › Retention how long its games, answers and audit log are kept',
    );
    expect(res.body).toContain('href="/.well-known/security.txt"');
  });

  it('serves the accessibility report, every criterion a row', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/accessibility' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const rows = [...res.body.matchAll(/<tr><th scope="row">([^<]+)<\/th><td>([^<]+)<\/td>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(rows).toEqual(WCAG_22_AA.map((c) => [c.criterion, c.conformance]));
    for (const [level, count] of summary())
      expect(res.body).toContain(`<li>${level}: ${count} criteria</li>`);
    // No row is left saying it is being fixed once its fix has landed.
    expect(res.body).not.toContain('being fixed');
  });
});

describe('without a security contact or PUBLIC_URL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ webDistDir: webDist });
  });
  afterAll(() => ctx.close());

  it('answers /.well-known/security.txt 404 in plain text: a file without Contact would break the RFC', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('SECURITY_CONTACT');
    expect(res.body).not.toContain('<title>Playshop app</title>');
  });

  it('says on the security page that no contact is published, and links no security.txt', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/security' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('has not published a security contact');
    expect(res.body).toContain('400 days');
    expect(res.body).not.toContain('href="/.well-known/security.txt"');
  });
});

describe('without PUBLIC_URL but with a contact', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { SECURITY_CONTACT: 'tel:+49-30-1234567' } });
  });
  afterAll(() => ctx.close());

  it('leaves Canonical out and points Policy at the address the request came to', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/.well-known/security.txt',
      headers: { host: 'bingo.lan:3000' },
    });
    const fields = expectValidSecurityTxt(res.body, new Date(Date.now() - 1000));
    expect(fields.has('Canonical')).toBe(false);
    expect(fields.get('Policy')).toEqual(['http://bingo.lan:3000/security']);
    expect(fields.get('Contact')).toEqual(['tel:+49-30-1234567']);
  });
});

describe('Expires', () => {
  it.each([
    '2026-12-05T14:03:00Z',
    '2028-02-29T23:59:59.999Z', // a leap day
    '2027-03-01T00:00:00Z',
    '2026-12-31T23:59:59Z',
  ])('from %s is in the future, at most a year ahead, and the same all day', (iso) => {
    const now = new Date(iso);
    const expiry = securityTxtExpiry(now);
    expect(expiry.getTime()).toBeGreaterThan(now.getTime());
    expect(expiry.getTime()).toBeLessThanOrEqual(now.getTime() + YEAR_MS);
    const midnight = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
    expect(securityTxtExpiry(midnight)).toEqual(expiry);
  });
});

describe('docs/accessibility.md', () => {
  it('holds the same table as the served report', async () => {
    const doc = await readFile(new URL('../../../../docs/accessibility.md', import.meta.url), 'utf8');
    const rows = doc
      .split('\n')
      .filter((line) => /^\| \d\.\d+\.\d+ /.test(line))
      .map((line) => line.slice(2, -2).split(' | '));
    expect(rows).toEqual(WCAG_22_AA.map((c) => [c.criterion, c.conformance, c.remarks]));
  });

  it('states the same summary counts as the served report', async () => {
    const doc = await readFile(new URL('../../../../docs/accessibility.md', import.meta.url), 'utf8');
    const line = summary()
      .map(([level, count]) => `${level}: ${count} criteria.`)
      .join(' ');
    expect(doc).toContain(`\n${line}\n`);
  });

  it('covers every WCAG 2.2 success criterion at levels A and AA, once', () => {
    const ids = WCAG_22_AA.map((c) => c.criterion.split(' ')[0]);
    const expected = [
      ...['1.1.1', '1.2.1', '1.2.2', '1.2.3', '1.2.4', '1.2.5', '1.3.1', '1.3.2', '1.3.3', '1.3.4', '1.3.5'],
      ...['1.4.1', '1.4.2', '1.4.3', '1.4.4', '1.4.5', '1.4.10', '1.4.11', '1.4.12', '1.4.13'],
      ...['2.1.1', '2.1.2', '2.1.4', '2.2.1', '2.2.2', '2.3.1', '2.4.1', '2.4.2', '2.4.3', '2.4.4', '2.4.5'],
      ...['2.4.6', '2.4.7', '2.4.11', '2.5.1', '2.5.2', '2.5.3', '2.5.4', '2.5.7', '2.5.8'],
      ...['3.1.1', '3.1.2', '3.2.1', '3.2.2', '3.2.3', '3.2.4', '3.2.6', '3.3.1', '3.3.2', '3.3.3', '3.3.4'],
      ...['3.3.7', '3.3.8', '4.1.1', '4.1.2', '4.1.3'],
    ];
    expect(ids).toEqual(expected);
  });
});
