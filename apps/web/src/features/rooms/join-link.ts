interface JoinLinkInput {
  /** PUBLIC_URL, when the server has it. */
  publicUrl: string | null;
  /** The server's network IPv4 addresses (sent when PUBLIC_URL is unset). */
  networkAddresses: readonly string[];
  /** Where the facilitator's page was loaded from. */
  location: { protocol: string; hostname: string; port: string; origin: string };
}

export interface JoinLink {
  /** Origin of the join link, without a trailing slash. */
  base: string;
  /** The page is on localhost and the link uses a network address instead: say so on screen. */
  replacedLocalhost: boolean;
  /** The page is on localhost and the server knows no network address: phones cannot reach it. */
  unreachable: boolean;
}

const isLoopback = (hostname: string) =>
  hostname === 'localhost' ||
  hostname.endsWith('.localhost') ||
  hostname === '[::1]' ||
  hostname === '::1' ||
  /^127\./.test(hostname);

/**
 * Where phones are sent: PUBLIC_URL when set, else the address the facilitator's page was loaded
 * from, but never localhost (a phone's own) when the server has a network address.
 */
export function joinLinkBase({ publicUrl, networkAddresses, location }: JoinLinkInput): JoinLink {
  if (publicUrl) return { base: publicUrl.replace(/\/+$/, ''), replacedLocalhost: false, unreachable: false };
  if (!isLoopback(location.hostname))
    return { base: location.origin, replacedLocalhost: false, unreachable: false };
  const address = networkAddresses[0];
  if (!address) return { base: location.origin, replacedLocalhost: false, unreachable: true };
  const port = location.port ? `:${location.port}` : '';
  return { base: `${location.protocol}//${address}${port}`, replacedLocalhost: true, unreachable: false };
}

/** The join link of a room code. */
export const joinUrl = (base: string, code: string) => `${base}/join/${code}`;
