import { english } from '@playshop/messages/english';
import { API_PREFIX, TWO_FACTOR_API } from '@playshop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountRateLimit } from '../../http/account-rate-limit';
import type { Actor } from '../../http/actor';
import { route } from '../../http/endpoint';
import { clientOf, sessionOf } from '../../sessions/sessions';
import { sessionCookies } from '../routes';
import type { AuthService } from '../service';
import { endSessionsWithoutTwoFactor } from '../session-rules';
import { TWO_FACTOR_DEVICE_COOKIE, type TwoFactorService } from './service';

const MINUTE = 60_000;
/** Codes per password step (a new challenge needs the password again, throttled per account). */
const PER_CHALLENGE = { max: 5, timeWindow: 10 * MINUTE };
/**
 * Codes per account across challenges: a right password starts a new challenge, so without this
 * someone who has the password could try 5 codes per sign-in without end.
 */
const PER_ACCOUNT = { max: 10, timeWindow: 10 * MINUTE };
/** Codes per signed-in user when confirming or turning off. */
const PER_USER = { max: 10, timeWindow: 10 * MINUTE };
const PER_IP = { rateLimit: { max: 30, timeWindow: MINUTE } };

export function twoFactorRoutes(
  app: FastifyInstance,
  twoFactor: TwoFactorService,
  auth: AuthService,
  secureCookies: boolean,
): void {
  const perUser = accountRateLimit(app, PER_USER, 'two-factor-user', (req) =>
    req.actor ? String(req.actor.userId) : undefined,
  );
  const who = (actor: Actor) => ({ id: actor.userId, role: actor.role, orgId: actor.orgId });

  route(app, TWO_FACTOR_API.productPolicy, () => twoFactor.productPolicy());
  route(app, TWO_FACTOR_API.saveProductPolicy, async ({ body, req }) => {
    const saved = await twoFactor.saveProductPolicy(body.requireTwoFactorForStaff);
    // Required now: the password sessions of staff without two-factor end (docs/security.md).
    if (saved.requireTwoFactorForStaff)
      await endSessionsWithoutTwoFactor(auth.ends, 'product', sessionOf(req));
    return saved;
  });

  route(app, TWO_FACTOR_API.status, ({ actor }) => twoFactor.status(who(actor)));
  route(app, TWO_FACTOR_API.setup, ({ actor }) => twoFactor.setup(actor.userId), { config: PER_IP });
  route(
    app,
    TWO_FACTOR_API.confirm,
    async ({ actor, body }) => ({ recoveryCodes: await twoFactor.confirm(actor.userId, body.code) }),
    { config: PER_IP, preHandler: perUser },
  );
  route(
    app,
    TWO_FACTOR_API.disable,
    async ({ actor, body, reply }) => {
      await twoFactor.disable(who(actor), body.code);
      reply.clearCookie(TWO_FACTOR_DEVICE_COOKIE, { path: API_PREFIX });
      return { message: english('signIn.disabled') };
    },
    { config: PER_IP, preHandler: perUser },
  );

  signInStepRoutes(app, twoFactor, auth, secureCookies);
}

/** The second step of a password sign-in: public, the challenge proves the password step. */
function signInStepRoutes(
  app: FastifyInstance,
  twoFactor: TwoFactorService,
  auth: AuthService,
  secureCookies: boolean,
): void {
  const cookies = sessionCookies(secureCookies);
  const perChallenge = accountRateLimit(app, PER_CHALLENGE, 'two-factor-challenge', (req) => {
    const challenge = (req.body as { challenge?: unknown } | undefined)?.challenge;
    return typeof challenge === 'string' ? challenge : undefined;
  });
  // Keyed by the user of a genuine challenge only: a forged one cannot spend someone's budget.
  const challengeUsers = new WeakMap<FastifyRequest, number>();
  const readChallengeUser = async (req: FastifyRequest) => {
    const challenge = (req.body as { challenge?: unknown } | undefined)?.challenge;
    const userId = typeof challenge === 'string' ? await twoFactor.challengeUser(challenge) : undefined;
    if (userId !== undefined) challengeUsers.set(req, userId);
  };
  const perAccount = accountRateLimit(app, PER_ACCOUNT, 'two-factor-account', (req) => {
    const userId = challengeUsers.get(req);
    return userId === undefined ? undefined : String(userId);
  });

  const rememberDevice = async (reply: FastifyReply, userId: number) => {
    const { token, expiresAt } = await twoFactor.rememberToken(userId);
    reply.setCookie(TWO_FACTOR_DEVICE_COOKIE, token, {
      path: API_PREFIX,
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      expires: expiresAt,
    });
  };

  const limits = [perChallenge, readChallengeUser, perAccount];
  const step = { config: PER_IP, preHandler: limits };
  // Completing a sign-in (or refusing its code) is a staff sign-in for the audit log.
  const signInStep = { config: { ...PER_IP, audit: 'signIn' }, preHandler: limits };
  route(
    app,
    TWO_FACTOR_API.verify,
    async ({ body, req, reply }) => {
      const { userId, tokenVersion } = await twoFactor.verifyChallenge(body.challenge, body.code);
      const session = await auth.sessionFor(userId, 'two_factor', clientOf(req), tokenVersion);
      if (body.rememberDevice) await rememberDevice(reply, userId);
      return cookies.send(reply, session);
    },
    signInStep,
  );
  route(app, TWO_FACTOR_API.enrolSetup, ({ body }) => twoFactor.enrolSetup(body.challenge), step);
  route(
    app,
    TWO_FACTOR_API.enrolConfirm,
    async ({ body, req, reply }) => {
      const { userId, tokenVersion, recoveryCodes } = await twoFactor.enrolConfirm(body.challenge, body.code);
      const session = await auth.sessionFor(userId, 'two_factor', clientOf(req), tokenVersion);
      return { ...cookies.send(reply, session), recoveryCodes };
    },
    signInStep,
  );
}
