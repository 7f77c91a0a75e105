import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import {
  ADMIN_ROLES,
  isStaffRole,
  message,
  RECOVERY_CODE_COUNT,
  type Role,
  TWO_FACTOR_REMEMBER_DAYS,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type TwoFactorStep,
} from '@playshop/shared';
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/client';
import { orgSignIn, settings, twoFactorRecoveryCodes, users, userTwoFactor } from '../../db/schema';
import { AppError } from '../../http/errors';
import { secretBox } from '../secret-box';

/** The signed "remember this device" token (httpOnly, below the API prefix, so /login receives it). */
export const TWO_FACTOR_DEVICE_COOKIE = 'playshop_2fa_device';

/** The settings key of the product-wide rule (the super admin's). */
export const PRODUCT_TWO_FACTOR_KEY = 'requireTwoFactorForStaff';

const PERIOD_SECONDS = 30;
/** One step either side: a phone clock 30 s off still works. */
const WINDOW = 1;
/** How long the password step's proof lasts: time to open the app and type a code. */
const CHALLENGE_TTL = '10m';
const ISSUER = 'Playshop';

/** Who is signing in: what the rules need to know. */
export interface SignInUser {
  id: number;
  role: Role;
  orgId: number;
  tokenVersion: number;
}

const invalidCode = () => new AppError('INVALID_CODE', 400, message('signIn.invalidCode'), 'code');
const challengeExpired = () => new AppError('CHALLENGE_EXPIRED', 401, message('signIn.challengeExpired'));

const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

/** `xxxxx-xxxxx` from an alphabet without look-alikes (no 0/o, 1/l/i). */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s) for staff with otpauth, one-time recovery codes, the
 * password step's challenge and the 30-day "remember this device" token.
 */
export function twoFactorService({
  db,
  serverSecret,
  now = () => new Date(),
}: {
  db: Db;
  serverSecret: string;
  now?: () => Date;
}) {
  const box = secretBox(serverSecret, 'totp-secret');
  // Keys of their own, so neither token can pass for an access token or for the other.
  const keyFor = (purpose: string) =>
    new Uint8Array(hkdfSync('sha256', serverSecret, 'playshop-two-factor', purpose, 32));
  const challengeKey = keyFor('challenge');
  const rememberKey = keyFor('remember-device');

  const totpFor = (secretBase32: string, label = 'Playshop') =>
    new TOTP({
      issuer: ISSUER,
      label,
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD_SECONDS,
      secret: Secret.fromBase32(secretBase32),
    });

  const rowOf = async (userId: number) =>
    (await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).limit(1))[0];

  /** The organization's rule for its admins, or the product's for every staff account. */
  async function isRequired(user: Pick<SignInUser, 'role' | 'orgId'>): Promise<boolean> {
    if (!isStaffRole(user.role)) return false;
    const [product] = await db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, PRODUCT_TWO_FACTOR_KEY));
    if (product?.value === true) return true;
    if (!ADMIN_ROLES.includes(user.role)) return false;
    const [org] = await db
      .select({ required: orgSignIn.requireTwoFactorForAdmins })
      .from(orgSignIn)
      .where(eq(orgSignIn.orgId, user.orgId));
    return org?.required === true;
  }

  /**
   * Checks a TOTP code and spends its time step (a code is accepted once: a replayed one fails), or
   * spends a recovery code. Throws INVALID_CODE.
   */
  async function checkCode(userId: number, secretSealed: string, code: string, pending = false) {
    if (/^\d{6}$/.test(code)) {
      const at = now().getTime();
      const delta = totpFor(box.open(secretSealed)).validate({ token: code, timestamp: at, window: WINDOW });
      if (delta === null) throw invalidCode();
      const step = Math.floor(at / 1000 / PERIOD_SECONDS) + delta;
      const spent = await db
        .update(userTwoFactor)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(userTwoFactor.userId, userId),
            or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
          ),
        )
        .returning({ userId: userTwoFactor.userId });
      if (spent.length === 0) throw invalidCode();
      return;
    }
    // Recovery codes only once two-factor is on (a pending set-up has none yet).
    if (pending) throw invalidCode();
    const spent = await db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: now() })
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, userId),
          eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(code)),
          isNull(twoFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    if (spent.length === 0) throw invalidCode();
  }

  /** A new secret, pending until a code from it is confirmed. Refused while one is on. */
  async function setup(userId: number): Promise<TwoFactorSetup> {
    const existing = await rowOf(userId);
    if (existing?.enabledAt) throw new AppError('TWO_FACTOR_ENABLED', 409, message('signIn.alreadyEnabled'));
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const secret = new Secret({ size: 20 }).base32;
    const secretEncrypted = box.seal(secret);
    await db
      .insert(userTwoFactor)
      .values({ userId, secretEncrypted })
      .onConflictDoUpdate({
        target: userTwoFactor.userId,
        set: { secretEncrypted, enabledAt: null, lastUsedStep: null },
      });
    return { secret, otpauthUrl: totpFor(secret, user?.email ?? `user ${userId}`).toString() };
  }

  /** Turns the pending secret on with a code from it; the recovery codes, returned once. */
  async function confirm(userId: number, code: string): Promise<string[]> {
    const row = await rowOf(userId);
    if (!row) throw new AppError('NOT_ENROLLING', 409, message('signIn.notEnrolling'));
    if (row.enabledAt) throw new AppError('TWO_FACTOR_ENABLED', 409, message('signIn.alreadyEnabled'));
    await checkCode(userId, row.secretEncrypted, code, true);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await db.transaction(async (tx) => {
      await tx.update(userTwoFactor).set({ enabledAt: now() }).where(eq(userTwoFactor.userId, userId));
      await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await tx
        .insert(twoFactorRecoveryCodes)
        .values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })));
    });
    return codes;
  }

  async function signChallenge(user: SignInUser): Promise<string> {
    return new SignJWT({ tv: user.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(CHALLENGE_TTL)
      .sign(challengeKey);
  }

  /** The user a challenge names, with the token version it was issued at. */
  async function openChallenge(challenge: string): Promise<{ userId: number; tokenVersion: number }> {
    try {
      const { payload } = await jwtVerify(challenge, challengeKey, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub'],
        currentDate: now(),
      });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.tv !== 'number') throw challengeExpired();
      return { userId, tokenVersion: payload.tv };
    } catch {
      throw challengeExpired();
    }
  }

  /** The device token is bound to the enrolment: setting two-factor up again makes it worthless. */
  const enrolmentMark = (enabledAt: Date) => enabledAt.getTime();

  async function rememberToken(userId: number): Promise<{ token: string; expiresAt: Date }> {
    const row = await rowOf(userId);
    if (!row?.enabledAt) throw new AppError('TWO_FACTOR_DISABLED', 409, message('signIn.notEnabled'));
    const expiresAt = new Date(now().getTime() + TWO_FACTOR_REMEMBER_DAYS * 86_400_000);
    const token = await new SignJWT({ en: enrolmentMark(row.enabledAt) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(rememberKey);
    return { token, expiresAt };
  }

  async function isRemembered(token: string | undefined, userId: number, enabledAt: Date) {
    if (!token) return false;
    try {
      const { payload } = await jwtVerify(token, rememberKey, { algorithms: ['HS256'], currentDate: now() });
      return payload.sub === String(userId) && payload.en === enrolmentMark(enabledAt);
    } catch {
      return false;
    }
  }

  return {
    isRequired,
    setup,
    confirm,
    rememberToken,

    /** The user a genuine challenge names (for the per-account limit on codes); undefined otherwise. */
    async challengeUser(challenge: string): Promise<number | undefined> {
      return openChallenge(challenge).then(
        ({ userId }) => userId,
        () => undefined,
      );
    },

    /**
     * After a right password: null to sign in now, or the second step (a code where two-factor is
     * on and this device is not remembered; setting it up where it is required and off).
     */
    async passwordStep(user: SignInUser, rememberCookie: string | undefined): Promise<TwoFactorStep | null> {
      const row = await rowOf(user.id);
      if (row?.enabledAt) {
        if (await isRemembered(rememberCookie, user.id, row.enabledAt)) return null;
        return { twoFactor: 'verify', challenge: await signChallenge(user) };
      }
      if (await isRequired(user)) return { twoFactor: 'enrol', challenge: await signChallenge(user) };
      return null;
    },

    /** The second step: the challenge's user, once the code is right. */
    async verifyChallenge(challenge: string, code: string) {
      const opened = await openChallenge(challenge);
      const row = await rowOf(opened.userId);
      if (!row?.enabledAt) throw challengeExpired();
      await checkCode(opened.userId, row.secretEncrypted, code);
      return opened;
    },

    /** Required enrolment during sign-in: a challenge of a user without two-factor on. */
    async enrolSetup(challenge: string): Promise<TwoFactorSetup> {
      const { userId } = await openChallenge(challenge);
      return setup(userId);
    },

    async enrolConfirm(challenge: string, code: string) {
      const opened = await openChallenge(challenge);
      return { ...opened, recoveryCodes: await confirm(opened.userId, code) };
    },

    async status(user: Pick<SignInUser, 'id' | 'role' | 'orgId'>): Promise<TwoFactorStatus> {
      const row = await rowOf(user.id);
      const [left] = await db
        .select({ n: count() })
        .from(twoFactorRecoveryCodes)
        .where(and(eq(twoFactorRecoveryCodes.userId, user.id), isNull(twoFactorRecoveryCodes.usedAt)));
      return {
        enabled: Boolean(row?.enabledAt),
        required: await isRequired(user),
        recoveryCodesLeft: row?.enabledAt ? (left?.n ?? 0) : 0,
      };
    },

    /** Off, with a current code (or a recovery code); refused where it is required. */
    async disable(user: Pick<SignInUser, 'id' | 'role' | 'orgId'>, code: string): Promise<void> {
      const row = await rowOf(user.id);
      if (!row?.enabledAt) throw new AppError('TWO_FACTOR_DISABLED', 409, message('signIn.notEnabled'));
      if (await isRequired(user))
        throw new AppError('TWO_FACTOR_REQUIRED', 409, message('signIn.requiredCannotDisable'));
      await checkCode(user.id, row.secretEncrypted, code);
      await db.transaction(async (tx) => {
        await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
      });
    },

    async productPolicy(): Promise<{ requireTwoFactorForStaff: boolean }> {
      const [row] = await db.select().from(settings).where(eq(settings.key, PRODUCT_TWO_FACTOR_KEY));
      return { requireTwoFactorForStaff: row?.value === true };
    },

    async saveProductPolicy(requireTwoFactorForStaff: boolean) {
      await db
        .insert(settings)
        .values({ key: PRODUCT_TWO_FACTOR_KEY, value: requireTwoFactorForStaff })
        .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: now() } });
      return { requireTwoFactorForStaff };
    },
  };
}

export type TwoFactorService = ReturnType<typeof twoFactorService>;
