import { isStaffRole, message, type TwoFactorStep } from '@playshop/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { refreshTokens, users } from '../db/schema';
import { AppError, forbidden, unauthorized } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { type SessionEnds, type SessionKind, type SignInClient, sessionsOf } from '../sessions/sessions';
import { type AccessTokens, hashOpaqueToken } from '../sessions/tokens';
import type { BrandOf } from './password-reset';
import { passwordReset } from './password-reset';
import { verifyPassword } from './passwords';
import { playerSignIn } from './player-sign-in';
import { refreshRotation } from './refresh-rotation';
import { type SessionTokens, sessionStarter } from './session-start';
import type { SignInPolicy } from './sign-in-policy';
import { userWithOrg } from './user-row';

interface AuthDeps {
  db: Db;
  /** Keys the successor of a refresh token (derived from it, so a racing tab can be handed the same one). */
  refreshSecret: string;
  tokens: AccessTokens;
  mailer: Mailer;
  /** An organization's look for its mail; none: Playshop's. */
  brandOf?: BrandOf;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** What a right password leads to: refused (SSO only), a second step (two-factor), or a session. */
  signInPolicy?: SignInPolicy;
  /** Where sessions end (sessions/sessions.ts). */
  ends: SessionEnds;
  now?: () => Date;
}

/**
 * Signing in and out: staff by password and sign-out (here), players and guests
 * (player-sign-in.ts), sessions started (session-start.ts) and refreshed (refresh-rotation.ts), a
 * forgotten password (password-reset.ts).
 */
export function authService({
  db,
  refreshSecret,
  tokens,
  mailer,
  brandOf,
  publicUrl,
  log,
  signInPolicy,
  ends,
  now = () => new Date(),
}: AuthDeps) {
  const sessions = sessionStarter(db, tokens, now);
  const { startSession } = sessions;

  return {
    /** Where sessions end (sessions/sessions.ts): the routes that change a rule end what it no longer allows. */
    ends,

    /** Staff sign in by email and password. Players have no password and cannot use this. */
    async login(
      email: string,
      password: string,
      rememberDevice: string | undefined,
      client: SignInClient,
    ): Promise<SessionTokens | TwoFactorStep> {
      const [user] = await userWithOrg(db).where(eq(users.email, email.trim().toLowerCase())).limit(1);
      const ok = await verifyPassword(user && isStaffRole(user.role) ? user.passwordHash : null, password);
      if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 401, message('errors.invalidCredentials'));
      if (!user.active) throw forbidden(message('errors.accountDeactivated'), 'ACCOUNT_DEACTIVATED');
      const step = await signInPolicy?.afterPassword(user, rememberDevice);
      return step ?? startSession(user, 'password', client);
    },

    /**
     * A sign-in that another step proved (single sign-on, a two-factor code): a session for the user,
     * unless their token version moved since the step began (password reset, sign-out everywhere).
     */
    async sessionFor(
      userId: number,
      kind: SessionKind,
      client: SignInClient,
      tokenVersion?: number,
    ): Promise<SessionTokens> {
      const [user] = await userWithOrg(db).where(eq(users.id, userId)).limit(1);
      if (!user || (tokenVersion !== undefined && user.tokenVersion !== tokenVersion))
        throw unauthorized(message('errors.sessionExpired'), 'NO_SESSION');
      return startSession(user, kind, client);
    },

    /**
     * Ends this browser's session on every instance: its refresh token, access tokens, resume
     * tickets and game sockets (sessions/sessions.ts). The user's other sessions go on.
     */
    async logout(raw: string | undefined): Promise<void> {
      if (!raw) return;
      const [row] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashOpaqueToken(raw)))
        .limit(1);
      if (!row) return;
      await ends.end(sessionsOf.one(row.familyId), 'logout');
    },

    ...playerSignIn(db, startSession),
    ...refreshRotation({ db, refreshSecret, sessions, ends, log, now }),
    ...passwordReset({ db, mailer, brandOf, publicUrl, log, ends, now }),
  };
}

export type AuthService = ReturnType<typeof authService>;
