import { type Message, message } from '@playshop/shared';
import { dictionary } from '@zxcvbn-ts/language-common';

// What a chosen password may not be, with no hashing and no HTTP: config.ts checks the first start's
// password with it, auth/passwords.ts every password a person chooses.

/** The ~49,000 most common passwords of breach corpora (zxcvbn-ts's list), lower-cased; built on first use. */
let common: Set<string> | undefined;

/** True for a password on the common list, whatever its case (ASVS 5.0 6.2.4). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** Whom a new password is for: their own email and names are refused in it (ASVS 5.0 6.2.11). */
export interface PasswordOwner {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** The words of a person a password must not contain: names, the email and its local part's pieces. */
function ownerWords({ email, firstName, lastName }: PasswordOwner): string[] {
  const local = email?.toLowerCase().split('@')[0] ?? '';
  const names = [firstName, lastName].map((n) => n?.toLowerCase().replace(/\s+/g, '') ?? '');
  return [email?.toLowerCase() ?? '', local, ...local.split(/[._+-]+/), ...names, names.join('')].filter(
    (w) => w.length >= 3,
  );
}

/** 'aaaaaaaa', 'abababab', 'abcabcabc', 'abcdefgh', '98765432': easy to guess, yet on no list. */
function isPattern(password: string): boolean {
  const lower = password.toLowerCase();
  if (/^([\s\S]{1,4})\1+$/u.test(lower)) return true;
  const codes = [...lower].map((c) => c.codePointAt(0)!);
  const steps = new Set(codes.slice(1).map((c, i) => c - codes[i]!));
  return steps.size === 1 && (steps.has(1) || steps.has(-1));
}

/**
 * Why a chosen password is refused, or null: a common one (whatever its case), a repeated or
 * running pattern, or one containing the person's own email or name (4 letters or more anywhere,
 * or the whole password once digits and symbols are set aside).
 */
export function passwordRefusal(
  password: string,
  owner: PasswordOwner = {},
): { code: string; message: Message } | null {
  if (isCommonPassword(password))
    return { code: 'COMMON_PASSWORD', message: message('validation.commonPassword') };
  if (isPattern(password)) return { code: 'WEAK_PASSWORD', message: message('validation.patternPassword') };
  const lower = password.toLowerCase();
  const letters = lower.replace(/[^\p{L}]/gu, '');
  const personal = ownerWords(owner).some(
    (w) =>
      (w.length >= 4 && lower.includes(w)) || (letters !== '' && letters === w.replace(/[^\p{L}]/gu, '')),
  );
  if (personal) return { code: 'PERSONAL_PASSWORD', message: message('validation.personalPassword') };
  return null;
}
