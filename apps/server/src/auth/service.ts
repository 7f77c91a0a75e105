import { createHmac, randomUUID } from 'node:crypto';
import {
  isOrgExpired,
  isStaffLanguage,
  isStaffRole,
  type LoginReply,
  message,
  type ParticipantLoginInput,
  REFRESH_TOKEN_TTL_DAYS,
  RESET_TOKEN_TTL_MINUTES,
  type TwoFactorStep,
} from '@playshop/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { groupLoader } from '../db/group-loader';
import { organizations, passwordResetTokens, refreshTokens, rooms, users } from '../db/schema';
import type { Actor } from '../http/actor';
import { bumpedTokenVersion } from '../http/authenticate';
import { AppError, notFound, unauthorized } from '../http/errors';
import { escapeLike } from '../http/pagination';
import type { Mailer } from '../mail/mailer';
import { type ResolvedJoinCode, resolveJoinCode } from '../rooms/join-codes';
import { isOffensive, uniqueUsername } from './nicknames';
import { hashNewPassword, verifyPassword } from './passwords';
import { refreshTokenWriter } from './refresh-token-writer';
import type { SignInPolicy } from './sign-in-policy';
import { type AccessTokens, hashOpaqueToken, newOpaqueToken } from './tokens';

/** How long a just-rotated refresh token still yields its successor (two tabs refreshing at once). */
export const REFRESH_REUSE_GRACE_MS = 30_000;

interface AuthDeps {
  db: Db;
  /** Keys the successor of a refresh token (derived from it, so a racing tab can be handed the same one). */
  refreshSecret: string;
  tokens: AccessTokens;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** What a right password leads to: refused (SSO only), a second step (two-factor), or a session. */
  signInPolicy?: SignInPolicy;
  now?: () => Date;
}

export interface SessionTokens {
  reply: LoginReply;
  refreshToken: string;
  refreshExpiresAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The organization a player login names: by room code, id or (lower-case) name. */
interface PlayerScope {
  kind: 'code' | 'orgId' | 'org';
  value: string;
}

/** The parsed body of POST /participantLogin (trimmed, code normalised). */
type ParticipantLogin = Omit<ParticipantLoginInput, 'code'> & { code?: string };

export function authService({
  db,
  refreshSecret,
  tokens,
  mailer,
  publicUrl,
  log,
  signInPolicy,
  now = () => new Date(),
}: AuthDeps) {
  const storeRefreshToken = refreshTokenWriter(db);
  // A fresh builder per query: Drizzle builders are mutable.
  const userWithOrg = () =>
    db
      .select({
        id: users.id,
        email: users.email,
        username: users.username,
        role: users.role,
        passwordHash: users.passwordHash,
        isGuest: users.isGuest,
        tokenVersion: users.tokenVersion,
        language: users.language,
        orgId: organizations.id,
        orgName: organizations.name,
      })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.orgId));

  type UserRow = Awaited<ReturnType<typeof userWithOrg>>[number];

  const scopeCondition = ({ kind, value }: PlayerScope) =>
    kind === 'code'
      ? sql`${organizations.id} = (select ${rooms.orgId} from ${rooms} where ${rooms.joinCode} = ${value})`
      : kind === 'orgId'
        ? eq(organizations.id, Number(value))
        : sql`lower(${organizations.name}) = ${value}`;

  /**
   * Player lookups in groups: the sign-ins that arrive together are found with one query per
   * organization named, not one each (an event's crowd names the same one).
   */
  const findPlayer = groupLoader<PlayerScope & { username: string }, UserRow | null>(async (keys) => {
    const found = new Map<string, UserRow>();
    const scopes = new Map<string, PlayerScope>();
    for (const k of keys) scopes.set(`${k.kind}:${k.value}`, { kind: k.kind, value: k.value });
    for (const [id, scope] of scopes) {
      const usernames = [
        ...new Set(keys.filter((k) => `${k.kind}:${k.value}` === id).map((k) => k.username)),
      ];
      const rows = await userWithOrg().where(
        and(sql`lower(${users.username}) in ${usernames}`, eq(users.role, 'PLAYER'), scopeCondition(scope)),
      );
      for (const row of rows) found.set(`${id}|${row.username?.toLowerCase()}`, row);
    }
    return keys.map((k) => found.get(`${k.kind}:${k.value}|${k.username}`) ?? null);
  });

  /** Inserts the guest under the first free username for the nickname (two at once: retried). */
  async function createGuest(room: ResolvedJoinCode, nickname: string): Promise<UserRow> {
    for (let attempt = 0; ; attempt++) {
      const lower = nickname.toLowerCase();
      const taken = await db
        .select({ username: users.username })
        .from(users)
        .where(
          sql`lower(${users.username}) = ${lower} or lower(${users.username}) like ${`${escapeLike(lower)} %`}`,
        );
      const username = uniqueUsername(
        nickname,
        taken.map((t) => t.username ?? ''),
      );
      const [created] = await db
        .insert(users)
        .values({
          firstName: nickname,
          lastName: '',
          username,
          role: 'PLAYER',
          orgId: room.orgId,
          isGuest: true,
          guestRoomId: room.roomId,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (created) {
        return {
          id: created.id,
          email: null,
          username,
          role: 'PLAYER',
          passwordHash: null,
          isGuest: true,
          tokenVersion: 0,
          language: null,
          orgId: room.orgId,
          orgName: room.orgName,
        };
      }
      if (attempt >= 5) throw new AppError('CONFLICT', 409, message('errors.nicknameCrowded'));
    }
  }

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
        language: isStaffLanguage(user.language) ? user.language : null,
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
    // Sign-ins arriving together share one insert (refresh-token-writer.ts).
    await storeRefreshToken({
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
        if (!user) throw unauthorized(message('errors.sessionExpired'), 'NO_SESSION');
        return sessionReply(user, successor.raw, next.expiresAt);
      }
    }
    await revokeFamily(row.familyId);
    log.warn({ userId: row.userId, familyId: row.familyId }, 'refresh token reused: family revoked');
    throw unauthorized(message('errors.sessionExpired'), 'NO_SESSION');
  }

  async function revokeFamily(familyId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  return {
    /** Staff sign in by email and password. Players have no password and cannot use this. */
    async login(
      email: string,
      password: string,
      rememberDevice?: string,
    ): Promise<SessionTokens | TwoFactorStep> {
      const [user] = await userWithOrg().where(eq(users.email, email.trim().toLowerCase())).limit(1);
      const ok = await verifyPassword(user && isStaffRole(user.role) ? user.passwordHash : null, password);
      if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 401, message('errors.invalidCredentials'));
      const step = await signInPolicy?.afterPassword(user, rememberDevice);
      return step ?? startSession(user);
    },

    /**
     * A sign-in that another step proved (single sign-on, a two-factor code): a session for the user,
     * unless their token version moved since the step began (password reset, sign-out everywhere).
     */
    async sessionFor(userId: number, tokenVersion?: number): Promise<SessionTokens> {
      const [user] = await userWithOrg().where(eq(users.id, userId)).limit(1);
      if (!user || (tokenVersion !== undefined && user.tokenVersion !== tokenVersion))
        throw unauthorized(message('errors.sessionExpired'), 'NO_SESSION');
      return startSession(user);
    },

    /**
     * Players sign in with their username alone (SPEC §1), in the organization that the room code,
     * the organization's name or its id names: one query whichever it is.
     */
    async participantLogin(input: ParticipantLogin): Promise<SessionTokens> {
      const scope: PlayerScope = input.code
        ? { kind: 'code', value: input.code }
        : input.orgId !== undefined
          ? { kind: 'orgId', value: String(input.orgId) }
          : { kind: 'org', value: input.org?.toLowerCase() ?? '' };
      const user = await findPlayer.load({ ...scope, username: input.username.toLowerCase() });
      if (!user && input.code) {
        // A replaced code says so rather than 'unknown player' (looked up only when nothing matched).
        const codeError = await resolveJoinCode(db, input.code).then(
          () => null,
          (err: unknown) => err,
        );
        if (codeError instanceof AppError && codeError.statusCode === 410) throw codeError;
      }
      if (!user) throw new AppError('UNKNOWN_PLAYER', 404, message('errors.unknownPlayer'));
      // A guest has no username of their own to give: anyone who read it on screen could take it.
      if (user.isGuest) throw new AppError('GUEST_ACCOUNT', 403, message('join.guestNoUsername'));
      return startSession(user);
    },

    /**
     * A participant without an account joins a room by its code with a nickname, where the room's
     * organization allows guests and its lobby is open: a PLAYER is created (flagged as a guest of
     * the room) and signed in.
     */
    async guestLogin(code: string, nickname: string): Promise<SessionTokens & { roomId: number }> {
      const room = await resolveJoinCode(db, code);
      // The same answer as an unknown code: a guess must not tell a real room from a bogus one.
      if (!room.guestsAllowed) throw notFound(message('join.unknownCode'));
      if (isOrgExpired(room.orgExpiry)) throw new AppError('ORG_EXPIRED', 403, message('errors.orgExpired'));
      if (room.gameId === null) throw new AppError('LOBBY_NOT_OPEN', 409, message('join.lobbyNotOpen'));
      if (isOffensive(nickname))
        throw new AppError('BAD_NICKNAME', 400, message('join.nicknameBlocked'), 'nickname');
      const user = await createGuest(room, nickname);
      return { ...(await startSession(user)), roomId: room.roomId };
    },

    /**
     * Rotates a refresh token. A token that was already used (or revoked) means it leaked: the whole
     * family is revoked and the caller must sign in again, unless it is a second tab inside the grace
     * window (see `reuse`).
     */
    async refresh(raw: string | undefined): Promise<SessionTokens> {
      if (!raw) throw unauthorized(message('errors.noSession'), 'NO_SESSION');
      const byHash = () =>
        db
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashOpaqueToken(raw)))
          .limit(1);
      const [row] = await byHash();
      if (!row) throw unauthorized(message('errors.sessionExpired'), 'NO_SESSION');
      if (row.usedAt || row.revokedAt) return reuse(row, raw);
      if (row.expiresAt <= now()) throw unauthorized(message('errors.sessionExpired'), 'NO_SESSION');
      const [user] = await userWithOrg().where(eq(users.id, row.userId)).limit(1);
      if (!user) throw unauthorized(message('errors.sessionExpired'), 'NO_SESSION');
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
        if (!latest) throw unauthorized(message('errors.sessionExpired'), 'NO_SESSION');
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
      if (!user?.email || !isStaffRole(user.role)) return;
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
      // The token's owner first, so their own email and name are refused in the new password.
      const [owner] = await db
        .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(eq(passwordResetTokens.tokenHash, hashOpaqueToken(raw)))
        .limit(1);
      const passwordHash = await hashNewPassword(password, owner);
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
      if (userId === null)
        throw new AppError('INVALID_RESET_TOKEN', 400, message('errors.invalidResetToken'));
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
