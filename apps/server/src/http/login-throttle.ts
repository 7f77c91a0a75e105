import type { Redis } from 'ioredis';
import { RateLimitedError } from './errors';

/**
 * Hand-written on purpose: @fastify/rate-limit counts fixed windows per key. Its `exponentialBackoff`
 * comes closest but counts refused tries too (hammering during a wait lengthens it), starts counting
 * afresh once the lengthened window lapses instead of remembering the pair for an hour, and cannot
 * clear a key when the sign-in succeeds. The fixed windows of the auth routes (per IP, per account)
 * are the library's: auth/routes.ts and http/account-rate-limit.ts.
 *
 * Sign-in throttle keyed by account AND address: the first `freeAttempts` tries of a
 * pair go through, each further one opens a wait that doubles (base, 2×base, … up to `maxDelayMs`);
 * a success clears the pair. A stranger guessing an admin's password only slows their own address:
 * the admin, from theirs, signs in as usual. Distributed guessing meets the per-IP limits and argon2.
 */
export interface ThrottlePolicy {
  freeAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A pair quiet this long starts afresh. */
  forgetAfterMs: number;
}

export const DEFAULT_LOGIN_THROTTLE: ThrottlePolicy = {
  freeAttempts: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
};

/** The wait opened by the `attempt`-th try of a pair (1-based): 0 while free, then doubling to the cap. */
export function throttleDelayMs(attempt: number, policy: ThrottlePolicy): number {
  const over = attempt - policy.freeAttempts;
  if (over <= 0) return 0;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(over - 1, 30));
}

export interface LoginThrottle {
  /** Counts one try of `account` from `address`; 429 with Retry-After while the pair must wait. */
  attempt(account: string, address: string): Promise<void>;
  /** A successful sign-in: the pair starts afresh. */
  succeeded(account: string, address: string): Promise<void>;
}

export function memoryLoginThrottle(
  policy: ThrottlePolicy = DEFAULT_LOGIN_THROTTLE,
  now: () => number = Date.now,
): LoginThrottle {
  const pairs = new Map<string, { attempts: number; waitUntil: number; lastAt: number }>();
  const keyOf = (account: string, address: string) => `${account}\n${address}`;
  return {
    async attempt(account, address) {
      const t = now();
      if (pairs.size > 10_000)
        for (const [k, p] of pairs) if (p.lastAt + policy.forgetAfterMs <= t) pairs.delete(k);
      const key = keyOf(account, address);
      let pair = pairs.get(key);
      if (!pair || pair.lastAt + policy.forgetAfterMs <= t) {
        pair = { attempts: 0, waitUntil: 0, lastAt: t };
        pairs.set(key, pair);
      }
      if (pair.waitUntil > t) throw new RateLimitedError(Math.ceil((pair.waitUntil - t) / 1000));
      pair.attempts += 1;
      pair.lastAt = t;
      pair.waitUntil = t + throttleDelayMs(pair.attempts, policy);
    },
    async succeeded(account, address) {
      pairs.delete(keyOf(account, address));
    },
  };
}

/**
 * The same throttle in Redis, shared by every instance, as one Lua script (atomic: a burst of
 * parallel tries cannot all slip past the check). KEYS: attempts counter, wait marker.
 * ARGV: free attempts, base delay, max delay, forget after (ms). Returns the ms still to wait, or 0.
 */
const THROTTLE_ATTEMPT_LUA = `
local wait = redis.call('PTTL', KEYS[2])
if wait > 0 then return wait end
local attempts = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
local over = attempts - tonumber(ARGV[1])
if over > 0 then
  local delay = math.min(tonumber(ARGV[3]), tonumber(ARGV[2]) * 2 ^ math.min(over - 1, 30))
  redis.call('SET', KEYS[2], '1', 'PX', math.floor(delay))
end
return 0
`;

export function redisLoginThrottle(
  redis: Redis,
  prefix = 'playshop',
  policy: ThrottlePolicy = DEFAULT_LOGIN_THROTTLE,
): LoginThrottle {
  const keys = (account: string, address: string) => {
    const base = `${prefix}-throttle:${account}:${address}`;
    return [`${base}:n`, `${base}:wait`] as const;
  };
  return {
    async attempt(account, address) {
      const [n, wait] = keys(account, address);
      const waitMs = (await redis.eval(
        THROTTLE_ATTEMPT_LUA,
        2,
        n,
        wait,
        policy.freeAttempts,
        policy.baseDelayMs,
        policy.maxDelayMs,
        policy.forgetAfterMs,
      )) as number;
      if (waitMs > 0) throw new RateLimitedError(Math.ceil(waitMs / 1000));
    },
    async succeeded(account, address) {
      await redis.del(...keys(account, address));
    },
  };
}

/**
 * Redis while it answers, this instance's memory while it does not: an outage
 * weakens the limits to per-instance ones instead of failing every sign-in. `isUp` is read before each
 * call so a down Redis costs no wait; a call that fails anyway is retried in memory.
 */
export function withMemoryFallback<T extends object>(
  isUp: () => boolean,
  primary: T,
  fallback: T,
  onFallback: (err: unknown) => void,
): T {
  const wrapped = {} as Record<string, unknown>;
  for (const name of Object.keys(primary) as (keyof T & string)[]) {
    const call = (target: T, args: unknown[]) =>
      (target[name] as (...a: unknown[]) => Promise<unknown>).apply(target, args);
    wrapped[name] = async (...args: unknown[]) => {
      if (!isUp()) return call(fallback, args);
      try {
        return await call(primary, args);
      } catch (err) {
        if (err instanceof RateLimitedError) throw err;
        onFallback(err);
        return call(fallback, args);
      }
    };
  }
  return wrapped as T;
}
