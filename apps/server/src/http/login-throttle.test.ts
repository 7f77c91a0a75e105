import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RateLimitedError } from './errors';
import {
  type LoginThrottle,
  memoryLoginThrottle,
  redisLoginThrottle,
  throttleDelayMs,
  withMemoryFallback,
} from './login-throttle';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('[playshop] Redis login throttle test skipped: TEST_REDIS_URL is not set.');

const policy = { freeAttempts: 2, baseDelayMs: 1000, maxDelayMs: 8000, forgetAfterMs: 60_000 };

async function waitOf(throttle: LoginThrottle, account: string, address: string) {
  try {
    await throttle.attempt(account, address);
    return 0;
  } catch (err) {
    expect(err).toBeInstanceOf(RateLimitedError);
    return (err as RateLimitedError).retryAfterSeconds;
  }
}

describe('login throttle per account and address', () => {
  it('waits grow from the base and stop at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 30].map((n) => throttleDelayMs(n, policy))).toEqual([
      0, 0, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });

  it('doubles the wait of one pair, leaves other addresses alone, and clears on success', async () => {
    let now = 5_000_000;
    const throttle = memoryLoginThrottle(policy, () => now);
    const pair = () => waitOf(throttle, 'admin@x', 'stranger');
    // Two free tries; the third goes through and opens a 1 s wait.
    expect([await pair(), await pair(), await pair()]).toEqual([0, 0, 0]);
    // Each refused try is not counted; each try after the wait opens a wait twice as long, up to 8 s.
    for (const wait of [1, 2, 4, 8, 8]) {
      expect(await pair()).toBe(wait);
      now += wait * 1000;
      expect(await pair()).toBe(0);
    }
    expect(await pair()).toBe(8);
    expect(await waitOf(throttle, 'admin@x', 'office')).toBe(0);
    await throttle.succeeded('admin@x', 'stranger');
    expect(await waitOf(throttle, 'admin@x', 'stranger')).toBe(0);
  });

  it('falls back to memory while Redis is down, and to memory when a call fails', async () => {
    let up = false;
    const failing: LoginThrottle = {
      attempt: async () => {
        throw new Error('Connection is closed.');
      },
      succeeded: async () => {
        throw new Error('Connection is closed.');
      },
    };
    const errors: unknown[] = [];
    const throttle = withMemoryFallback(
      () => up,
      failing,
      memoryLoginThrottle(policy),
      (e) => errors.push(e),
    );
    expect(await waitOf(throttle, 'a', 'b')).toBe(0);
    expect(errors).toHaveLength(0);
    up = true;
    expect(await waitOf(throttle, 'a', 'b')).toBe(0);
    expect(await waitOf(throttle, 'a', 'b')).toBe(0);
    // The fallback kept counting: the fourth try meets the wait the third opened.
    expect(await waitOf(throttle, 'a', 'b')).toBe(1);
    expect(errors).toHaveLength(3);
  });
});

describe.runIf(redisUrl)('redisLoginThrottle', () => {
  const clients: Redis[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit()));
  });

  it('shares one pair across instances and lets no burst past the check', async () => {
    const connect = () => {
      const client = new Redis(redisUrl!);
      clients.push(client);
      return redisLoginThrottle(client, 'test-throttle', policy);
    };
    const [first, second] = [connect(), connect()];
    const account = `test-${randomUUID()}@example.com`;
    // Ten parallel tries from one address: two free, the third opens a wait, the rest are refused.
    const waits = await Promise.all(
      Array.from({ length: 10 }, (_, i) => waitOf(i % 2 ? first : second, account, '10.0.0.1')),
    );
    expect(waits.filter((w) => w === 0)).toHaveLength(3);
    expect(waits.filter((w) => w === 1)).toHaveLength(7);
    expect(await waitOf(first, account, '10.0.0.2')).toBe(0);
    await second.succeeded(account, '10.0.0.1');
    expect(await waitOf(first, account, '10.0.0.1')).toBe(0);
    await clients[0]!.del(...(await clients[0]!.keys(`test-throttle-throttle:${account}:*`)));
  });
});
