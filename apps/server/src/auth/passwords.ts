import { hash, verify } from '@node-rs/argon2';

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
