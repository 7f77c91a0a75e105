import { isStaffRole, type Message, message, SSO_SCOPE, type SsoOption } from '@playshop/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { Db } from '../../db/client';
import { organizations, orgSignIn, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { SecretBox } from '../secret-box';
import type { ProviderConfig } from './provider';

/** Time to sign in at the provider and come back. */
const ATTEMPT_TTL_MS = 10 * 60_000;

/** The sealed cookie of one sign-in attempt: what the callback must match (RFC 9700 §2.1, §4.5.3.1). */
interface Attempt {
  orgId: number;
  state: string;
  nonce: string;
  verifier: string;
  expiresAt: number;
}

const ssoFailed = () => new AppError('SSO_FAILED', 400, message('signIn.ssoFailed'));
const ssoForbidden = (code: string, text: Message) => new AppError(code, 403, text);

/** The account a verified email names in the organization, created where it allows (OIDC and SAML alike). */
export async function matchAccount(
  db: Db,
  log: FastifyBaseLogger,
  orgId: number,
  signIn: Pick<typeof orgSignIn.$inferSelect, 'createAccounts' | 'defaultRole'>,
  claims: { email?: unknown; email_verified?: unknown; given_name?: unknown; family_name?: unknown },
): Promise<number> {
  if (typeof claims.email !== 'string' || claims.email_verified !== true)
    throw ssoForbidden('SSO_EMAIL_NOT_VERIFIED', message('signIn.ssoEmailNotVerified'));
  const email = claims.email.trim().toLowerCase();
  const find = async () =>
    (
      await db
        .select({ id: users.id, orgId: users.orgId, role: users.role })
        .from(users)
        .where(eq(users.email, email))
        .limit(1)
    )[0];
  let user = await find();
  if (!user) {
    if (!signIn.createAccounts) throw ssoForbidden('SSO_NO_ACCOUNT', message('signIn.ssoNoAccount'));
    const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 100) : '');
    await db
      .insert(users)
      .values({
        email,
        firstName: text(claims.given_name),
        lastName: text(claims.family_name),
        role: signIn.defaultRole,
        orgId,
      })
      .onConflictDoNothing();
    user = await find();
    if (!user) throw ssoFailed();
    log.info({ userId: user.id, orgId }, 'account created at its first single sign-on');
  }
  if (user.orgId !== orgId || !isStaffRole(user.role))
    throw ssoForbidden('SSO_OTHER_ORGANIZATION', message('signIn.ssoOtherOrganization'));
  return user.id;
}

/**
 * The code exchanged (with the PKCE verifier; state and the ID token's nonce checked by
 * openid-client) and the claims read: the ID token's, then the userinfo endpoint's.
 */
async function claimsOf(config: oidc.Configuration, callbackUrl: URL, attempt: Attempt) {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: attempt.verifier,
    expectedState: attempt.state,
    expectedNonce: attempt.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('no ID token');
  // The email may be in the ID token or only at the userinfo endpoint (the provider decides).
  const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
  return { ...idClaims, ...info } as Record<string, unknown>;
}

interface SignInDeps {
  db: Db;
  clientSecrets: SecretBox;
  attempts: SecretBox;
  providerConfig: ProviderConfig;
  redirectUri: string;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** The enabled SSO of an organization named (case-insensitive), or 404 SSO_NOT_CONFIGURED. */
async function enabledByName(
  { db, providerConfig, clientSecrets }: Pick<SignInDeps, 'db' | 'providerConfig' | 'clientSecrets'>,
  orgName: string,
) {
  const [found] = await db
    .select({ org: organizations, signIn: orgSignIn })
    .from(organizations)
    .innerJoin(orgSignIn, eq(orgSignIn.orgId, organizations.id))
    .where(sql`lower(${organizations.name}) = ${orgName.trim().toLowerCase()}`)
    .limit(1);
  const s = found?.signIn;
  if (!found || !s?.ssoEnabled || !s.issuer || !s.clientId || !s.clientSecretEncrypted)
    throw new AppError('SSO_NOT_CONFIGURED', 404, message('signIn.ssoNotConfigured'));
  return {
    org: found.org,
    config: () => providerConfig(s.issuer!, s.clientId!, clientSecrets.open(s.clientSecretEncrypted!)),
    signIn: s,
  };
}

/** Signing in through an organization's provider: its option, the way out to it, the way back. */
export function ssoSignIn(deps: SignInDeps) {
  const { db, attempts, redirectUri, log, now } = deps;
  return {
    async option(orgName: string): Promise<SsoOption> {
      const { org } = await enabledByName(deps, orgName);
      return { org: org.name, orgId: org.id };
    },

    /** The provider address to send the browser to, and the sealed attempt for its cookie. */
    async start(orgName: string): Promise<{ authorizationUrl: string; attempt: string }> {
      const found = await enabledByName(deps, orgName);
      let config: oidc.Configuration;
      try {
        config = await found.config();
      } catch (err) {
        log.warn({ err, orgId: found.org.id }, 'OIDC discovery failed at sign-in');
        throw new AppError('SSO_UNAVAILABLE', 502, message('signIn.ssoProviderUnreachable'));
      }
      const attempt: Attempt = {
        orgId: found.org.id,
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        expiresAt: now().getTime() + ATTEMPT_TTL_MS,
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SSO_SCOPE,
        response_type: 'code',
        state: attempt.state,
        nonce: attempt.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(attempt.verifier),
        code_challenge_method: 'S256',
      });
      return { authorizationUrl: url.href, attempt: attempts.seal(JSON.stringify(attempt)) };
    },

    /** The provider's answer: the attempt matched, the claims read (claimsOf), the account's id returned. */
    async callback(query: string, sealedAttempt: string | undefined): Promise<number> {
      let attempt: Attempt;
      try {
        attempt = JSON.parse(attempts.open(sealedAttempt ?? '')) as Attempt;
      } catch {
        throw ssoFailed();
      }
      if (attempt.expiresAt < now().getTime()) throw ssoFailed();
      const [org] = await db
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, attempt.orgId));
      if (!org) throw ssoFailed();
      const found = await enabledByName(deps, org.name);
      let claims: Record<string, unknown>;
      try {
        const search = query.startsWith('?') ? query : `?${query}`;
        claims = await claimsOf(await found.config(), new URL(`${redirectUri}${search}`), attempt);
      } catch (err) {
        log.info({ err, orgId: attempt.orgId }, 'single sign-on refused');
        throw ssoFailed();
      }
      return matchAccount(db, log, attempt.orgId, found.signIn, claims);
    },
  };
}
