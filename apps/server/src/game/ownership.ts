import type { Redis } from 'ioredis';
import pg from 'pg';

/**
 * Which instance owns a room's live game: exactly one at a time (DESIGN §6, docs/decisions.md).
 * With one instance that is simply this process. With several on PostgreSQL, ownership is a
 * session-level advisory lock held on one dedicated connection: it lives exactly as long as the
 * holder's connection, so a killed instance frees its rooms at once. Where there is no PostgreSQL
 * server to hold locks (PGlite is one process; only tests run two instances on it) it is a Redis key
 * with a TTL that the owner renews. Either way the log's unique (game, seq) fences a stale owner out.
 */
export interface Ownership {
  acquire(roomId: number): Promise<boolean>;
  release(roomId: number): Promise<void>;
  /** Called when this instance can no longer be sure it holds a room (null: all of them). */
  onLost(handler: (roomId: number | null) => void): void;
  close(): Promise<void>;
}

/**
 * Concurrent acquires of one room (its first players joining together) share one attempt. Alone,
 * each would ask: a session-level advisory lock taken twice needs two unlocks, so one release would
 * leave the room locked to this instance; a second SET NX fails against ourselves.
 */
function oneAttemptPerRoom(acquire: (roomId: number) => Promise<boolean>) {
  const pending = new Map<number, Promise<boolean>>();
  return (roomId: number): Promise<boolean> => {
    let attempt = pending.get(roomId);
    if (!attempt) {
      attempt = acquire(roomId).finally(() => pending.delete(roomId));
      pending.set(roomId, attempt);
    }
    return attempt;
  };
}

export function localOwnership(): Ownership {
  return {
    acquire: async () => true,
    release: async () => undefined,
    onLost: () => undefined,
    close: async () => undefined,
  };
}

/** The advisory-lock namespace of room ownership ('play' in ASCII). */
const LOCK_SPACE = 0x706c6179;

export function postgresOwnership(url: string, onError: (err: unknown) => void): Ownership {
  let client: Promise<pg.Client> | null = null;
  const lostHandlers: ((roomId: number | null) => void)[] = [];
  const held = new Set<number>();

  function lost(err: unknown) {
    onError(err);
    client = null;
    held.clear();
    for (const handler of lostHandlers) handler(null);
  }

  function connection(): Promise<pg.Client> {
    client ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('error', lost);
      await c.connect();
      return c;
    })().catch((err) => {
      client = null;
      throw err;
    });
    return client;
  }

  // One statement at a time on the connection: pg queues a second one itself today, but warns
  // that pg@9 will refuse it, and a storm of room openings sends hundreds at once.
  let last: Promise<unknown> = Promise.resolve();
  function serially<T>(statement: (c: pg.Client) => Promise<T>): Promise<T> {
    const next = last.then(connection).then(statement);
    last = next.catch(() => undefined);
    return next;
  }

  return {
    acquire: oneAttemptPerRoom(async (roomId) => {
      if (held.has(roomId)) return true;
      const { rows } = await serially((c) =>
        c.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [LOCK_SPACE, roomId]),
      );
      if (rows[0]?.ok) held.add(roomId);
      return rows[0]?.ok === true;
    }),
    async release(roomId) {
      if (!held.delete(roomId) || !client) return;
      await serially((c) => c.query('select pg_advisory_unlock($1, $2)', [LOCK_SPACE, roomId])).catch(
        onError,
      );
    },
    onLost: (handler) => void lostHandlers.push(handler),
    async close() {
      const c = client;
      client = null;
      held.clear();
      if (c) await (await c).end().catch(() => undefined);
    },
  };
}

/** Renewed at a third of its life, so two missed renewals still leave the owner holding the room. */
const LEASE_MS = 3_000;

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
/** Takes a free room, or keeps one whose lease is still ours (a renewal lost to a Redis blip). */
const ACQUIRE = `local owner = redis.call('get', KEYS[1]) if owner == ARGV[1] then redis.call('pexpire', KEYS[1], ARGV[2]) return 1 elseif owner then return 0 else redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export function redisOwnership(
  redis: Redis,
  prefix: string,
  instanceId: string,
  leaseMs = LEASE_MS,
): Ownership {
  const key = (roomId: number) => `${prefix}:game:owner:${roomId}`;
  const held = new Set<number>();
  const lostHandlers: ((roomId: number | null) => void)[] = [];
  const lose = (roomId: number) => {
    held.delete(roomId);
    for (const handler of lostHandlers) handler(roomId);
  };
  const renew = setInterval(() => {
    for (const roomId of held) {
      redis
        .eval(RENEW, 1, key(roomId), instanceId, leaseMs)
        .then((ok) => ok === 0 && lose(roomId))
        .catch(() => lose(roomId));
    }
  }, leaseMs / 3);
  renew.unref();
  return {
    acquire: oneAttemptPerRoom(async (roomId) => {
      if (held.has(roomId)) return true;
      const ok = (await redis.eval(ACQUIRE, 1, key(roomId), instanceId, leaseMs)) === 1;
      if (ok) held.add(roomId);
      return ok;
    }),
    async release(roomId) {
      if (!held.delete(roomId)) return;
      await redis.eval(RELEASE, 1, key(roomId), instanceId).catch(() => undefined);
    },
    onLost: (handler) => void lostHandlers.push(handler),
    async close() {
      clearInterval(renew);
      await Promise.all([...held].map((roomId) => this.release(roomId)));
    },
  };
}
