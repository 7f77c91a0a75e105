import type { OrgSignInUpdate } from '@playshop/shared';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, expect } from 'vitest';
import { createOrg, createTestContext, createUser, signIn, TEST_PASSWORD, type TestContext } from './context';

/**
 * An authenticator app, as the test's clock says: each code is for a later time step than the last
 * one (the server accepts a step once), at most one step ahead of now (its window), else it waits.
 */
export function authenticator(secretBase32: string) {
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

/** An organization's sign-in settings as they start (no SSO, passwords allowed, nothing required), with `over`. */
export const signInSettings = (over: Partial<OrgSignInUpdate> = {}): OrgSignInUpdate => ({
  ssoEnabled: false,
  issuer: null,
  clientId: null,
  createAccounts: false,
  defaultRole: 'FACILITATOR',
  passwordSignInDisabled: false,
  requireTwoFactorForAdmins: false,
  ...over,
});

/**
 * A two-factor test file's app and organization, made before its tests and closed after them, and
 * its calls on them.
 */
export function twoFactorSuite(orgName: string) {
  let ctx: TestContext | undefined;
  let org: { id: number } | undefined;
  beforeAll(async () => {
    ctx = await createTestContext();
    org = await createOrg(ctx.database, { name: orgName });
  });
  afterAll(() => ctx?.close());
  const context = () => ctx!;
  const orgId = () => org!.id;
  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
    cookies: Record<string, string> = {},
  ) =>
    context().app.inject({ method, url: `/api/v1${url}`, ...(payload ? { payload } : {}), headers, cookies });

  const login = (email: string, cookies: Record<string, string> = {}) =>
    call('POST', '/login', { email, password: TEST_PASSWORD }, {}, cookies);

  /** Signs a new staff member in and turns two-factor on through the API: their app and recovery codes. */
  async function enrolled(role: 'ADMIN' | 'FACILITATOR' = 'FACILITATOR') {
    const user = await createUser(context().database, role, orgId());
    const { headers } = await signIn(context().app, user);
    const setup = await call('POST', '/two-factor/setup', undefined, headers);
    expect(setup.statusCode, setup.body).toBe(200);
    const app = authenticator(setup.json().secret);
    const confirm = await call('POST', '/two-factor/confirm', { code: await app() }, headers);
    expect(confirm.statusCode, confirm.body).toBe(200);
    return { user, headers, app, recoveryCodes: confirm.json().recoveryCodes as string[] };
  }

  return { ctx: context, orgId, call, login, enrolled };
}
