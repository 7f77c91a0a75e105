import { createHmac } from 'node:crypto';
import { message } from '@playshop/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { refreshTokens, signInSessions, users } from '../db/schema';
import { unauthorized } from '../http/errors';
import { type SessionEnds, type SignInClient, sessionsOf } from '../sessions/sessions';
import { hashOpaqueToken } from '../sessions/tokens';
import type { SessionStarter, SessionTokens } from './session-start';
import { userWithOrg } from './user-row';

/** How long a just-rotated refresh token still yields its successor (two tabs refreshing at once). */
export const REFRESH_REUSE_GRACE_MS = 30_000;

interface RotationDeps {
  db: Db;
  /** Keys the successor of a refresh token (derived from it, so a racing tab can be handed the same one). */
  refreshSecret: string;
  sessions: SessionStarter;
  ends: SessionEnds;
  log: FastifyBaseLogger;
  now: () => Date;
}

type RefreshRow = typeof refreshTokens.$inferSelect;

const sessionExpired = () => unauthorized(message('errors.sessionExpired'), 'NO_SESSION');

/**
 * Claims `row` and stores its successor in one transaction: of two concurrent refreshes with one
 * token, one wins, and the other (its claim waits for the winner's commit) finds the successor.
 */
async function claim(db: Db, row: RefreshRow, successor: typeof refreshTokens.$inferInsert, now: () => Date) {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: now() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) return false;
    await tx.insert(refreshTokens).values(successor);
    return true;
  });
}

/**
 * The token a refresh token rotates into: an HMAC of it, so only its holder can name it and the
 * server can hand the same one to a second tab without storing it.
 */
function successorOf(refreshSecret: string, raw: string) {
  const next = createHmac('sha256', refreshSecret).update(`refresh-successor\n${raw}`).digest('base64url');
  return { raw: next, hash: hashOpaqueToken(next) };
}

/**
 * The session the family belongs to, still live: seen now, from this address. A session that
 * ended (logout, a rule: sessions/sessions.ts) renews nothing.
 */
async function touch({ db, now }: RotationDeps, familyId: string, client: SignInClient) {
  const live = await db
    .update(signInSessions)
    .set({ lastSeenAt: now(), address: client.address })
    .where(and(eq(signInSessions.id, familyId), isNull(signInSessions.endedAt)))
    .returning({ id: signInSessions.id });
  if (live.length === 0) throw sessionExpired();
}

const byHash = (db: Db, raw: string) =>
  db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(raw)))
    .limit(1);

/**
 * A spent refresh token presented again. Within REFRESH_REUSE_GRACE_MS of its rotation, and while
 * its successor is unspent, it is a second tab racing the first: it gets that same successor (the
 * OAuth 2.0 security BCP's grace period). Anything else is a replay: the family is revoked.
 */
async function reuse(
  deps: RotationDeps,
  row: RefreshRow,
  raw: string,
  client: SignInClient,
): Promise<SessionTokens> {
  const { db, now } = deps;
  if (row.usedAt && !row.revokedAt && now().getTime() - row.usedAt.getTime() <= REFRESH_REUSE_GRACE_MS) {
    const successor = successorOf(deps.refreshSecret, raw);
    const [next] = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, successor.hash))
      .limit(1);
    if (next && next.familyId === row.familyId && !next.usedAt && !next.revokedAt) {
      const [user] = await userWithOrg(db).where(eq(users.id, row.userId)).limit(1);
      if (!user) throw sessionExpired();
      await touch(deps, row.familyId, client);
      return deps.sessions.sessionReply(user, row.familyId, successor.raw, next.expiresAt);
    }
  }
  // A revoked token is of a session already over; a spent one presented again leaked.
  if (!row.revokedAt) {
    await deps.ends.end(sessionsOf.one(row.familyId), 'refresh_reused');
    deps.log.warn({ userId: row.userId, familyId: row.familyId }, 'refresh token reused: session ended');
  }
  throw sessionExpired();
}

/** Refresh tokens rotated on use, a family (its session) ended on replay. */
export function refreshRotation(deps: RotationDeps) {
  const { db, refreshSecret, sessions, now } = deps;
  return {
    /**
     * Rotates a refresh token. A token that was already used (or revoked) means it leaked: the whole
     * family is revoked and the caller must sign in again, unless it is a second tab inside the grace
     * window (see `reuse`).
     */
    async refresh(raw: string | undefined, client: SignInClient): Promise<SessionTokens> {
      if (!raw) throw unauthorized(message('errors.noSession'), 'NO_SESSION');
      const [row] = await byHash(db, raw);
      if (!row) throw sessionExpired();
      if (row.usedAt || row.revokedAt) return reuse(deps, row, raw, client);
      if (row.expiresAt <= now()) throw sessionExpired();
      const [user] = await userWithOrg(db).where(eq(users.id, row.userId)).limit(1);
      if (!user) throw sessionExpired();
      await touch(deps, row.familyId, client);
      const successor = successorOf(refreshSecret, raw);
      const refreshExpiresAt = sessions.refreshExpiry();
      const next = {
        userId: user.id,
        familyId: row.familyId,
        tokenHash: successor.hash,
        expiresAt: refreshExpiresAt,
      };
      if (!(await claim(db, row, next, now))) {
        const [latest] = await byHash(db, raw);
        if (!latest) throw sessionExpired();
        return reuse(deps, latest, raw, client);
      }
      return sessions.sessionReply(user, row.familyId, successor.raw, refreshExpiresAt);
    },
  };
}
