import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_PREFIX, MATERIAL_LINK_TTL_SECONDS } from '@playshop/shared';

export const MATERIAL_DOWNLOAD_PATH = '/materials/download';

/** What a valid link grants: one file, for the user it was issued to, until it expires. */
interface DownloadGrant {
  /** documents/{folder}[/{subfolder}]/{file} */
  fullPath: string;
  userId: number;
}

export interface DownloadLinkQuery {
  path: string;
  user: string;
  expires: string;
  signature: string;
}

interface DownloadLinkOptions {
  /** The server's secret (config.jwtSecret); links get a key of their own derived from it. */
  secret: string;
  ttlSeconds?: number;
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
}

/**
 * Signed, expiring download addresses for materials. A browser downloads by navigating, which sends
 * no bearer token, so the address itself carries the permission: HMAC-SHA256 over the file's path,
 * the user it was issued to and the expiry. The download route checks the signature in constant time
 * and then that the user still may see the file (so an unlinked workshop or a deleted user stops a
 * link at once, not only when it expires).
 */
export function downloadLinks(options: DownloadLinkOptions) {
  const ttlSeconds = options.ttlSeconds ?? MATERIAL_LINK_TTL_SECONDS;
  const now = options.now ?? Date.now;
  // A key of its own, so a link signature can never be mistaken for a token signature or vice versa.
  const key = createHmac('sha256', options.secret).update('playshop material download links v1').digest();
  const sign = (fullPath: string, userId: string, expires: string) =>
    createHmac('sha256', key).update(`${fullPath}\n${userId}\n${expires}`).digest();

  return {
    /** A relative address valid for ttlSeconds, and when it expires. */
    create(grant: DownloadGrant): { url: string; expiresAt: string } {
      const expiresAtMs = now() + ttlSeconds * 1000;
      const expires = String(Math.floor(expiresAtMs / 1000));
      const user = String(grant.userId);
      const query = new URLSearchParams({
        path: grant.fullPath,
        user,
        expires,
        signature: sign(grant.fullPath, user, expires).toString('base64url'),
      });
      return {
        url: `${API_PREFIX}${MATERIAL_DOWNLOAD_PATH}?${query.toString()}`,
        expiresAt: new Date(Number(expires) * 1000).toISOString(),
      };
    },

    /** The grant of a genuine, unexpired link, otherwise null. */
    verify(query: DownloadLinkQuery): DownloadGrant | null {
      if (!/^\d{1,12}$/.test(query.expires) || !/^\d{1,12}$/.test(query.user)) return null;
      if (Number(query.expires) * 1000 <= now()) return null;
      const expected = sign(query.path, query.user, query.expires);
      const given = Buffer.from(query.signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { fullPath: query.path, userId: Number(query.user) };
    },
  };
}
export type DownloadLinks = ReturnType<typeof downloadLinks>;
