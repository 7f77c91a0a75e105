import { ERRORS, isOrgExpired } from '@playshop/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AccessClaims, AccessTokens } from '../auth/tokens';
import type { Db } from '../db/client';
import { organizations, users } from '../db/schema';
import { forbidden, unauthorized } from './errors';

/**
 * Where an access token stands right now:
 * - 'revoked': the user is gone, or their token version, role or organization is no longer the one
 *   the token was issued with (logout, password reset, role change, move, deletion);
 * - 'org_expired': a non-super-admin whose organization's license has run out;
 * - 'current': it may act.
 * One indexed read (users by primary key, joined to its organization), on every request.
 */
type AccessTokenState = 'current' | 'revoked' | 'org_expired';

export async function accessTokenState(db: Db, claims: AccessClaims): Promise<AccessTokenState> {
  const [row] = await db
    .select({
      tokenVersion: users.tokenVersion,
      role: users.role,
      orgId: users.orgId,
      expiry: organizations.expiry,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(users.id, claims.userId))
    .limit(1);
  if (
    !row ||
    row.tokenVersion !== claims.tokenVersion ||
    row.role !== claims.role ||
    row.orgId !== claims.orgId
  )
    return 'revoked';
  if (claims.role !== 'SUPER_ADMIN' && isOrgExpired(row.expiry)) return 'org_expired';
  return 'current';
}

/** `users.token_version + 1`, for `.set({ tokenVersion: bumpedTokenVersion() })`: revokes access tokens. */
export const bumpedTokenVersion = (): SQL => sql`${users.tokenVersion} + 1`;

/**
 * For the game socket: true while the token may still act. Call it when a socket opens and again on
 * open sockets (each command or on a timer); close the socket when it turns false.
 */
export async function isAccessTokenCurrent(db: Db, claims: AccessClaims): Promise<boolean> {
  return (await accessTokenState(db, claims)) === 'current';
}

/**
 * 401 TOKEN_REVOKED when the token no longer speaks for its user (the client refreshes: a changed
 * role comes back in the new token, a logout or reset has revoked the refresh token too); 403
 * ORG_EXPIRED for an expired organization unless `allowExpiredOrg`.
 */
export async function assertAccessTokenCurrent(
  db: Db,
  claims: AccessClaims,
  options: { allowExpiredOrg?: boolean } = {},
): Promise<void> {
  const state = await accessTokenState(db, claims);
  if (state === 'revoked') throw unauthorized('Session expired', 'TOKEN_REVOKED');
  if (state === 'org_expired' && !options.allowExpiredOrg) throw forbidden(ERRORS.orgExpired, 'ORG_EXPIRED');
}

/**
 * Authentication is the default: every route of the scope needs a valid bearer token unless its
 * config says `public: true`, and the token must still be current (assertAccessTokenCurrent), read
 * fresh from the database so a changed role, a logout or an expiry takes effect on the next request.
 */
export function registerAuthentication(app: FastifyInstance, tokens: AccessTokens, db: Db): void {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config;
    // Unknown paths fall through to the 404 handler rather than asking for a token.
    if (config?.public || req.routeOptions.url === undefined) return;
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw unauthorized();
    const claims = await tokens.verify(header.slice('Bearer '.length).trim());
    await assertAccessTokenCurrent(db, claims, { allowExpiredOrg: config?.allowExpiredOrg });
    req.actor = claims;
  });
}
