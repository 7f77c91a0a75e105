/**
 * Room ownership between instances: a room's first players often join together, so one instance
 * asks for the same room several times at once. It must hold the room once, and let go of it once.
 * PostgreSQL advisory locks run when TEST_DATABASE_URL is set, Redis leases when TEST_REDIS_URL is.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { type Ownership, postgresOwnership, redisOwnership } from './ownership';

const opened: Ownership[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

/** Two instances ask together for a room: the first one's concurrent asks all get it, once. */
async function holdsOnce(a: Ownership, b: Ownership) {
  opened.push(a, b);
  const roomId = randomInt(1_000_000, 2_000_000_000);
  expect(await Promise.all([a.acquire(roomId), a.acquire(roomId), a.acquire(roomId)])).toEqual([
    true,
    true,
    true,
  ]);
  expect(await b.acquire(roomId)).toBe(false);
  // One release frees it: the other instance can take it over.
  await a.release(roomId);
  expect(await b.acquire(roomId)).toBe(true);
  expect(await a.acquire(roomId)).toBe(false);
}

describe.runIf(inject('dbKind') === 'postgres')('ownership as PostgreSQL advisory locks', () => {
  it('concurrent asks of one instance take the lock once, and one release frees it', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const errors: unknown[] = [];
    await holdsOnce(
      postgresOwnership(url, (err) => errors.push(err)),
      postgresOwnership(url, (err) => errors.push(err)),
    );
    expect(errors).toEqual([]);
  });

  it('a storm of room openings sends its statements one at a time (pg@9 refuses overlap)', async () => {
    // Counted at the client: pg's own deprecation warning is printed once per process.
    const query = pg.Client.prototype.query;
    let running = 0;
    let most = 0;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      most = Math.max(most, ++running);
      const result = (query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      return result.finally(() => running--);
    } as typeof query;
    try {
      const a = postgresOwnership(process.env.TEST_DATABASE_URL!, () => undefined);
      opened.push(a);
      const base = randomInt(1_000_000, 2_000_000_000);
      const rooms = Array.from({ length: 50 }, (_, i) => base + i);
      expect(await Promise.all(rooms.map((r) => a.acquire(r)))).toEqual(rooms.map(() => true));
      await Promise.all(rooms.map((r) => a.release(r)));
    } finally {
      pg.Client.prototype.query = query;
    }
    expect(most).toBe(1);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl && inject('dbKind') === 'pglite')('ownership as Redis leases', () => {
  it('concurrent asks of one instance all get the room, and one release frees it', async () => {
    const prefix = `playshop-test-${randomUUID()}`;
    const redis = new Redis(redisUrl!);
    try {
      await holdsOnce(redisOwnership(redis, prefix, 'a'), redisOwnership(redis, prefix, 'b'));
    } finally {
      for (const o of opened.splice(0)) await o.close();
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });

  it('an instance whose renewal was lost to a blip takes its own unexpired lease back at once', async () => {
    const prefix = `playshop-test-${randomUUID()}`;
    const redis = new Redis(redisUrl!);
    try {
      // Leases that never renew here (an hour between renewals): as if every renewal had failed.
      const a = redisOwnership(redis, prefix, 'a', 3_600_000);
      const b = redisOwnership(redis, prefix, 'b', 3_600_000);
      opened.push(a, b);
      const roomId = randomInt(1_000_000, 2_000_000_000);
      expect(await a.acquire(roomId)).toBe(true);
      // A fresh ownership of the same instance (its memory of the room dropped on the lost renewal).
      const again = redisOwnership(redis, prefix, 'a', 3_600_000);
      opened.push(again);
      expect(await again.acquire(roomId)).toBe(true);
      expect(await b.acquire(roomId)).toBe(false);
    } finally {
      for (const o of opened.splice(0)) await o.close();
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });
});
