import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { SamlService } from '../saml/service';
import { secretBox } from '../secret-box';
import { providerConfigs } from './provider';
import { ssoSettings } from './settings';
import { ssoSignIn } from './sign-in';

/**
 * Single sign-on per organization with OpenID Connect (openid-client): authorization code flow with
 * PKCE (S256), state and nonce; accounts matched by verified email (sign-in.ts). An organization's
 * sign-in settings in settings.ts; the providers' discovery, cached, in provider.ts.
 */
export function ssoService({
  db,
  serverSecret,
  publicUrl,
  log,
  allowPrivateIssuers,
  now = () => new Date(),
  saml,
}: {
  db: Db;
  serverSecret: string;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** SSO_ALLOW_PRIVATE_ISSUERS (provider.ts). */
  allowPrivateIssuers: boolean;
  now?: () => Date;
  /** An organization without OpenID Connect may sign in with SAML behind the same button. */
  saml?: Pick<SamlService, 'option' | 'start'>;
}) {
  const clientSecrets = secretBox(serverSecret, 'oidc-client-secret');
  const attempts = secretBox(serverSecret, 'oidc-attempt');
  const redirectUri = `${publicUrl}/sso/callback`;
  const providerConfig = providerConfigs(now, { allowPrivate: allowPrivateIssuers });

  const oidcSignIn = ssoSignIn({ db, clientSecrets, attempts, providerConfig, redirectUri, log, now });
  const orSaml =
    <T>(oidc: (org: string) => Promise<T>, other?: (org: string) => Promise<T>) =>
    (org: string) =>
      oidc(org).catch((err) => {
        if (!other || (err as { code?: string }).code !== 'SSO_NOT_CONFIGURED') throw err;
        return other(org).catch((e) => Promise.reject(e?.code === 'SAML_NOT_CONFIGURED' ? err : e));
      });
  return {
    redirectUri,
    ...ssoSettings({ db, clientSecrets, providerConfig, redirectUri, log, allowPrivateIssuers }),
    ...oidcSignIn,
    option: orSaml(oidcSignIn.option, saml && ((org: string) => saml.option(org))),
    start: orSaml(
      async (org: string) => {
        const { authorizationUrl, attempt } = await oidcSignIn.start(org);
        return { authorizationUrl, attempt: attempt as string | null };
      },
      saml && (async (org: string) => ({ ...(await saml.start(org)), attempt: null })),
    ),
  };
}

export type SsoService = ReturnType<typeof ssoService>;
