import { describe, expect, it } from 'vitest';
import { twoFactorSuite } from '../../test/two-factor';

const { call, login, enrolled } = twoFactorSuite('Codes Org');

// Its own file: the limits it spends would refuse the other two-factor tests' sign-ins.
describe('codes are limited per account', () => {
  it('across fresh challenges; a forged challenge spends nobody\u2019s budget', async () => {
    const { user, app } = await enrolled();
    const codeWith = async (challenge: string, code = '123456') =>
      (await call('POST', '/two-factor/verify', { challenge, code })).statusCode;
    const freshChallenge = async () => {
      // A challenge is signed to the second: wait for a new one so each is its own.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      return (await login(user.email!)).json().challenge as string;
    };
    // Someone who has the password signs in again and again: 10 wrong codes in all, then no more,
    // even with a right code on a fresh challenge.
    for (let round = 0; round < 2; round++) {
      const challenge = await freshChallenge();
      for (let i = 0; i < 5; i++) expect(await codeWith(challenge)).toBe(400);
    }
    expect(await codeWith(await freshChallenge(), await app())).toBe(429);

    // Another account: challenges forged in its name are refused without spending its budget.
    const other = await enrolled();
    const forged = (n: number) =>
      `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(
        JSON.stringify({ sub: String(other.user.id), tv: 0, exp: 9_999_999_999 - n }),
      ).toString('base64url')}.x`;
    for (let i = 0; i < 12; i++) expect(await codeWith(forged(i))).toBe(401);
    const real = (await login(other.user.email!)).json().challenge;
    expect(await codeWith(real, await other.app())).toBe(200);
  });
});
