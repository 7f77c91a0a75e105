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
export declare class RateLimitedError extends AppError {
    readonly retryAfterSeconds: number;
    constructor(retryAfterSeconds: number);
}
export declare function memoryAccountLimiter(now?: () => number): AccountLimiter;
export declare function redisAccountLimiter(redis: Redis): AccountLimiter;
