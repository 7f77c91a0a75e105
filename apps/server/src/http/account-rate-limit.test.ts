import { randomUUID } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import { english } from '@playshop/messages/english';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { expectRateLimited } from '../test/error-replies';
import { testRedis } from '../test/redis';
import { accountRateLimit } from './account-rate-limit';
import { registerErrorHandler } from './errors';
import { redisStoreWithMemoryFallback } from './rate-limit-store';

const limit = { max: 2, timeWindow: 60_000 };

/**
 * The app's shape in small: the plugin (global off, with Redis the store app.ts gives it), one route
 * with a per-IP limit as config and a per-account one as preHandler, keyed on `body.account`.
 */
async function limitedApp(
  options: {
    redis?: Redis;
    nameSpace?: string;
    isUp?: () => boolean;
    onFallback?: (err: Error) => void;
  } = {},
) {
  const app = Fastify();
  registerErrorHandler(app);
  const { redis } = options;
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis
      ? {
          store: redisStoreWithMemoryFallback(
            redis,
            options.nameSpace ?? 'test-',
            options.isUp ?? (() => redis.status === 'ready'),
            options.onFallback ?? (() => undefined),
          ),
        }
      : {}),
  });
  const accountOf = (bucket: string) =>
    accountRateLimit(app, limit, bucket, (req) => (req.body as { account?: string }).account || undefined);
  for (const bucket of ['one', 'two'])
    app.post(
      `/${bucket}`,
      { config: { rateLimit: { max: 100, timeWindow: 60_000 } }, preHandler: accountOf(bucket) },
      async () => ({ ok: true }),
    );
  await app.ready();
  return app;
}

let address = 0;
const post = (app: FastifyInstance, account: string | undefined, url = '/one') =>
  // A new address each time: only the per-account limit can refuse.
  app.inject({
    method: 'POST',
    url,
    payload: { account },
    remoteAddress: `10.0.${++address >> 8}.${address & 255}`,
  });

describe('accountRateLimit (memory)', () => {
  it('counts per account even after the per-IP limit of the same route, and refuses like the throttle', async () => {
    const app = await limitedApp();
    expect((await post(app, 'a')).statusCode).toBe(200);
    expect((await post(app, 'a')).statusCode).toBe(200);
    const refused = await post(app, 'a');
    expectRateLimited(refused, english('errors.tooManyRequests'));
    expect(Number(refused.headers['retry-after'])).toBe(60);
    // Another account, and the same account in another bucket, have counts of their own.
    expect((await post(app, 'b')).statusCode).toBe(200);
    expect((await post(app, 'a', '/two')).statusCode).toBe(200);
    await app.close();
  });

  it('counts nothing when there is no account to key on', async () => {
    const app = await limitedApp();
    for (let i = 0; i < 5; i++) expect((await post(app, '')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await post(app, undefined)).statusCode).toBe(200);
    await app.close();
  });
});

describe('accountRateLimit with Redis out of reach', () => {
  // Nothing listens on port 1; without the offline queue every command fails at once.
  const unreachable = () => {
    const redis = new Redis(1, '127.0.0.1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    redis.on('error', () => undefined);
    return redis;
  };

  it("counts in this instance's memory instead, whether Redis fails the count or is known down", async () => {
    const redis = unreachable();
    let up = true;
    const fallbacks: Error[] = [];
    const app = await limitedApp({
      redis,
      nameSpace: 'unused-',
      isUp: () => up,
      onFallback: (err) => fallbacks.push(err),
    });
    const counts = vi.spyOn(redis as unknown as { rateLimit: () => void }, 'rateLimit');
    // Said to be up: each count goes to Redis, fails, and is taken in memory; the limit of 2 holds.
    expect((await post(app, 'a')).statusCode).toBe(200);
    expect((await post(app, 'a')).statusCode).toBe(200);
    expect((await post(app, 'a')).statusCode).toBe(429);
    // Per IP and per account, three requests each.
    expect(counts).toHaveBeenCalledTimes(6);
    expect(fallbacks).toHaveLength(6);
    counts.mockClear();
    // Known down: Redis is not asked at all (no wait for ioredis), and memory still counts.
    up = false;
    expect((await post(app, 'b')).statusCode).toBe(200);
    expect((await post(app, 'b')).statusCode).toBe(200);
    expect((await post(app, 'b')).statusCode).toBe(429);
    expect(counts).not.toHaveBeenCalled();
    await app.close();
    redis.disconnect();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('[playshop] Redis per-account limit test skipped: TEST_REDIS_URL is not set.');

describe.runIf(redisUrl)('accountRateLimit (Redis)', () => {
  const prefix = `test-acct-${randomUUID()}-rl:`;
  const redis = testRedis(redisUrl!, prefix);

  it('counts the attempts of every instance together, apart from the per-IP counters', async () => {
    const instance = async () => limitedApp({ redis: await redis.connect(), nameSpace: prefix });
    const [first, second] = [await instance(), await instance()];
    expect((await post(first, 'a')).statusCode).toBe(200);
    expect((await post(second, 'a')).statusCode).toBe(200);
    const refused = await post(first, 'a');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(55);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await post(second, 'b')).statusCode).toBe(200);
    // One key per account and bucket under the plugin's namespace, the per-IP ones under the route.
    const keys = await redis.keys(`${prefix}*`);
    expect(keys.filter((k) => k.endsWith('acct:one:a'))).toHaveLength(1);
    expect(keys.filter((k) => k.startsWith(`${prefix}POST/one-`)).length).toBeGreaterThan(0);
    await Promise.all([first.close(), second.close()]);
  });
});
