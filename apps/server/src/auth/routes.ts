import { english } from '@playshop/messages/english';
import {
  API_PREFIX,
  AUTH_API,
  type LoginReply,
  message,
  REFRESH_COOKIE,
  SESSION_HINT_COOKIE,
} from '@playshop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountRateLimit, type Limit } from '../http/account-rate-limit';
import { route } from '../http/endpoint';
import { forbidden } from '../http/errors';
import type { LoginThrottle } from '../http/login-throttle';
import { clientOf } from '../sessions/sessions';
import type { AuthService } from './service';
import type { SessionTokens } from './session-start';
import { TWO_FACTOR_DEVICE_COOKIE } from './two-factor/service';

type RateLimit = Limit;

/**
 * Per IP, and per account for players, guests' rooms and reset mails, all fixed windows of
 * @fastify/rate-limit. Sign-in limits are keyed by (account, address) and by address, never by the
 * account alone: tries from one address never lock the account for another (issue 30). Staff sign-in
 * is throttled per account and address with a growing wait (LoginThrottle). Per-IP limits are
 * generous: a classroom often shares one address.
 */
export interface AuthRateLimits {
  loginPerIp: RateLimit;
  participantPerIp: RateLimit;
  /** Keyed on the organization (or room code), the username and the address together. */
  participantPerAccount: RateLimit;
  /** Keyed on the organization (or room code) and the address: how fast one address tries its usernames. */
  participantPerOrg: RateLimit;
  guestPerIp: RateLimit;
  /** Keyed on the room code: how many guests can pour into one room. */
  guestPerRoom: RateLimit;
  resetPerIp: RateLimit;
  resetPerAccount: RateLimit;
}

const MINUTE = 60_000;
export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  loginPerIp: { max: 30, timeWindow: MINUTE },
  // A 2,000-person event behind one company NAT signs in within a minute (docs/performance.md).
  participantPerIp: { max: 3000, timeWindow: MINUTE },
  participantPerAccount: { max: 20, timeWindow: MINUTE },
  participantPerOrg: { max: 12_000, timeWindow: MINUTE },
  guestPerIp: { max: 600, timeWindow: MINUTE },
  guestPerRoom: { max: 2000, timeWindow: MINUTE },
  resetPerIp: { max: 10, timeWindow: 15 * MINUTE },
  resetPerAccount: { max: 3, timeWindow: 15 * MINUTE },
};

/** The refresh endpoint only answers requests a cross-site form cannot forge (no custom headers). */
const CSRF_HEADER = 'x-requested-with';
const CSRF_VALUE = 'playshop';

/** The session's cookies, set by every sign-in (password, two-factor step, single sign-on). */
export function sessionCookies(secureCookies: boolean) {
  const cookieOptions = {
    path: API_PREFIX,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: secureCookies,
  };

  // Readable by the page and holding nothing secret: it only says a refresh cookie was handed out.
  const hintOptions = { path: '/', httpOnly: false, sameSite: 'strict' as const, secure: secureCookies };

  return {
    cookieOptions,
    send(reply: FastifyReply, session: SessionTokens) {
      reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
        ...cookieOptions,
        expires: session.refreshExpiresAt,
      });
      reply.setCookie(SESSION_HINT_COOKIE, '1', { ...hintOptions, expires: session.refreshExpiresAt });
      return session.reply;
    },
    clear(reply: FastifyReply) {
      reply.clearCookie(REFRESH_COOKIE, cookieOptions);
      reply.clearCookie(SESSION_HINT_COOKIE, hintOptions);
    },
  };
}

// Both through @fastify/rate-limit: per IP as route config (a counter of its own per route, counted
// on request); per account as preHandlers (accountRateLimit), after validation, keyed on the parsed body.
const perIp = (limit: RateLimit) => ({ rateLimit: limit });

/** The email, trimmed and lowercased; none when missing, empty or not a string (nothing counted). */
const emailOf = (req: FastifyRequest) => {
  const value = (req.body as { email?: unknown } | undefined)?.email;
  return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : undefined;
};

// The participant keys: the normalised code or organization with the address, then with the
// username too. Never the account alone: a stranger's tries must not lock the real player out.
const participantScope = (req: FastifyRequest) => {
  const { org, orgId, code } = req.body as { org?: string; orgId?: number; code?: string };
  const scope = code ? `code:${code}` : orgId !== undefined ? `org:${orgId}` : `name:${org?.toLowerCase()}`;
  return `${scope}|${req.ip}`;
};

export function authRoutes(
  app: FastifyInstance,
  auth: AuthService,
  limits: AuthRateLimits,
  loginThrottle: LoginThrottle,
  secureCookies: boolean,
): void {
  const cookies = sessionCookies(secureCookies);
  const sendSession = cookies.send;
  const clearSession = cookies.clear;

  route(
    app,
    AUTH_API.login,
    async ({ body, req, reply }) => {
      const session = await auth.login(
        body.email,
        body.password,
        req.cookies[TWO_FACTOR_DEVICE_COOKIE],
        clientOf(req),
      );
      await loginThrottle.succeeded(body.email.trim().toLowerCase(), req.ip);
      // A second step (two-factor) hands out no session yet.
      return 'twoFactor' in session ? session : sendSession(reply, session);
    },
    {
      // Every staff sign-in and refusal goes to the audit log (audit/trail.ts).
      config: { ...perIp(limits.loginPerIp), audit: 'signIn' },
      preHandler: async (req) => {
        const { email } = req.body as { email: string };
        await loginThrottle.attempt(email.trim().toLowerCase(), req.ip);
      },
    },
  );

  playerSignInRoutes(app, auth, limits, sendSession);

  route(app, AUTH_API.refresh, async ({ req, reply }) => {
    if (req.headers[CSRF_HEADER] !== CSRF_VALUE) throw forbidden(message('errors.missingHeader'), 'CSRF');
    try {
      return sendSession(reply, await auth.refresh(req.cookies[REFRESH_COOKIE], clientOf(req)));
    } catch (err) {
      clearSession(reply);
      throw err;
    }
  });

  route(app, AUTH_API.logout, async ({ req, reply }) => {
    await auth.logout(req.cookies[REFRESH_COOKIE]);
    clearSession(reply);
    return null;
  });

  passwordResetRoutes(app, auth, limits);
}

/** A player by username, a guest by code and nickname. */
function playerSignInRoutes(
  app: FastifyInstance,
  auth: AuthService,
  limits: AuthRateLimits,
  sendSession: (reply: FastifyReply, session: SessionTokens) => LoginReply,
): void {
  route(
    app,
    AUTH_API.participantLogin,
    async ({ body, req, reply }) => sendSession(reply, await auth.participantLogin(body, clientOf(req))),
    {
      config: perIp(limits.participantPerIp),
      // The organization's budget first, then the account's (a try the first refuses is not counted).
      preHandler: [
        accountRateLimit(app, limits.participantPerOrg, 'player-org', participantScope),
        accountRateLimit(app, limits.participantPerAccount, 'player', (req) => {
          const { username } = req.body as { username: string };
          return `${participantScope(req)}|${username.toLowerCase()}`;
        }),
      ],
    },
  );

  route(
    app,
    AUTH_API.guestLogin,
    async ({ body, req, reply }) => {
      const session = await auth.guestLogin(body.code, body.nickname, clientOf(req));
      return { ...sendSession(reply, session), roomId: session.roomId };
    },
    {
      config: perIp(limits.guestPerIp),
      preHandler: accountRateLimit(
        app,
        limits.guestPerRoom,
        'guest-room',
        (req) => (req.body as { code: string }).code,
      ),
    },
  );
}

function passwordResetRoutes(app: FastifyInstance, auth: AuthService, limits: AuthRateLimits): void {
  route(
    app,
    AUTH_API.requestReset,
    async ({ body }) => {
      await auth.requestReset(body.email);
      return { message: english('success.resetRequested') };
    },
    {
      config: perIp(limits.resetPerIp),
      preHandler: accountRateLimit(app, limits.resetPerAccount, 'reset', emailOf),
    },
  );

  route(
    app,
    AUTH_API.resetPassword,
    async ({ body }) => {
      await auth.resetPassword(body.token, body.password);
      return { message: english('success.passwordReset') };
    },
    { config: perIp(limits.resetPerIp) },
  );
}
