import { isStaffRole, lockedOutByLicence, message } from '@playshop/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { groupLoader } from '../db/group-loader';
import { organizations, signInSessions, users } from '../db/schema';
import { forbidden, notFound, unauthorized } from '../http/errors';
import type { AccessClaims, AccessTokens } from './tokens';

/**
 * Where an access token stands right now:
 * - 'revoked': its session ended (sessions/sessions.ts: logout, password reset, deletion, a rule…), the
 *   user is gone, or their role or organization is no longer the one the token was issued with;
 * - 'org_expired': a non-super-admin whose organization's license has run out;
 * - 'current': it may act.
 * Read fresh on every request: users by primary key, joined to their organization.
 */
type AccessTokenState = 'current' | 'revoked' | 'org_expired';

/**
 * Where each of these tokens stands, in order, with one read of their sessions and users. The statement is built
 * once: on embedded PGlite a crowd's checks arrive one at a time, and building the query for each
 * upgrade was a measured share of what 10,000 connects allocate (docs/performance.md).
 */
function accessTokenReader(db: Db): (claims: readonly AccessClaims[]) => Promise<AccessTokenState[]> {
  // One read: each token's session with its user and organization as they are now.
  const read = db
    .select({
      sessionId: signInSessions.id,
      endedAt: signInSessions.endedAt,
      endReason: signInSessions.endReason,
      userId: users.id,
      role: users.role,
      orgId: users.orgId,
      expiry: organizations.expiry,
    })
    .from(signInSessions)
    .innerJoin(users, eq(users.id, signInSessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(sql`${signInSessions.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('access_token_states');
  return async (claims) => {
    const rows = await read.execute({ ids: [...new Set(claims.map((c) => c.sessionId))] });
    const bySession = new Map(rows.map((row) => [row.sessionId, row]));
    return claims.map((c) => {
      const row = bySession.get(c.sessionId);
      if (!row || row.userId !== c.userId || row.role !== c.role || row.orgId !== c.orgId) return 'revoked';
      const lockedOut = lockedOutByLicence(c.role, row.expiry);
      // A session the licence ended still hears why (403 ORG_EXPIRED: the screen says so) until
      // its access token runs out; it renews no more, and a renewed licence does not revive it.
      if (row.endedAt) return lockedOut && row.endReason === 'licence_ended' ? 'org_expired' : 'revoked';
      return lockedOut ? 'org_expired' : 'current';
    });
  };
}

/**
 * The check as a request makes it: alone it reads at once; in a crowd (an event's phones opening
 * their game sockets) the checks that arrive while a read is in the database share the next one
 * (groupLoader). How much that saves: docs/decisions.md, Identity and sessions. The app builds one,
 * for REST and the game socket alike, so their checks share reads too.
 */
export type AccessTokenCheck = (claims: AccessClaims) => Promise<AccessTokenState>;

export function groupedAccessTokenCheck(db: Db): AccessTokenCheck {
  const loader = groupLoader<AccessClaims, AccessTokenState>(accessTokenReader(db));
  return (claims) => loader.load(claims);
}

/**
 * `users.token_version + 1`, for `.set({ tokenVersion: bumpedTokenVersion() })`: a sign-in step begun
 * before (a two-factor challenge) no longer yields a session. Sessions themselves end in sessions/sessions.ts.
 */
export const bumpedTokenVersion = (): SQL => sql`${users.tokenVersion} + 1`;

/**
 * 401 TOKEN_REVOKED when the token no longer speaks for its user (the client refreshes: a changed
 * role comes back in the new token, a logout or reset has revoked the refresh token too); 403
 * ORG_EXPIRED for an expired organization unless `allowExpiredOrg`.
 */
export async function assertAccessTokenCurrent(
  check: AccessTokenCheck,
  claims: AccessClaims,
  options: { allowExpiredOrg?: boolean } = {},
): Promise<void> {
  const state = await check(claims);
  if (state === 'revoked') throw unauthorized(message('errors.sessionExpired'), 'TOKEN_REVOKED');
  if (state === 'org_expired' && !options.allowExpiredOrg)
    throw forbidden(message('errors.orgExpired'), 'ORG_EXPIRED');
}

/**
 * Authentication is the default: every route of the scope needs a valid bearer token unless its
 * config says `public: true`, and the token must still be current (assertAccessTokenCurrent), read
 * fresh from the database so a changed role, a logout or an expiry takes effect on the next request.
 */
export function registerAuthentication(
  app: FastifyInstance,
  tokens: AccessTokens,
  check: AccessTokenCheck,
): void {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config;
    // Unknown paths fall through to the 404 handler rather than asking for a token.
    if (config?.public || req.routeOptions.url === undefined) return;
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw unauthorized();
    const claims = await tokens.verify(header.slice('Bearer '.length).trim());
    await assertAccessTokenCurrent(check, claims, { allowExpiredOrg: config?.allowExpiredOrg });
    req.actor = claims;
  });
}

/**
 * An onRequest hook for pages outside the API scope (the API docs with API_DOCS=staff): a current
 * staff access token in `Authorization: Bearer`, or 404 as if the page were not there.
 */
export function staffOnly(tokens: AccessTokens, check: AccessTokenCheck) {
  return async (req: FastifyRequest): Promise<void> => {
    const header = req.headers.authorization;
    const staff = await (async () => {
      if (!header?.startsWith('Bearer ')) return false;
      const claims = await tokens.verify(header.slice('Bearer '.length).trim());
      await assertAccessTokenCurrent(check, claims);
      return isStaffRole(claims.role);
    })().catch(() => false);
    if (!staff) throw notFound();
  };
}
