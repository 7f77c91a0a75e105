import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_DAYS } from '@playshop/shared';
import { and, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { refreshTokens, signInSessions } from '../db/schema';
import { watchRedis } from '../redis';
import { RESUME_TICKET_TTL_MS } from './resume-tickets';

/** How a session began. */
export type SessionKind = 'password' | 'sso' | 'two_factor' | 'player' | 'guest' | 'lti';
/** Why it ended (kept on the row, and in docs/security.md). */
export type EndReason =
  | 'logout'
  | 'signed_out'
  | 'signed_out_by_admin'
  | 'refresh_reused'
  | 'password_reset'
  | 'deleted'
  | 'role_changed'
  | 'moved'
  | 'erased'
  | 'licence_ended'
  | 'two_factor_required'
  | 'password_sign_in_off'
  /** The organization's directory deactivated the user (SCIM). */
  | 'deactivated';

/** Where a sign-in came from, as the request said. */
export interface SignInClient {
  userAgent: string;
  address: string;
}
export const clientOf = (req: { headers: Record<string, unknown>; ip: string }): SignInClient => ({
  userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
  address: req.ip,
});

/** The session of a signed-in request: its access token names it (sessions/authenticate.ts). */
export const sessionOf = (req: { actor: unknown }) => (req.actor as { sessionId: string }).sessionId;

/** A new session's id: also its refresh family's. */
export const newSessionId = () => randomUUID();

/**
 * How long an ended session is remembered in memory: past it, nothing it handed out (access token,
 * resume ticket) is still good anyway.
 */
const REMEMBER_MS = Math.max(RESUME_TICKET_TTL_MS, ACCESS_TOKEN_TTL_SECONDS * 1000) + 60_000;
/** With other instances, how often the table is read for ends their message may not have brought. */
const POLL_MS = 1_000;
/** The grace of `endSoon`: an access token's life. */
export const GRACE_MS = ACCESS_TOKEN_TTL_SECONDS * 1000;

export interface SessionEnds {
  /** Whether the session has ended (this instance's memory: its own ends, the bus's, the table's). */
  isEnded(sessionId: string): boolean;
  /**
   * Ends the live sessions `where` picks, at once: remembered here, told to this instance's
   * listeners (the game sockets) and published to the others before it returns. Their ids.
   */
  end(where: SQL | undefined, reason: EndReason): Promise<string[]>;
  /** Called with the sessions that just ended (here or on another instance). */
  onEnded(listener: (ids: readonly string[]) => void): void;
  /**
   * The bounded grace of the session that changed a rule concerning itself: it renews no more from
   * now (its refresh tokens are revoked) and ends once its access token has run out (GRACE_MS).
   */
  endSoon(where: SQL | undefined, reason: EndReason): Promise<void>;
  close(): Promise<void>;
}

interface SessionEndsDeps {
  db: Db;
  /** Several instances: ends travel over Redis pub/sub, and the table is read every POLL_MS too. */
  redis?: Redis;
  prefix: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/** The ended sessions this instance knows of (id → when), and the listeners that hear of new ones. */
function endedMemory(db: Db) {
  const ended = new Map<string, number>();
  const listeners: ((ids: readonly string[]) => void)[] = [];
  /** Remembers these ends; the listeners hear the new ones, all in one call (one pass over the sockets). */
  const remember = (ends: readonly (readonly [id: string, at: number])[]) => {
    const fresh = ends.filter(([id]) => !ended.has(id));
    for (const [id, at] of fresh) ended.set(id, at);
    if (fresh.length > 0) for (const listener of listeners) listener(fresh.map(([id]) => id));
  };
  const forget = () => {
    const before = Date.now() - REMEMBER_MS;
    for (const [id, at] of ended) if (at < before) ended.delete(id);
  };
  let readSince = new Date(Date.now() - REMEMBER_MS);
  const readEnded = async () => {
    // A little overlap: a row committed just after the last read with an earlier timestamp.
    const since = new Date(readSince.getTime() - 5_000);
    readSince = new Date();
    const rows = await db
      .select({ id: signInSessions.id, endedAt: signInSessions.endedAt })
      .from(signInSessions)
      .where(gt(signInSessions.endedAt, since));
    remember(rows.map((row) => [row.id, row.endedAt!.getTime()] as const));
    forget();
  };
  return { ended, listeners, remember, forget, readEnded };
}
type EndedMemory = ReturnType<typeof endedMemory>;

/** The other instances' ends: their messages on the channel at once, and the table every POLL_MS. */
async function followOthers(
  subscriber: Redis,
  memory: EndedMemory,
  { channel, origin, log }: { channel: string; origin: string; log: SessionEndsDeps['log'] },
): Promise<NodeJS.Timeout> {
  subscriber.on('message', (_channel: string, raw: string) => {
    try {
      const message = JSON.parse(raw) as { origin?: unknown; ids?: unknown };
      if (message.origin === origin || !Array.isArray(message.ids)) return;
      const now = Date.now();
      memory.remember(
        message.ids.filter((id): id is string => typeof id === 'string').map((id) => [id, now] as const),
      );
    } catch (err) {
      log.warn({ err }, 'unreadable session end message');
    }
  });
  await subscriber.subscribe(channel).catch((err) => log.warn({ err }, 'could not hear session ends'));
  let reading = false;
  const poll = setInterval(() => {
    if (reading) return;
    reading = true;
    memory
      .readEnded()
      .catch((err) => log.warn({ err }, 'could not read ended sessions'))
      .finally(() => {
        reading = false;
      });
  }, POLL_MS);
  poll.unref();
  return poll;
}

/** Revokes the live refresh tokens of these sessions (their families). */
const revokeRefreshTokens = (db: Db, ids: string[], at: Date) =>
  db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(inArray(refreshTokens.familyId, ids), isNull(refreshTokens.revokedAt)));

/**
 * The one place a session ends. Checking is a lookup in memory (every game command asks), kept in
 * step with the other instances three ways: their messages on `<prefix>:sessions:ended` (at once),
 * a read of the table every second (ends a Redis outage swallowed) and one at start (the tickets
 * still good of sessions that ended before this instance started).
 */
export async function sessionEnds({ db, redis, prefix, log }: SessionEndsDeps): Promise<SessionEnds> {
  const memory = endedMemory(db);
  const { ended, listeners, remember, forget } = memory;
  const channel = `${prefix}:sessions:ended`;
  const origin = randomUUID();
  await memory.readEnded();

  const subscriber = redis ? watchRedis(redis.duplicate(), log, 'Redis subscriber (sessions)') : undefined;
  const poll = subscriber ? await followOthers(subscriber, memory, { channel, origin, log }) : undefined;

  const timers = new Set<NodeJS.Timeout>();
  const self: SessionEnds = {
    isEnded: (id) => ended.has(id),
    async endSoon(where, reason) {
      if (!where) throw new Error('ending sessions needs a condition');
      const live = await db
        .select({ id: signInSessions.id })
        .from(signInSessions)
        .where(and(isNull(signInSessions.endedAt), where));
      const ids = live.map((r) => r.id);
      if (ids.length === 0) return;
      await revokeRefreshTokens(db, ids, new Date());
      const timer = setTimeout(() => {
        timers.delete(timer);
        self
          .end(inArray(signInSessions.id, ids), reason)
          .catch((err) => log.warn({ err }, 'could not end sessions'));
      }, GRACE_MS);
      timer.unref();
      timers.add(timer);
    },
    async end(where, reason) {
      // Never every session by mistake: a rule always names whose.
      if (!where) throw new Error('ending sessions needs a condition');
      const now = new Date();
      const rows = await db
        .update(signInSessions)
        .set({ endedAt: now, endReason: reason })
        .where(and(isNull(signInSessions.endedAt), where))
        .returning({ id: signInSessions.id });
      const ids = rows.map((r) => r.id);
      if (ids.length === 0) return ids;
      // Their refresh tokens too, so nothing of them renews even if the session row were read late.
      await revokeRefreshTokens(db, ids, now);
      forget();
      remember(ids.map((id) => [id, now.getTime()] as const));
      if (redis)
        await redis
          .publish(channel, JSON.stringify({ origin, ids }))
          .catch((err) => log.warn({ err }, 'could not tell other instances of ended sessions'));
      return ids;
    },
    onEnded: (listener) => void listeners.push(listener),
    async close() {
      if (poll) clearInterval(poll);
      for (const timer of timers) clearTimeout(timer);
      subscriber?.disconnect();
    },
  };
  return self;
}

/** Where-clauses for `end`. */
export const sessionsOf = {
  one: (id: string) => eq(signInSessions.id, id),
  user: (userId: number) => eq(signInSessions.userId, userId),
  userExcept: (userId: number, keep: string) =>
    and(eq(signInSessions.userId, userId), sql`${signInSessions.id} <> ${keep}`),
};

/** Rows past use: ended a month ago, or not seen for longer than a refresh token lives. */
export async function purgeOldSessions(db: Db): Promise<number> {
  const gone = await db
    .delete(signInSessions)
    .where(
      sql`${signInSessions.endedAt} < now() - interval '30 days'
        or ${signInSessions.lastSeenAt} < now() - make_interval(days => ${REFRESH_TOKEN_TTL_DAYS + 1})`,
    )
    .returning({ id: signInSessions.id });
  return gone.length;
}
