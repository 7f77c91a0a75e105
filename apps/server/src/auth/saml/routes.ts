import { AUDIT_ACTIONS, SAML_API } from '@playshop/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AuditService } from '../../audit/service';
import { route } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { escapeHtml } from '../../http/html';
import { clientOf } from '../../sessions/sessions';
import { sessionCookies } from '../routes';
import type { AuthService } from '../service';
import type { SamlService } from './service';

const MINUTE = 60_000;
const PER_IP = { public: true, rateLimit: { max: 30, timeWindow: MINUTE } };
/** A SAMLResponse with an encrypted, signed assertion is a few tens of KB; a megabyte is plenty. */
const FORM_LIMIT = 1024 * 1024;

/** The identity provider posts to the ACS in the browser: a refusal is a small page, not JSON. */
function refusalPage(reply: FastifyReply, err: AppError, publicUrl: string) {
  return reply
    .code(err.statusCode)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Playshop</title>` +
        `<main><h1>Single sign-on</h1><p role="alert">${escapeHtml(err.message)}</p>` +
        `<p><a href="${escapeHtml(`${publicUrl}/admin-login`)}">Back to sign-in</a></p></main></html>`,
    );
}

const orgIdOf = (params: unknown) => {
  const id = Number((params as { orgId?: string }).orgId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * SAML's addresses under /api/v1/saml/{orgId}: the service provider's metadata, the ACS (the
 * provider's form post: SP- and IdP-initiated alike) and single logout (HTTP-Redirect); and the
 * settings through the shared endpoint contract.
 */
export function samlRoutes(
  app: FastifyInstance,
  {
    saml,
    auth,
    audit,
    secureCookies,
    publicUrl,
  }: {
    saml: SamlService;
    auth: AuthService;
    audit: AuditService;
    secureCookies: boolean;
    publicUrl: string;
  },
) {
  const cookies = sessionCookies(secureCookies);
  route(app, SAML_API.settings, ({ actor, params }) => saml.settings(actor, params.id));
  route(app, SAML_API.saveSettings, ({ actor, params, body }) => saml.saveSettings(actor, params.id, body));
  route(app, SAML_API.logout, ({ actor }) => saml.logoutUrl(actor));

  app.register(async (scope) => {
    // The ACS receives the provider's HTML form post (HTTP-POST binding).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get('/saml/:orgId/metadata', { config: PER_IP, schema: { hide: true } }, async (req, reply) => {
      const orgId = orgIdOf(req.params);
      if (!orgId) return reply.code(404).send();
      return reply.type('application/samlmetadata+xml').send(await saml.spMetadata(orgId));
    });

    scope.post('/saml/:orgId/acs', { config: PER_IP, schema: { hide: true } }, async (req, reply) => {
      const orgId = orgIdOf(req.params);
      const form = (req.body ?? {}) as Record<string, unknown>;
      try {
        if (!orgId || typeof form.SAMLResponse !== 'string' || !form.SAMLResponse)
          throw new AppError('SAML_FAILED', 400, saml.failedMessage());
        const userId = await saml.acs(orgId, form.SAMLResponse);
        const session = await auth.sessionFor(userId, 'sso', clientOf(req));
        cookies.send(reply, session);
        await audit.record(
          { userId, role: session.reply.role, label: session.reply.username, orgId: session.reply.orgId },
          AUDIT_ACTIONS.signIn,
          { type: 'sso', label: null, orgId: session.reply.orgId },
          null,
          req.ip,
        );
        // The web app finds the session cookie and renews its access token from it, as after a reload.
        return reply.redirect(`${publicUrl}/enter`, 303);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        await audit.record(
          { userId: null, role: null, label: '(unknown)', orgId },
          AUDIT_ACTIONS.signInRefused,
          { type: 'sso', label: err.code, orgId },
          null,
          req.ip,
        );
        return refusalPage(reply, err, publicUrl);
      }
    });

    scope.get('/saml/:orgId/slo', { config: PER_IP, schema: { hide: true } }, async (req, reply) => {
      const orgId = orgIdOf(req.params);
      try {
        if (!orgId) throw new AppError('SAML_FAILED', 400, saml.failedMessage());
        const rawQuery = req.url.slice(req.url.indexOf('?') + 1);
        const query = Object.fromEntries(new URLSearchParams(rawQuery));
        return reply.redirect(await saml.logout(orgId, query, rawQuery), 303);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return refusalPage(reply, err, publicUrl);
      }
    });
  });
}
