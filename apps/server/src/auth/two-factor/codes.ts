import { createHash, randomBytes } from 'node:crypto';
import { message } from '@playshop/shared';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/client';
import { twoFactorRecoveryCodes, userTwoFactor } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { SecretBox } from '../secret-box';

const PERIOD_SECONDS = 30;
/** One step either side: a phone clock 30 s off still works. */
const WINDOW = 1;
const ISSUER = 'Playshop';

/** TOTP (RFC 6238: SHA-1, 6 digits, 30 s) with otpauth. */
export const totpFor = (secretBase32: string, label = 'Playshop') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

const invalidCode = () => new AppError('INVALID_CODE', 400, message('signIn.invalidCode'), 'code');

const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

/** `xxxxx-xxxxx` from an alphabet without look-alikes (no 0/o, 1/l/i). */
export function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/**
 * Checks a TOTP code and spends its time step (a code is accepted once: a replayed one fails), or
 * spends a recovery code. Throws INVALID_CODE.
 */
export function codeChecker(db: Db, box: SecretBox, now: () => Date) {
  return async function checkCode(userId: number, secretSealed: string, code: string, pending = false) {
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
  };
}
