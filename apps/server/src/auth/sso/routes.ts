import { API_PREFIX, SSO_API } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint';
import { clientOf, sessionOf } from '../../sessions/sessions';
import { sessionCookies } from '../routes';
import type { AuthService } from '../service';
import { endPasswordSessions, endSessionsWithoutTwoFactor } from '../session-rules';
import type { SsoService } from './service';

/** The sealed state, nonce and PKCE verifier of one attempt, sent back with the callback only. */
export const SSO_ATTEMPT_COOKIE = 'playshop_sso';
const MINUTE = 60_000;
const PER_IP = { rateLimit: { max: 30, timeWindow: MINUTE } };

export function ssoRoutes(app: FastifyInstance, sso: SsoService, auth: AuthService, secureCookies: boolean) {
  const cookies = sessionCookies(secureCookies);
  // The callback is a same-origin call from /sso/callback's page, so SameSite=Strict holds.
  const attemptCookie = {
    path: `${API_PREFIX}/sso`,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: secureCookies,
  };

  route(app, SSO_API.option, ({ params }) => sso.option(params.org), { config: PER_IP });

  route(
    app,
    SSO_API.start,
    async ({ body, reply }) => {
      const { authorizationUrl, attempt } = await sso.start(body.org);
      if (attempt) reply.setCookie(SSO_ATTEMPT_COOKIE, attempt, { ...attemptCookie, maxAge: 600 });
      return { authorizationUrl };
    },
    { config: PER_IP },
  );

  route(
    app,
    SSO_API.callback,
    async ({ body, req, reply }) => {
      // One attempt, one callback: the cookie goes whatever the outcome.
      reply.clearCookie(SSO_ATTEMPT_COOKIE, attemptCookie);
      const userId = await sso.callback(body.query, req.cookies[SSO_ATTEMPT_COOKIE]);
      return cookies.send(reply, await auth.sessionFor(userId, 'sso', clientOf(req)));
    },
    { config: { ...PER_IP, audit: 'signIn' } },
  );

  route(app, SSO_API.settings, ({ actor, params }) => sso.settings(actor, params.id));
  route(app, SSO_API.saveSettings, async ({ actor, params, body, req }) => {
    const saved = await sso.saveSettings(actor, params.id, body);
    // A rule turned on ends the sessions it no longer allows, at once (docs/security.md).
    if (body.passwordSignInDisabled) await endPasswordSessions(auth.ends, params.id, sessionOf(req));
    if (body.requireTwoFactorForAdmins)
      await endSessionsWithoutTwoFactor(auth.ends, params.id, sessionOf(req));
    return saved;
  });
}
