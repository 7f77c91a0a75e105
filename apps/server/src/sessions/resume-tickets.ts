import { createHmac, hash, timingSafeEqual } from 'node:crypto';
import { normalizeRole } from '@playshop/shared';
import { type AccessClaims, isSessionId } from './tokens';

/**
 * A resume ticket: what a game socket is handed (in `pong.resume`) so that, when it drops, its
 * screen comes back on any instance without an access token. Checking it is one synchronous HMAC,
 * with no database read: after a kill or a restart 5,000 screens reconnect at once, and each came
 * back with a token refresh (the web client's, a database write), a jose verify and a read of the
 * user, on a pool of 10 (docs/performance.md, the venue). Safe without the read: it names its
 * session, and a ticket of an ended session is refused at the upgrade from memory (sessions/sessions.ts:
 * a logout, a deletion, a demotion… ends it on every instance at once); the socket it opens is also
 * rechecked against the database with every other within REVALIDATE_MS (2 s). It is good for the game socket only, for RESUME_TICKET_TTL_MS after it was handed.
 */
export const RESUME_TICKET_TTL_MS = 10 * 60_000;
/** A socket is handed a new ticket with a `pong` once its last one is this old. */
export const RESUME_REISSUE_MS = 2 * 60_000;

export interface ResumeTickets {
  issue(claims: AccessClaims, now?: number): string;
  /** The claims of a ticket this cluster signed and that has not expired; null for anything else. */
  check(ticket: string, now?: number): AccessClaims | null;
}

/** Signed with a key of its own derived from the token secret, so a ticket is never an access token. */
export function resumeTickets(secret: string, ttlMs = RESUME_TICKET_TTL_MS): ResumeTickets {
  const key = createHmac('sha256', secret).update('playshop game resume ticket').digest();
  // HMAC-SHA256 (RFC 2104) from two one-shot hashes with the padded keys made once: a `createHmac`
  // per ticket cost ~200 µs on the loaded bench machine, as much as half a token check, and every
  // socket is handed one at its upgrade.
  const inner = Buffer.alloc(64, 0x36);
  const outer = Buffer.alloc(64, 0x5c);
  for (let i = 0; i < key.length; i++) {
    inner[i]! ^= key[i]!;
    outer[i]! ^= key[i]!;
  }
  const mac = (body: string) =>
    hash(
      'sha256',
      Buffer.concat([outer, hash('sha256', Buffer.concat([inner, Buffer.from(body)]), 'buffer')]),
      'buffer',
    );
  return {
    issue(c, now = Date.now()) {
      const body = Buffer.from(
        JSON.stringify([c.userId, c.sessionId, c.role, c.orgId, c.username, c.orgName, now + ttlMs]),
      ).toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },
    check(ticket, now = Date.now()) {
      const dot = ticket.indexOf('.');
      if (dot < 1 || ticket.length > 2_000) return null;
      const body = ticket.slice(0, dot);
      const given = Buffer.from(ticket.slice(dot + 1), 'base64url');
      const expected = mac(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let fields: unknown;
      try {
        fields = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (!Array.isArray(fields) || fields.length !== 7) return null;
      const [userId, sessionId, role, orgId, username, orgName, expires] = fields as unknown[];
      const normalized = normalizeRole(role);
      if (
        !normalized ||
        !Number.isInteger(userId) ||
        !isSessionId(sessionId) ||
        !Number.isInteger(orgId) ||
        typeof username !== 'string' ||
        typeof orgName !== 'string' ||
        typeof expires !== 'number' ||
        expires <= now
      )
        return null;
      return {
        userId: userId as number,
        sessionId,
        role: normalized,
        orgId: orgId as number,
        username,
        orgName,
      };
    },
  };
}
