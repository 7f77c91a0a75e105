import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../http/errors';
import { type PasswordOwner, passwordRefusal } from '../password-rules';

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

/**
 * Every password a person chooses goes through here (a new staff account, a reset): refused with a
 * 400 that says why (passwordRefusal), otherwise hashed.
 */
export async function hashNewPassword(
  password: string,
  owner: PasswordOwner = {},
  field = 'password',
): Promise<string> {
  const refusal = passwordRefusal(password, owner);
  if (refusal) throw new AppError(refusal.code, 400, refusal.message, field);
  return hashPassword(password);
}
