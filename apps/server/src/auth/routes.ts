import {
  API_PREFIX,
  REFRESH_COOKIE,
  SESSION_HINT_COOKIE,
  SUCCESS,
  ZErrorReply,
  ZLogin,
  ZLoginReply,
  ZMessageReply,
  ZParticipantLogin,
  ZRequestReset,
  ZResetPassword,
} from '@playshop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountLimiter, Limit } from '../http/account-limiter';
import { forbidden } from '../http/errors';
import type { AuthService, SessionTokens } from './service';

type RateLimit = Limit;

/** Per IP and per account. Per-IP limits are generous: a classroom often shares one address. */
export interface AuthRateLimits {
  loginPerIp: RateLimit;
  loginPerAccount: RateLimit;
  participantPerIp: RateLimit;
  participantPerAccount: RateLimit;
  resetPerIp: RateLimit;
  resetPerAccount: RateLimit;
}

const MINUTE = 60_000;
export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  loginPerIp: { max: 30, timeWindow: MINUTE },
  loginPerAccount: { max: 10, timeWindow: 15 * MINUTE },
  participantPerIp: { max: 300, timeWindow: MINUTE },
  participantPerAccount: { max: 20, timeWindow: MINUTE },
  resetPerIp: { max: 10, timeWindow: 15 * MINUTE },
  resetPerAccount: { max: 3, timeWindow: 15 * MINUTE },
};

/** The refresh endpoint only answers requests a cross-site form cannot forge (no custom headers). */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_VALUE = 'playshop';

const errors = { 400: ZErrorReply, 401: ZErrorReply, 429: ZErrorReply };

export function authRoutes(
  app: FastifyInstance,
  auth: AuthService,
  limits: AuthRateLimits,
  accountLimiter: AccountLimiter,
  secureCookies: boolean,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const cookieOptions = {
    path: API_PREFIX,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: secureCookies,
  };

  // Readable by the page and holding nothing secret: it only says a refresh cookie was handed out.
  const hintOptions = { path: '/', httpOnly: false, sameSite: 'strict' as const, secure: secureCookies };

  const sendSession = (reply: FastifyReply, session: SessionTokens) => {
    reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
      ...cookieOptions,
      expires: session.refreshExpiresAt,
    });
    reply.setCookie(SESSION_HINT_COOKIE, '1', { ...hintOptions, expires: session.refreshExpiresAt });
    return session.reply;
  };

  const clearSession = (reply: FastifyReply) => {
    reply.clearCookie(REFRESH_COOKIE, cookieOptions);
    reply.clearCookie(SESSION_HINT_COOKIE, hintOptions);
  };

  // Per IP through @fastify/rate-limit (a counter of its own per route); per account through ours.
  const perIp = (limit: RateLimit) => ({ rateLimit: limit });
  const perAccount =
    (limit: RateLimit, bucket: string, field: 'email' | 'username') => async (req: FastifyRequest) => {
      const value = (req.body as Record<string, unknown> | undefined)?.[field];
      if (typeof value === 'string' && value.trim())
        await accountLimiter.hit(bucket, value.trim().toLowerCase(), limit);
    };

  r.post(
    '/login',
    {
      config: { public: true, ...perIp(limits.loginPerIp) },
      preHandler: perAccount(limits.loginPerAccount, 'login', 'email'),
      schema: {
        tags: ['auth'],
        summary: 'Staff sign-in with email and password',
        body: ZLogin,
        response: { 200: ZLoginReply, ...errors },
      },
    },
    async (req, reply) => sendSession(reply, await auth.login(req.body.email, req.body.password)),
  );

  r.post(
    '/participantLogin',
    {
      config: { public: true, ...perIp(limits.participantPerIp) },
      preHandler: perAccount(limits.participantPerAccount, 'player', 'username'),
      schema: {
        tags: ['auth'],
        summary: 'Player sign-in with a username',
        body: ZParticipantLogin,
        response: { 200: ZLoginReply, 404: ZErrorReply, ...errors },
      },
    },
    async (req, reply) => sendSession(reply, await auth.participantLogin(req.body.username)),
  );

  r.post(
    '/refresh',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: `Rotate the refresh cookie; needs the header ${CSRF_HEADER}: ${CSRF_VALUE}`,
        response: { 200: ZLoginReply, 401: ZErrorReply, 403: ZErrorReply },
      },
    },
    async (req, reply) => {
      if (req.headers[CSRF_HEADER] !== CSRF_VALUE) throw forbidden('Missing request header', 'CSRF');
      try {
        return sendSession(reply, await auth.refresh(req.cookies[REFRESH_COOKIE]));
      } catch (err) {
        clearSession(reply);
        throw err;
      }
    },
  );

  r.post(
    '/logout',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Revoke the session and clear the cookie',
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await auth.logout(req.cookies[REFRESH_COOKIE]);
      clearSession(reply);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/requestReset',
    {
      config: { public: true, ...perIp(limits.resetPerIp) },
      preHandler: perAccount(limits.resetPerAccount, 'reset', 'email'),
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link (same answer whether the address exists or not)',
        body: ZRequestReset,
        response: { 200: ZMessageReply, ...errors },
      },
    },
    async (req) => {
      await auth.requestReset(req.body.email);
      return { message: SUCCESS.resetRequested };
    },
  );

  r.post(
    '/resetPassword',
    {
      config: { public: true, ...perIp(limits.resetPerIp) },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token',
        body: ZResetPassword,
        response: { 200: ZMessageReply, ...errors },
      },
    },
    async (req) => {
      await auth.resetPassword(req.body.token, req.body.password);
      return { message: SUCCESS.passwordReset };
    },
  );
}
