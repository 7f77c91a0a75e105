import { hkdfSync } from 'node:crypto';
import { message, TWO_FACTOR_REMEMBER_DAYS } from '@playshop/shared';
import { jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../http/errors';

/** How long the password step's proof lasts: time to open the app and type a code. */
const CHALLENGE_TTL = '10m';

export const challengeExpired = () =>
  new AppError('CHALLENGE_EXPIRED', 401, message('signIn.challengeExpired'));

/** The device token is bound to the enrolment: setting two-factor up again makes it worthless. */
const enrolmentMark = (enabledAt: Date) => enabledAt.getTime();

/** The password step's challenge and the 30-day "remember this device" token, each signed with a key of its own. */
export function twoFactorTokens(serverSecret: string, now: () => Date) {
  // Keys of their own, so neither token can pass for an access token or for the other.
  const keyFor = (purpose: string) =>
    new Uint8Array(hkdfSync('sha256', serverSecret, 'playshop-two-factor', purpose, 32));
  const challengeKey = keyFor('challenge');
  const rememberKey = keyFor('remember-device');

  return {
    async signChallenge(user: { id: number; tokenVersion: number }): Promise<string> {
      return new SignJWT({ tv: user.tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuedAt()
        .setExpirationTime(CHALLENGE_TTL)
        .sign(challengeKey);
    },

    /** The user a challenge names, with the token version it was issued at. */
    async openChallenge(challenge: string): Promise<{ userId: number; tokenVersion: number }> {
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
    },

    /** A device token for a user whose two-factor was turned on at `enabledAt`. */
    async rememberToken(userId: number, enabledAt: Date | null): Promise<{ token: string; expiresAt: Date }> {
      if (!enabledAt) throw new AppError('TWO_FACTOR_DISABLED', 409, message('signIn.notEnabled'));
      const expiresAt = new Date(now().getTime() + TWO_FACTOR_REMEMBER_DAYS * 86_400_000);
      const token = await new SignJWT({ en: enrolmentMark(enabledAt) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(rememberKey);
      return { token, expiresAt };
    },

    async isRemembered(token: string | undefined, userId: number, enabledAt: Date) {
      if (!token) return false;
      try {
        const { payload } = await jwtVerify(token, rememberKey, {
          algorithms: ['HS256'],
          currentDate: now(),
        });
        return payload.sub === String(userId) && payload.en === enrolmentMark(enabledAt);
      } catch {
        return false;
      }
    },
  };
}
