import { hash, verify } from '@node-rs/argon2';
import { VALIDATION } from '@playshop/shared';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../http/errors';

// argon2id with the OWASP-recommended minimums (19 MiB, 2 passes).
// `algorithm: 2` is Algorithm.Argon2id: the package's const enum cannot be imported under isolatedModules.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/** A hash of nothing, checked when the account does not exist so both paths take as long. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/** The ~49,000 most common passwords of breach corpora (zxcvbn-ts's list), lower-cased; built on first use. */
let common: Set<string> | undefined;

/** True for a password on the common list, whatever its case (ASVS 5.0 6.2.4). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/**
 * Every password a person chooses goes through here (a new staff account, a reset): refused with a
 * 400 that says why when it is a common one, otherwise hashed.
 */
export async function hashNewPassword(password: string, field = 'password'): Promise<string> {
  if (isCommonPassword(password))
    throw new AppError('COMMON_PASSWORD', 400, VALIDATION.commonPassword, field);
  return hashPassword(password);
}
