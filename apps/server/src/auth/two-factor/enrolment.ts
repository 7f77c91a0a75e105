import {
  message,
  RECOVERY_CODE_COUNT,
  type Role,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@playshop/shared';
import { and, count, eq, isNull } from 'drizzle-orm';
import { Secret } from 'otpauth';
import type { Db } from '../../db/client';
import { twoFactorRecoveryCodes, users, userTwoFactor } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { SecretBox } from '../secret-box';
import { codeChecker, hashRecoveryCode, newRecoveryCode, totpFor } from './codes';

type Staff = { id: number; role: Role; orgId: number };

/**
 * A staff member's own two-factor: a pending secret, turned on by a code from it with the recovery
 * codes; its status; turned off with a code.
 */
export function enrolment(
  db: Db,
  box: SecretBox,
  now: () => Date,
  isRequired: (user: Staff) => Promise<boolean>,
) {
  const checkCode = codeChecker(db, box, now);
  const rowOf = async (userId: number) =>
    (await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).limit(1))[0];
  return {
    rowOf,
    checkCode,

    /** A new secret, pending until a code from it is confirmed. Refused while one is on. */
    async setup(userId: number): Promise<TwoFactorSetup> {
      const existing = await rowOf(userId);
      if (existing?.enabledAt)
        throw new AppError('TWO_FACTOR_ENABLED', 409, message('signIn.alreadyEnabled'));
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
    },

    /** Turns the pending secret on with a code from it; the recovery codes, returned once. */
    async confirm(userId: number, code: string): Promise<string[]> {
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
    },

    async status(user: Staff): Promise<TwoFactorStatus> {
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
    async disable(user: Staff, code: string): Promise<void> {
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
  };
}
