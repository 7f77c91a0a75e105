import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createTestContext,
  createUser,
  signIn,
  TEST_PASSWORD,
  type TestContext,
} from '../../test/context';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof createOrg>>;

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
  cookies: Record<string, string> = {},
) => ctx.app.inject({ method, url: `/api/v1${url}`, ...(payload ? { payload } : {}), headers, cookies });

const login = (email: string, cookies: Record<string, string> = {}) =>
  call('POST', '/login', { email, password: TEST_PASSWORD }, {}, cookies);

/**
 * An authenticator app, as the test's clock says: each code is for a later time step than the last
 * one (the server accepts a step once), at most one step ahead of now (its window), else it waits.
 */
function authenticator(secretBase32: string) {
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secretBase32),
  });
  let last = Number.NEGATIVE_INFINITY;
  return async () => {
    for (;;) {
      const current = Math.floor(Date.now() / 30_000);
      const step = Math.max(last + 1, current);
      if (step <= current + 1) {
        last = step;
        return totp.generate({ timestamp: step * 30_000 });
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
}

/** Signs a new staff member in and turns two-factor on through the API: their app and recovery codes. */
async function enrolled(role: 'ADMIN' | 'FACILITATOR' = 'FACILITATOR') {
  const user = await createUser(ctx.database, role, org.id);
  const { headers } = await signIn(ctx.app, user);
  const setup = await call('POST', '/two-factor/setup', undefined, headers);
  expect(setup.statusCode, setup.body).toBe(200);
  const app = authenticator(setup.json().secret);
  const confirm = await call('POST', '/two-factor/confirm', { code: await app() }, headers);
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { user, headers, app, recoveryCodes: confirm.json().recoveryCodes as string[] };
}

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createOrg(ctx.database, { name: 'Codes Org' });
});
afterAll(() => ctx?.close());

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
