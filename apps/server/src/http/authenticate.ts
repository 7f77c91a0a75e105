import { ERRORS, isOrgExpired } from '@playshop/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AccessTokens } from '../auth/tokens';
import type { Db } from '../db/client';
import { organizations } from '../db/schema';
import type { Actor } from './actor';
import { forbidden, unauthorized } from './errors';

/**
 * A non-super-admin's organization must exist and be within its license: 401 when it is gone,
 * 403 ORG_EXPIRED when expired. Read fresh, so a changed expiry takes effect at once.
 */
export async function assertOrgActive(db: Db, actor: Actor): Promise<void> {
  if (actor.role === 'SUPER_ADMIN') return;
  const [org] = await db
    .select({ expiry: organizations.expiry })
    .from(organizations)
    .where(eq(organizations.id, actor.orgId))
    .limit(1);
  if (!org) throw unauthorized('Session expired', 'NO_SESSION');
  if (isOrgExpired(org.expiry)) throw forbidden(ERRORS.orgExpired, 'ORG_EXPIRED');
}

/**
 * Authentication is the default: every route of the scope needs a valid bearer token unless its
 * config says `public: true`. Non-super-admins of an expired organization get 403 ORG_EXPIRED,
 * read fresh from the database so a changed expiry takes effect at once.
 */
export function registerAuthentication(app: FastifyInstance, tokens: AccessTokens, db: Db): void {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config;
    // Unknown paths fall through to the 404 handler rather than asking for a token.
    if (config?.public || req.routeOptions.url === undefined) return;
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw unauthorized();
    const actor = await tokens.verify(header.slice('Bearer '.length).trim());
    if (!config?.allowExpiredOrg) await assertOrgActive(db, actor);
    req.actor = actor;
  });
}
