import type { Role, TwoFactorSetup, TwoFactorStep } from '@playshop/shared';
import type { Db } from '../../db/client';
import { secretBox } from '../secret-box';
import { enrolment } from './enrolment';
import { twoFactorPolicy } from './policy';
import { challengeExpired, twoFactorTokens } from './signed-tokens';

/** The signed "remember this device" token (httpOnly, below the API prefix, so /login receives it). */
export const TWO_FACTOR_DEVICE_COOKIE = 'playshop_2fa_device';

/** Who is signing in: what the rules need to know. */
export interface SignInUser {
  id: number;
  role: Role;
  orgId: number;
  tokenVersion: number;
}

/**
 * Two-factor sign-in for staff: TOTP and one-time recovery codes (codes.ts), the password step's
 * challenge and the "remember this device" token (signed-tokens.ts), who must use it (policy.ts),
 * one's own set-up, status and turning off (enrolment.ts).
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
  const policy = twoFactorPolicy(db, now);
  const { isRequired } = policy;
  const { rowOf, checkCode, ...own } = enrolment(db, secretBox(serverSecret, 'totp-secret'), now, isRequired);
  const { setup, confirm } = own;
  const tokens = twoFactorTokens(serverSecret, now);

  return {
    ...policy,
    ...own,
    rememberToken: async (userId: number) =>
      tokens.rememberToken(userId, (await rowOf(userId))?.enabledAt ?? null),

    /** The user a genuine challenge names (for the per-account limit on codes); undefined otherwise. */
    async challengeUser(challenge: string): Promise<number | undefined> {
      return tokens.openChallenge(challenge).then(
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
        if (await tokens.isRemembered(rememberCookie, user.id, row.enabledAt)) return null;
        return { twoFactor: 'verify', challenge: await tokens.signChallenge(user) };
      }
      if (await isRequired(user)) return { twoFactor: 'enrol', challenge: await tokens.signChallenge(user) };
      return null;
    },

    /** The second step: the challenge's user, once the code is right. */
    async verifyChallenge(challenge: string, code: string) {
      const opened = await tokens.openChallenge(challenge);
      const row = await rowOf(opened.userId);
      if (!row?.enabledAt) throw challengeExpired();
      await checkCode(opened.userId, row.secretEncrypted, code);
      return opened;
    },

    /** Required enrolment during sign-in: a challenge of a user without two-factor on. */
    async enrolSetup(challenge: string): Promise<TwoFactorSetup> {
      const { userId } = await tokens.openChallenge(challenge);
      return setup(userId);
    },

    async enrolConfirm(challenge: string, code: string) {
      const opened = await tokens.openChallenge(challenge);
      return { ...opened, recoveryCodes: await confirm(opened.userId, code) };
    },
  };
}

export type TwoFactorService = ReturnType<typeof twoFactorService>;
