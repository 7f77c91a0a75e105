import type { FastifyInstance } from 'fastify';
import type { AccessTokens } from '../auth/tokens';
import type { Db } from '../db/client';
/**
 * Authentication is the default: every route of the scope needs a valid bearer token unless its
 * config says `public: true`. Non-super-admins of an expired organization get 403 ORG_EXPIRED,
 * read fresh from the database so a changed expiry takes effect at once.
 */
export declare function registerAuthentication(app: FastifyInstance, tokens: AccessTokens, db: Db): void;
