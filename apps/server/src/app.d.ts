import { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { type AuthRateLimits } from './auth/routes';
import type { Config } from './config';
import type { Database } from './db/client';
import { type Mailer } from './mail/mailer';
export interface AppDeps {
    config: Config;
    database: Database;
    /** Defaults to SMTP or the outbox, as configured. */
    mailer?: Mailer;
    /** Shared rate-limit counters across instances when REDIS_URL is set. */
    redis?: Redis;
    rateLimits?: Partial<AuthRateLimits>;
    accessTokenTtlSeconds?: number;
    /** The built SPA; served at / with index.html for client routes. */
    webDistDir?: string;
    logger?: boolean;
}
/** Builds the whole HTTP application without listening: main.ts listens, tests inject. */
export declare function buildApp(deps: AppDeps): Promise<FastifyInstance>;
