import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type AccountLimiter,
  memoryAccountLimiter,
  RateLimitedError,
  redisAccountLimiter,
} from './account-limiter';

const limit = { max: 2, timeWindow: 60_000 };

async function outcome(limiter: AccountLimiter, account: string) {
  try {
    await limiter.hit('login', account, limit);
    return 'ok';
  } catch (err) {
    expect(err).toBeInstanceOf(RateLimitedError);
    return (err as RateLimitedError).retryAfterSeconds;
  }
}

describe('memoryAccountLimiter', () => {
  it('allows max attempts per window, then reports when to retry', async () => {
    let now = 1_000_000;
    const limiter = memoryAccountLimiter(() => now);
    expect(await outcome(limiter, 'a@example.com')).toBe('ok');
    expect(await outcome(limiter, 'a@example.com')).toBe('ok');
    expect(await outcome(limiter, 'b@example.com')).toBe('ok');
    now += 15_000;
    expect(await outcome(limiter, 'a@example.com')).toBe(45);
    now += 45_000;
    expect(await outcome(limiter, 'a@example.com')).toBe('ok');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('[playshop] Redis limiter test skipped: TEST_REDIS_URL is not set.');

describe.runIf(redisUrl)('redisAccountLimiter', () => {
  const clients: Redis[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit()));
  });

  it('counts the attempts of every instance together', async () => {
    const connect = () => {
      const client = new Redis(redisUrl!);
      clients.push(client);
      return redisAccountLimiter(client, 'test-limiter');
    };
    const [first, second] = [connect(), connect()];
    const account = `test-${randomUUID()}@example.com`;
    expect(await outcome(first, account)).toBe('ok');
    expect(await outcome(second, account)).toBe('ok');
    const refused = await outcome(first, account);
    expect(refused).toBeGreaterThan(55);
    expect(refused).toBeLessThanOrEqual(60);
    await clients[0]!.del(`test-limiter-acct:login:${account}`);
  });
});
