import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
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
}: {
  db: Db;
  serverSecret: string;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** SSO_ALLOW_PRIVATE_ISSUERS (provider.ts). */
  allowPrivateIssuers: boolean;
  now?: () => Date;
}) {
  const clientSecrets = secretBox(serverSecret, 'oidc-client-secret');
  const attempts = secretBox(serverSecret, 'oidc-attempt');
  const redirectUri = `${publicUrl}/sso/callback`;
  const providerConfig = providerConfigs(now, { allowPrivate: allowPrivateIssuers });

  return {
    redirectUri,
    ...ssoSettings({ db, clientSecrets, providerConfig, redirectUri, log, allowPrivateIssuers }),
    ...ssoSignIn({ db, clientSecrets, attempts, providerConfig, redirectUri, log, now }),
  };
}

export type SsoService = ReturnType<typeof ssoService>;
