import { createHash } from 'node:crypto';
import {
  ignoresOrgSignInRules,
  isStaffRole,
  type Message,
  message,
  type OrgSignInSettings,
  type Role,
  type SsoOption,
  type ZOrgSignInUpdate,
} from '@playshop/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { organizations, orgSignIn, users } from '../../db/schema';
import { type Actor, orgInScope } from '../../http/actor';
import { AppError, badRequest } from '../../http/errors';
import { secretBox } from '../secret-box';

/** Time to sign in at the provider and come back. */
const ATTEMPT_TTL_MS = 10 * 60_000;
/** A provider's discovery document and keys are read again after this long. */
const CONFIG_TTL_MS = 10 * 60_000;
const SCOPE = 'openid email profile';

/** The sealed cookie of one sign-in attempt: what the callback must match (RFC 9700 §2.1, §4.5.3.1). */
interface Attempt {
  orgId: number;
  state: string;
  nonce: string;
  verifier: string;
  expiresAt: number;
}

const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

const ssoFailed = () => new AppError('SSO_FAILED', 400, message('signIn.ssoFailed'));
const ssoForbidden = (code: string, text: Message) => new AppError(code, 403, text);

/**
 * Single sign-on per organization with OpenID Connect (openid-client): authorization code flow with
 * PKCE (S256), state and nonce; accounts matched by verified email.
 */
export function ssoService({
  db,
  serverSecret,
  publicUrl,
  log,
  now = () => new Date(),
}: {
  db: Db;
  serverSecret: string;
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const clientSecrets = secretBox(serverSecret, 'oidc-client-secret');
  const attempts = secretBox(serverSecret, 'oidc-attempt');
  const redirectUri = `${publicUrl}/sso/callback`;
  const configs = new Map<string, { config: Promise<oidc.Configuration>; at: number }>();

  /**
   * The provider's configuration (discovery), cached a while per issuer, client and secret. Plain
   * http is allowed for a provider on this machine only (development, tests).
   */
  function providerConfig(issuer: string, clientId: string, clientSecret: string) {
    const key = createHash('sha256').update(`${issuer}\n${clientId}\n${clientSecret}`).digest('hex');
    const cached = configs.get(key);
    if (cached && now().getTime() - cached.at < CONFIG_TTL_MS) return cached.config;
    const url = new URL(issuer);
    const config = oidc.discovery(url, clientId, clientSecret, undefined, {
      timeout: 10,
      ...(url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
    configs.set(key, { config, at: now().getTime() });
    config.catch(() => configs.delete(key));
    return config;
  }

  const rowOf = async (orgId: number) =>
    (await db.select().from(orgSignIn).where(eq(orgSignIn.orgId, orgId)).limit(1))[0];

  /** The organization the actor may manage: their own, or any for a super admin; 404 otherwise. */
  async function manageableOrg(actor: Actor, orgId: number) {
    return orgInScope(db, actor, eq(organizations.id, orgId));
  }

  function present(orgId: number, row: typeof orgSignIn.$inferSelect | undefined): OrgSignInSettings {
    return {
      orgId,
      ssoEnabled: row?.ssoEnabled ?? false,
      issuer: row?.issuer ?? null,
      clientId: row?.clientId ?? null,
      hasClientSecret: Boolean(row?.clientSecretEncrypted),
      createAccounts: row?.createAccounts ?? false,
      defaultRole: row?.defaultRole === 'ADMIN' ? 'ADMIN' : 'FACILITATOR',
      passwordSignInDisabled: row?.passwordSignInDisabled ?? false,
      requireTwoFactorForAdmins: row?.requireTwoFactorForAdmins ?? false,
      redirectUri,
    };
  }

  /** The enabled SSO of an organization named (case-insensitive), or 404 SSO_NOT_CONFIGURED. */
  async function enabledByName(orgName: string) {
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

  /** The account a verified email names in the organization, created where it allows. */
  async function matchAccount(
    orgId: number,
    signIn: typeof orgSignIn.$inferSelect,
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

  return {
    redirectUri,

    async settings(actor: Actor, orgId: number): Promise<OrgSignInSettings> {
      await manageableOrg(actor, orgId);
      return present(orgId, await rowOf(orgId));
    },

    /**
     * Saves an organization's settings. Turning SSO on needs the issuer, client id and a secret, and
     * reads the provider's discovery document first, so a typo shows here and not at sign-in.
     */
    async saveSettings(
      actor: Actor,
      orgId: number,
      input: z.output<typeof ZOrgSignInUpdate>,
    ): Promise<OrgSignInSettings> {
      await manageableOrg(actor, orgId);
      const current = await rowOf(orgId);
      const clientSecretEncrypted = input.clientSecret
        ? clientSecrets.seal(input.clientSecret)
        : (current?.clientSecretEncrypted ?? null);
      if (input.ssoEnabled) {
        if (!input.issuer || !input.clientId || !clientSecretEncrypted)
          throw badRequest(message('signIn.ssoIncomplete'), 'issuer');
        const issuer = new URL(input.issuer);
        if (issuer.protocol === 'http:' && !isLoopback(issuer))
          throw badRequest(message('errors.issuerNotHttps'), 'issuer');
        try {
          await providerConfig(input.issuer, input.clientId, clientSecrets.open(clientSecretEncrypted));
        } catch (err) {
          log.info({ err, orgId }, 'OIDC discovery failed while saving SSO settings');
          throw badRequest(message('signIn.ssoProviderUnreachable'), 'issuer');
        }
      }
      if (input.passwordSignInDisabled && !input.ssoEnabled)
        throw badRequest(message('signIn.passwordOffNeedsSso'), 'passwordSignInDisabled');
      const values = {
        ssoEnabled: input.ssoEnabled,
        issuer: input.issuer,
        clientId: input.clientId || null,
        clientSecretEncrypted,
        createAccounts: input.createAccounts,
        defaultRole: input.defaultRole as Role,
        passwordSignInDisabled: input.passwordSignInDisabled,
        requireTwoFactorForAdmins: input.requireTwoFactorForAdmins,
      };
      await db
        .insert(orgSignIn)
        .values({ orgId, ...values })
        .onConflictDoUpdate({ target: orgSignIn.orgId, set: values });
      return present(orgId, await rowOf(orgId));
    },

    async option(orgName: string): Promise<SsoOption> {
      const { org } = await enabledByName(orgName);
      return { org: org.name, orgId: org.id };
    },

    /** The provider address to send the browser to, and the sealed attempt for its cookie. */
    async start(orgName: string): Promise<{ authorizationUrl: string; attempt: string }> {
      const found = await enabledByName(orgName);
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
        scope: SCOPE,
        response_type: 'code',
        state: attempt.state,
        nonce: attempt.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(attempt.verifier),
        code_challenge_method: 'S256',
      });
      return { authorizationUrl: url.href, attempt: attempts.seal(JSON.stringify(attempt)) };
    },

    /**
     * The provider's answer: the code is exchanged (with the PKCE verifier; state and the ID token's
     * nonce checked by openid-client), the email read, and the account's id returned.
     */
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
      const found = await enabledByName(org.name);
      let claims: Record<string, unknown>;
      try {
        const config = await found.config();
        const search = query.startsWith('?') ? query : `?${query}`;
        const tokens = await oidc.authorizationCodeGrant(config, new URL(`${redirectUri}${search}`), {
          pkceCodeVerifier: attempt.verifier,
          expectedState: attempt.state,
          expectedNonce: attempt.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) throw new Error('no ID token');
        // The email may be in the ID token or only at the userinfo endpoint (the provider decides).
        const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
        claims = { ...idClaims, ...info };
      } catch (err) {
        log.info({ err, orgId: attempt.orgId }, 'single sign-on refused');
        throw ssoFailed();
      }
      return matchAccount(attempt.orgId, found.signIn, claims);
    },

    /** Staff of an organization that signs in through SSO only; a super admin never is locked out. */
    async assertPasswordSignInAllowed(user: { role: Role; orgId: number; orgName: string }) {
      if (ignoresOrgSignInRules(user.role)) return;
      const row = await rowOf(user.orgId);
      if (row?.ssoEnabled && row.passwordSignInDisabled)
        throw new AppError(
          'PASSWORD_SIGN_IN_DISABLED',
          403,
          message('signIn.passwordSignInDisabled', { org: user.orgName }),
        );
    },
  };
}

export type SsoService = ReturnType<typeof ssoService>;
