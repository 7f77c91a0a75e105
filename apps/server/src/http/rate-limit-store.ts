import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Counted = { current: number; ttl: number };
interface Store {
  incr(
    key: string,
    done: (err: Error | null, result?: Counted) => void,
    timeWindow: number,
    max: number,
  ): void;
  child(routeOptions: RateLimitOptions & { routeInfo: unknown }): Store;
}
type StoreFlags = [continueExceeding: boolean | undefined, exponentialBackoff: boolean | undefined];

// The library's own two stores, which its index does not export (nor type); it has no fallback from
// one to the other.
const requireCjs = createRequire(import.meta.url);
const RedisStore = requireCjs('@fastify/rate-limit/store/RedisStore.js') as new (
  ...args: [...StoreFlags, redis: Redis, nameSpace: string]
) => Store;
const LocalStore = requireCjs('@fastify/rate-limit/store/LocalStore.js') as new (
  ...args: StoreFlags
) => Store;

/**
 * The store of every @fastify/rate-limit window (per IP, per account): Redis while it answers, so
 * every instance counts the same attempts, and this instance's memory while it does not, so an outage
 * weakens the limits to per-instance ones instead of lifting them (as the sign-in throttle does,
 * withMemoryFallback). `isUp` is read before each count so a down Redis costs no wait; a count that
 * fails anyway is taken in memory.
 */
export function redisStoreWithMemoryFallback(
  redis: Redis,
  nameSpace: string,
  isUp: () => boolean,
  onFallback: (err: Error) => void,
): FastifyRateLimitStoreCtor {
  class FallbackStore implements Store {
    private shared: Store;
    private local: Store;
    constructor(options: RateLimitOptions, pair?: { shared: Store; local: Store }) {
      this.shared =
        pair?.shared ??
        new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, nameSpace);
      this.local = pair?.local ?? new LocalStore(options.continueExceeding, options.exponentialBackoff);
    }
    incr(key: string, done: (err: Error | null, result?: Counted) => void, timeWindow: number, max: number) {
      if (!isUp()) return this.local.incr(key, done, timeWindow, max);
      this.shared.incr(
        key,
        (err, result) => {
          if (!err) return done(null, result);
          onFallback(err);
          this.local.incr(key, done, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }
    child(routeOptions: RateLimitOptions & { routeInfo: unknown }): Store {
      return new FallbackStore(routeOptions, {
        shared: this.shared.child(routeOptions),
        local: this.local.child(routeOptions),
      });
    }
  }
  return FallbackStore as unknown as FastifyRateLimitStoreCtor;
}
