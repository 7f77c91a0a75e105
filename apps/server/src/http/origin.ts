/**
 * Which pages may open the game WebSocket. A browser always sends the page's Origin with the upgrade;
 * a foreign page (another site) must be refused even if it holds a token, while a phone that loaded
 * the app from the laptop's network address (http://192.168.1.20:3000) must be let in with no setting.
 */
interface OriginCheck {
  /** The Origin request header; absent for non-browser clients (they carry a token and no cookie). */
  origin: string | undefined;
  /** The host the request was sent to (Host, or X-Forwarded-Host behind a trusted proxy), with its port. */
  host: string | undefined;
  /** PUBLIC_URL (or its localhost default); config's allowedOrigins already hold its origin. */
  publicUrl?: string;
  /** ALLOWED_ORIGINS and the development origins. */
  allowedOrigins: readonly string[];
}

/**
 * Allowed: no Origin, PUBLIC_URL's origin, a listed origin, or the same host and port as the request
 * (the page and the socket came from one server, whichever address the phone used).
 */
export function isAllowedOrigin({ origin, host, publicUrl, allowedOrigins }: OriginCheck): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  // 'null' (sandboxed frames, file://) and other schemes are never a page of ours.
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (publicUrl !== undefined && parsed.origin === new URL(publicUrl).origin) return true;
  if (allowedOrigins.includes(parsed.origin)) return true;
  return host !== undefined && parsed.host === host.toLowerCase();
}
