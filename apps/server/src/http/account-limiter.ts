import { ERRORS } from '@playshop/shared';
import type { Redis } from 'ioredis';
import { AppError } from './errors';

export interface Limit {
  max: number;
  /** milliseconds */
  timeWindow: number;
}

/**
 * Fixed-window attempt counters keyed by account (email, username). @fastify/rate-limit runs one
 * limiter per request, keyed by IP; this is the second, per-account limit of the auth routes.
 * Counters live in Redis when configured, so every instance sees the same attempts.
 */
export interface AccountLimiter {
  /** Counts one attempt; throws 429 (with retryAfter seconds) past the limit. */
  hit(bucket: string, account: string, limit: Limit): Promise<void>;
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 429, ERRORS.tooManyRequests);
  }
}

export function memoryAccountLimiter(now: () => number = Date.now): AccountLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(bucket, account, limit) {
      const key = `${bucket}:${account}`;
      const t = now();
      // Drop stale windows now and then so the map stays the size of recent activity.
      if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + limit.timeWindow };
        windows.set(key, w);
      }
      w.count += 1;
      if (w.count > limit.max) throw new RateLimitedError(Math.ceil((w.resetAt - t) / 1000));
    },
  };
}

export function redisAccountLimiter(redis: Redis, prefix = 'playshop'): AccountLimiter {
  return {
    async hit(bucket, account, limit) {
      const key = `${prefix}-acct:${bucket}:${account}`;
      const [[, count], [, ttl]] = (await redis.multi().incr(key).pttl(key).exec()) as [
        [null, number],
        [null, number],
      ];
      let remaining = ttl;
      if (ttl < 0) {
        await redis.pexpire(key, limit.timeWindow);
        remaining = limit.timeWindow;
      }
      if (count > limit.max) throw new RateLimitedError(Math.ceil(remaining / 1000));
    },
  };
}
