import {
  ignoresOrgSignInRules,
  message,
  type OrgSignInSettings,
  type Role,
  type ZOrgSignInUpdate,
} from '@playshop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { orgRow } from '../../db/org-row';
import { orgSignIn } from '../../db/schema';
import { AppError, badRequest } from '../../http/errors';
import { orgSettings } from '../../http/org-settings';
import { samlEnabled } from '../saml/store';
import type { SecretBox } from '../secret-box';
import { addressRefusal, type ProviderConfig } from './provider';

interface SettingsDeps {
  db: Db;
  clientSecrets: SecretBox;
  providerConfig: ProviderConfig;
  redirectUri: string;
  log: FastifyBaseLogger;
  /** SSO_ALLOW_PRIVATE_ISSUERS: issuers on this server's own networks, and plain http on this machine. */
  allowPrivateIssuers: boolean;
}

const present = (
  redirectUri: string,
  orgId: number,
  row: typeof orgSignIn.$inferSelect | undefined,
): OrgSignInSettings => ({
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
});

/**
 * Turning SSO on needs the issuer, client id and a secret, and reads the provider's discovery
 * document first, so a typo shows here and not at sign-in.
 */
async function checkProvider(
  { clientSecrets, providerConfig, log, allowPrivateIssuers }: SettingsDeps,
  orgId: number,
  input: z.output<typeof ZOrgSignInUpdate>,
  clientSecretEncrypted: string | null,
): Promise<void> {
  if (!input.issuer || !input.clientId || !clientSecretEncrypted)
    throw badRequest(message('signIn.ssoIncomplete'), 'issuer');
  const issuer = new URL(input.issuer);
  // Refused before any connection: the same answer, as fast, whatever listens there.
  const refusal = await addressRefusal(issuer, allowPrivateIssuers);
  if (refusal === 'not_https') throw badRequest(message('errors.issuerNotHttps'), 'issuer');
  if (refusal === 'not_public') throw badRequest(message('errors.issuerNotPublic'), 'issuer');
  try {
    await providerConfig(input.issuer, input.clientId, clientSecrets.open(clientSecretEncrypted));
  } catch (err) {
    log.info({ err, orgId }, 'OIDC discovery failed while saving SSO settings');
    throw badRequest(message('signIn.ssoProviderUnreachable'), 'issuer');
  }
}

/** An organization's sign-in settings (its SSO, password sign-in, two-factor for admins), and their rule at a password sign-in. */
export function ssoSettings(deps: SettingsDeps) {
  const { db, clientSecrets, redirectUri } = deps;
  // Saving: turning SSO on is checked against the provider (checkProvider), password sign-in goes
  // off only with SSO or SAML on.
  const { settings, saveSettings } = orgSettings(
    db,
    orgSignIn,
    (orgId, row): OrgSignInSettings => present(redirectUri, orgId, row),
    async (orgId, input: z.output<typeof ZOrgSignInUpdate>, current) => {
      const clientSecretEncrypted = input.clientSecret
        ? clientSecrets.seal(input.clientSecret)
        : (current?.clientSecretEncrypted ?? null);
      if (input.ssoEnabled) await checkProvider(deps, orgId, input, clientSecretEncrypted);
      if (input.passwordSignInDisabled && !input.ssoEnabled && !(await samlEnabled(db, orgId)))
        throw badRequest(message('signIn.passwordOffNeedsSso'), 'passwordSignInDisabled');
      return {
        ssoEnabled: input.ssoEnabled,
        issuer: input.issuer,
        clientId: input.clientId || null,
        clientSecretEncrypted,
        createAccounts: input.createAccounts,
        defaultRole: input.defaultRole as Role,
        passwordSignInDisabled: input.passwordSignInDisabled,
        requireTwoFactorForAdmins: input.requireTwoFactorForAdmins,
      };
    },
  );

  return {
    settings,
    saveSettings,

    /** Staff of an organization that signs in through SSO only; a super admin never is locked out. */
    async assertPasswordSignInAllowed(user: { role: Role; orgId: number; orgName: string }) {
      if (ignoresOrgSignInRules(user.role)) return;
      const row = await orgRow(db, orgSignIn, user.orgId);
      if (row?.passwordSignInDisabled && (row.ssoEnabled || (await samlEnabled(db, user.orgId))))
        throw new AppError(
          'PASSWORD_SIGN_IN_DISABLED',
          403,
          message('signIn.passwordSignInDisabled', { org: user.orgName }),
        );
    },
  };
}
