import { AUDIT_ACTIONS, LTI_API } from '@playshop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuditService } from '../audit/service';
import { noteAudit, noteChange } from '../audit/trail';
import { sessionCookies } from '../auth/routes';
import type { AuthService } from '../auth/service';
import { route } from '../http/endpoint';
import { AppError, notFound } from '../http/errors';
import { messageTexts } from '../i18n/catalogue';
import { pageLanguage } from '../i18n/language';
import { clientOf } from '../sessions/sessions';
import { CLAIM, stateCookie } from './launch';
import { autoPostPage, autoPostPolicy, type PageReader, refusalPage } from './pages';
import type { LtiService } from './service';

const MINUTE = 60_000;
const PER_IP = { public: true, rateLimit: { max: 60, timeWindow: MINUTE } };
const HIDDEN = { config: PER_IP, schema: { hide: true } };
/** An id_token with its claims is a few KB; 256 KB is plenty. */
const FORM_LIMIT = 256 * 1024;

const orgIdOf = (req: FastifyRequest) => {
  const id = Number((req.params as { orgId?: string }).orgId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * Who reads a launch's page: the platform's `locale` where a verified launch gives one (`fr-CA`),
 * else the browser's Accept-Language; a language the staff screens speak, else English.
 */
async function readerOf(req: FastifyRequest, claims?: Record<string, unknown>): Promise<PageReader> {
  const presentation = (claims?.[CLAIM.presentation] ?? {}) as { locale?: unknown };
  const language = pageLanguage([presentation.locale], req.headers['accept-language']);
  return { language, say: await messageTexts(language) };
}

/** A refusal in the browser: a small page with the refusal's text (the platform posted there, no JSON). */
async function refuse(req: FastifyRequest, reply: FastifyReply, err: unknown) {
  if (!(err instanceof AppError)) throw err;
  return reply
    .code(err.statusCode)
    .type('text/html; charset=utf-8')
    .send(refusalPage(await readerOf(req), err.text));
}

const platformTarget = (org: { id: number; name: string }, issuer: string) => ({
  type: 'organization' as const,
  label: `${org.name}: ${issuer}`,
  orgId: org.id,
});

/** Settings › LTI through the shared contract: read, register, change, remove (each audited). */
function settingsRoutes(app: FastifyInstance, lti: LtiService) {
  route(app, LTI_API.settings, async ({ actor, params }) => {
    await lti.settings.inScope(actor, params.id);
    return lti.settings.settings(params.id);
  });
  route(app, LTI_API.addPlatform, async ({ actor, params, body, req }) => {
    const org = await lti.settings.inScope(actor, params.id);
    const { saved, reply } = await lti.settings.add(params.id, body);
    noteAudit(req, { target: platformTarget(org, saved.issuer) });
    return reply;
  });
  route(app, LTI_API.editPlatform, async ({ actor, params, body, req }) => {
    const org = await lti.settings.inScope(actor, params.id);
    const { before, after, reply } = await lti.settings.edit(params.id, params.platformId, body);
    noteChange(req, before, after, platformTarget(org, after.issuer));
    return reply;
  });
  route(app, LTI_API.removePlatform, async ({ actor, params, req }) => {
    const org = await lti.settings.inScope(actor, params.id);
    const { removed, reply } = await lti.settings.remove(params.id, params.platformId);
    noteAudit(req, { target: platformTarget(org, removed.issuer) });
    return reply;
  });
}

type StateOptions = { path: string; httpOnly: boolean; secure: boolean; sameSite: 'none' | 'lax' };
type RouteDeps = { lti: LtiService; auth: AuthService; audit: AuditService; secureCookies: boolean };

/**
 * The platform's form post: the launch verified (launch.ts); a deep linking request shows the
 * picker, a resource link signs the person in (the product's session) and sends them on.
 */
async function launched(
  req: FastifyRequest,
  reply: FastifyReply,
  { lti, auth, audit, secureCookies }: RouteDeps,
  stateOptions: StateOptions,
) {
  const orgId = orgIdOf(req);
  const form = (req.body ?? {}) as Record<string, unknown>;
  try {
    if (!orgId) throw notFound();
    if (typeof form.state === 'string') reply.clearCookie(stateCookie(form.state), stateOptions);
    const launch = await lti.launch(orgId, form, (s) => req.cookies[stateCookie(s)] === '1');
    if (launch.messageType === 'LtiDeepLinkingRequest')
      return reply
        .type('text/html; charset=utf-8')
        .send(await lti.deepLinkPicker(launch, await readerOf(req, launch.claims)));
    const { userId, redirect } = await lti.resourceLink(launch);
    const session = await auth.sessionFor(userId, 'lti', clientOf(req));
    sessionCookies(secureCookies).send(reply, session);
    // A staff sign-in is audited as the others are; a learner's launch is a player's join.
    if (session.reply.role !== 'PLAYER')
      await audit.record(
        { userId, role: session.reply.role, label: session.reply.username, orgId: session.reply.orgId },
        AUDIT_ACTIONS.signIn,
        { type: 'sign-in', label: 'LTI', orgId: session.reply.orgId },
        null,
        req.ip,
      );
    return reply.redirect(redirect, 303);
  } catch (err) {
    return refuse(req, reply, err);
  }
}

/**
 * LTI 1.3 under /api/v1/lti: the tool's keyset, and per organization the OIDC login initiation
 * (GET or POST), the launch (the platform's form post of the id_token) and the deep linking
 * picker's answer; Settings › LTI through the shared contract.
 */
export function ltiRoutes(app: FastifyInstance, { lti, auth, audit, secureCookies }: RouteDeps) {
  // The platform posts the launch from its own site: the state's cookie must travel on a
  // cross-site POST (SameSite=None, which needs Secure); over plain http (development) Lax.
  const stateOptions: StateOptions = {
    path: '/api/v1/lti',
    httpOnly: true,
    secure: secureCookies,
    sameSite: secureCookies ? ('none' as const) : ('lax' as const),
  };
  settingsRoutes(app, lti);

  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get('/lti/jwks', HIDDEN, async (_req, reply) =>
      reply.header('cache-control', 'public, max-age=300').send(await lti.keys.jwks()),
    );

    const login = async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        const orgId = orgIdOf(req);
        const params = { ...(req.query as object), ...((req.body as object | undefined) ?? {}) };
        if (!orgId) throw notFound();
        const { redirect, state } = await lti.login(orgId, params);
        reply.setCookie(stateCookie(state), '1', { ...stateOptions, maxAge: 600 });
        return reply.redirect(redirect, 302);
      } catch (err) {
        return refuse(req, reply, err);
      }
    };
    scope.get('/lti/:orgId/login', HIDDEN, login);
    scope.post('/lti/:orgId/login', HIDDEN, login);

    scope.post('/lti/:orgId/launch', HIDDEN, (req, reply) =>
      launched(req, reply, { lti, auth, audit, secureCookies }, stateOptions),
    );

    scope.post('/lti/:orgId/deep-link', HIDDEN, async (req, reply) => {
      try {
        const { returnUrl, jwt } = await lti.deepLinkResponse((req.body ?? {}) as Record<string, unknown>);
        return reply
          .header('content-security-policy', autoPostPolicy(returnUrl))
          .type('text/html; charset=utf-8')
          .send(autoPostPage(await readerOf(req), returnUrl, { JWT: jwt }));
      } catch (err) {
        return refuse(req, reply, err);
      }
    });
  });
}
