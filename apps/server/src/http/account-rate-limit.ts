import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimitedError } from './errors';

/** A fixed window: `max` attempts per `timeWindow` milliseconds. */
export interface Limit {
  max: number;
  /** milliseconds */
  timeWindow: number;
}

/**
 * A fixed-window limit per account (email, username, room code) on @fastify/rate-limit, to run as a
 * route preHandler: after the body is parsed and validated, so `accountOf` reads the normalised body.
 * `accountOf` returning undefined (no value to key on) counts nothing.
 *
 * Counters live in the plugin's store (app.ts): Redis when configured, so every instance counts the
 * same attempts, atomically (the library's INCR/PEXPIRE script); this instance's memory otherwise.
 * In Redis the key is the plugin's `nameSpace`, the library's prefix for limiters made outside a
 * route (`undefinedundefined-`), then `acct:<bucket>:<account>`: apart from the per-IP counters,
 * whose prefix names the route, and from each other by `bucket`.
 *
 * `createRateLimit`, not `app.rateLimit()`: the hook `app.rateLimit()` returns runs once per request
 * for the whole plugin (a request flag), and the route's per-IP limit has already set that flag, so a
 * second hook would let everything through. `createRateLimit` only counts; the refusal is ours, the
 * same RateLimitedError as the sign-in throttle (429 `RATE_LIMITED` with Retry-After).
 *
 * Redis out of reach: the plugin's store counts in this instance's memory meanwhile
 * (http/rate-limit-store.ts), for these limits and the per-IP ones alike.
 */
export function accountRateLimit(
  app: FastifyInstance,
  limit: Limit,
  bucket: string,
  accountOf: (req: FastifyRequest) => string | undefined,
): (req: FastifyRequest) => Promise<void> {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.timeWindow,
    keyGenerator: (req) => `acct:${bucket}:${accountOf(req) ?? ''}`,
    allowList: (req) => accountOf(req) === undefined,
  });
  return async (req) => {
    const result = await check(req);
    if (!result.isAllowed && result.isExceeded) throw new RateLimitedError(result.ttlInSeconds);
  };
}
