import { createHmac, randomUUID } from 'node:crypto';
import { ERRORS, type LoginReply, REFRESH_TOKEN_TTL_DAYS, RESET_TOKEN_TTL_MINUTES } from '@playshop/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { organizations, passwordResetTokens, refreshTokens, users } from '../db/schema';
import type { Actor } from '../http/actor';
import { bumpedTokenVersion } from '../http/authenticate';
import { AppError, unauthorized } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { hashNewPassword, verifyPassword } from './passwords';
import { type AccessTokens, hashOpaqueToken, newOpaqueToken } from './tokens';

/** How long a just-rotated refresh token still yields its successor (two tabs refreshing at once). */
export const REFRESH_REUSE_GRACE_MS = 30_000;

export interface AuthDeps {
  db: Db;
  /** Keys the successor of a refresh token (derived from it, so a racing tab can be handed the same one). */
  refreshSecret: string;
  tokens: AccessTokens;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export interface SessionTokens {
  reply: LoginReply;
  refreshToken: string;
  refreshExpiresAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function authService({
  db,
  refreshSecret,
  tokens,
  mailer,
  publicUrl,
  log,
  now = () => new Date(),
}: AuthDeps) {
  // A fresh builder per query: Drizzle builders are mutable.
  const userWithOrg = () =>
    db
      .select({
        id: users.id,
        email: users.email,
        username: users.username,
        role: users.role,
        passwordHash: users.passwordHash,
        tokenVersion: users.tokenVersion,
        orgId: organizations.id,
        orgName: organizations.name,
      })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId));

  type UserRow = Awaited<ReturnType<typeof userWithOrg>>[number];

  const toActor = (u: UserRow): Actor => ({
    userId: u.id,
    role: u.role,
    orgId: u.orgId,
    orgName: u.orgName,
    username: u.username ?? u.email ?? '',
  });

  const sessionReply = async (user: UserRow, refreshRaw: string, refreshExpiresAt: Date) => {
    const actor = toActor(user);
    return {
      reply: {
        username: actor.username,
        org: actor.orgName,
        orgId: actor.orgId,
        role: actor.role,
        userId: actor.userId,
        accessToken: await tokens.sign({ ...actor, tokenVersion: user.tokenVersion }),
      },
      refreshToken: refreshRaw,
      refreshExpiresAt,
    };
  };

  /**
   * The token a refresh token rotates into: an HMAC of it, so only its holder can name it and the
   * server can hand the same one to a second tab without storing it.
   */
  const successorToken = (raw: string) => {
    const next = createHmac('sha256', refreshSecret).update(`refresh-successor\n${raw}`).digest('base64url');
    return { raw: next, hash: hashOpaqueToken(next) };
  };

  const refreshExpiry = () => new Date(now().getTime() + REFRESH_TOKEN_TTL_DAYS * DAY_MS);

  /** A sign-in: a new refresh family. */
  async function startSession(user: UserRow): Promise<SessionTokens> {
    const refresh = newOpaqueToken();
    const refreshExpiresAt = refreshExpiry();
    await db.insert(refreshTokens).values({
      userId: user.id,
      familyId: randomUUID(),
      tokenHash: refresh.hash,
      expiresAt: refreshExpiresAt,
    });
    return sessionReply(user, refresh.raw, refreshExpiresAt);
  }

  /**
   * A spent refresh token presented again. Within REFRESH_REUSE_GRACE_MS of its rotation, and while
   * its successor is unspent, it is a second tab racing the first: it gets that same successor (the
   * OAuth 2.0 security BCP's grace period). Anything else is a replay: the family is revoked.
   */
  async function reuse(row: typeof refreshTokens.$inferSelect, raw: string): Promise<SessionTokens> {
    if (row.usedAt && !row.revokedAt && now().getTime() - row.usedAt.getTime() <= REFRESH_REUSE_GRACE_MS) {
      const successor = successorToken(raw);
      const [next] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, successor.hash))
        .limit(1);
      if (next && next.familyId === row.familyId && !next.usedAt && !next.revokedAt) {
        const [user] = await userWithOrg().where(eq(users.id, row.userId)).limit(1);
        if (!user) throw unauthorized('Session expired', 'NO_SESSION');
        return sessionReply(user, successor.raw, next.expiresAt);
      }
    }
    await revokeFamily(row.familyId);
    log.warn({ userId: row.userId, familyId: row.familyId }, 'refresh token reused: family revoked');
    throw unauthorized('Session expired', 'NO_SESSION');
  }

  async function revokeFamily(familyId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  return {
    /** Staff sign in by email and password. Players have no password and cannot use this. */
    async login(email: string, password: string): Promise<SessionTokens> {
      const [user] = await userWithOrg().where(eq(users.email, email.trim().toLowerCase())).limit(1);
      const ok = await verifyPassword(user && user.role !== 'PLAYER' ? user.passwordHash : null, password);
      if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 401, ERRORS.invalidCredentials);
      return startSession(user);
    },

    /** Players sign in with their username alone (SPEC §1). */
    async participantLogin(username: string): Promise<SessionTokens> {
      const [user] = await userWithOrg()
        .where(
          and(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`, eq(users.role, 'PLAYER')),
        )
        .limit(1);
      if (!user) throw new AppError('UNKNOWN_PLAYER', 404, ERRORS.unknownPlayer);
      return startSession(user);
    },

    /**
     * Rotates a refresh token. A token that was already used (or revoked) means it leaked: the whole
     * family is revoked and the caller must sign in again, unless it is a second tab inside the grace
     * window (see `reuse`).
     */
    async refresh(raw: string | undefined): Promise<SessionTokens> {
      if (!raw) throw unauthorized('No session', 'NO_SESSION');
      const byHash = () =>
        db
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashOpaqueToken(raw)))
          .limit(1);
      const [row] = await byHash();
      if (!row) throw unauthorized('Session expired', 'NO_SESSION');
      if (row.usedAt || row.revokedAt) return reuse(row, raw);
      if (row.expiresAt <= now()) throw unauthorized('Session expired', 'NO_SESSION');
      const [user] = await userWithOrg().where(eq(users.id, row.userId)).limit(1);
      if (!user) throw unauthorized('Session expired', 'NO_SESSION');
      // Claim the token and store its successor in one transaction: of two concurrent refreshes with
      // one token, one wins, and the other (its claim waits for the winner's commit) finds the successor.
      const successor = successorToken(raw);
      const refreshExpiresAt = refreshExpiry();
      const won = await db.transaction(async (tx) => {
        const claimed = await tx
          .update(refreshTokens)
          .set({ usedAt: now() })
          .where(
            and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)),
          )
          .returning({ id: refreshTokens.id });
        if (claimed.length === 0) return false;
        await tx.insert(refreshTokens).values({
          userId: user.id,
          familyId: row.familyId,
          tokenHash: successor.hash,
          expiresAt: refreshExpiresAt,
        });
        return true;
      });
      if (!won) {
        const [latest] = await byHash();
        if (!latest) throw unauthorized('Session expired', 'NO_SESSION');
        return reuse(latest, raw);
      }
      return sessionReply(user, successor.raw, refreshExpiresAt);
    },
    /**
     * Revokes the session's refresh family and every access token of the user (a token copied from
     * this browser stops working at once; the user's other devices renew theirs with a refresh).
     */
    async logout(raw: string | undefined): Promise<void> {
      if (!raw) return;
      const [row] = await db
        .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashOpaqueToken(raw)))
        .limit(1);
      if (!row) return;
      await revokeFamily(row.familyId);
      await db.update(users).set({ tokenVersion: bumpedTokenVersion() }).where(eq(users.id, row.userId));
    },

    /**
     * Mails a single-use reset link to a staff account. Returns as soon as the token is stored
     * or found missing; the mail is sent in the background so timing does not tell them apart.
     */
    async requestReset(email: string): Promise<void> {
      const [user] = await db
        .select({ id: users.id, email: users.email, role: users.role })
        .from(users)
        .where(eq(users.email, email.trim().toLowerCase()))
        .limit(1);
      if (!user?.email || user.role === 'PLAYER') return;
      const token = newOpaqueToken();
      await db.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: token.hash,
        expiresAt: new Date(now().getTime() + RESET_TOKEN_TTL_MINUTES * 60 * 1000),
      });
      const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token.raw)}`;
      mailer
        .send({
          to: user.email,
          subject: 'Reset your Playshop password',
          text: `Someone asked to reset the password of your Playshop account.\n\nTo choose a new password, open this link within ${RESET_TOKEN_TTL_MINUTES} minutes:\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
        })
        .catch((err: unknown) => log.error({ err }, 'password reset mail failed'));
    },

    /** Sets a new password with a valid reset token, spends the token and signs out every session. */
    async resetPassword(raw: string, password: string): Promise<void> {
      const passwordHash = await hashNewPassword(password);
      const userId = await db.transaction(async (tx) => {
        const [spent] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now() })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, hashOpaqueToken(raw)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, now()),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!spent) return null;
        await tx
          .update(users)
          .set({ passwordHash, tokenVersion: bumpedTokenVersion() })
          .where(eq(users.id, spent.userId));
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now() })
          .where(and(eq(refreshTokens.userId, spent.userId), isNull(refreshTokens.revokedAt)));
        return spent.userId;
      });
      if (userId === null) throw new AppError('INVALID_RESET_TOKEN', 400, ERRORS.invalidResetToken);
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
