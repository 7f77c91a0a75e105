import type { FastifyInstance } from 'fastify';
import type { AccountLimiter, Limit } from '../http/account-limiter';
import type { AuthService } from './service';
type RateLimit = Limit;
/** Per IP and per account. Per-IP limits are generous: a classroom often shares one address. */
export interface AuthRateLimits {
    loginPerIp: RateLimit;
    loginPerAccount: RateLimit;
    participantPerIp: RateLimit;
    participantPerAccount: RateLimit;
    resetPerIp: RateLimit;
    resetPerAccount: RateLimit;
}
export declare const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits;
/** The refresh endpoint only answers requests a cross-site form cannot forge (no custom headers). */
export declare const CSRF_HEADER = "x-requested-with";
export declare const CSRF_VALUE = "playshop";
export declare function authRoutes(app: FastifyInstance, auth: AuthService, limits: AuthRateLimits, accountLimiter: AccountLimiter, secureCookies: boolean): void;
export {};
