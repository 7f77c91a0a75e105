import { english } from '@playshop/messages/english';
import type { OrgSignInUpdate } from '@playshop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orgSignIn, users } from '../../db/schema';
import { createOrg, createUser, PUBLIC_URL, TEST_PASSWORD } from '../../test/context';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider';
import { orgAdminSuite } from '../../test/org-suite';
import { signInSettings } from '../../test/two-factor';

const suite = orgAdminSuite({ name: 'Sso Org' }, { env: { PUBLIC_URL } });
const { api } = suite;
let provider: TestOidcProvider;

const ssoSettings = (over: Partial<OrgSignInUpdate> = {}) =>
  signInSettings({
    ssoEnabled: true,
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    ...over,
  });

/** Saves `org`'s sign-in settings as its admin: SSO on with the test provider, changed by `over`. */
const saveSso = (over: Partial<OrgSignInUpdate> = {}) =>
  api('PUT', `/organizations/${suite.org.id}/sign-in`, ssoSettings(over));

/** The whole flow: start, sign in at the provider as `email`, hand the answer to the callback. */
async function ssoSignIn(email: string, orgName = suite.org.name) {
  const start = await api('POST', '/sso/start', { org: orgName }, {});
  expect(start.statusCode, start.body).toBe(200);
  const attempt = start.cookies.find((c) => c.name === 'playshop_sso')!;
  expect(attempt.httpOnly).toBe(true);
  const authorizationUrl = new URL(start.json().authorizationUrl);
  const callback = await signInAtProvider(authorizationUrl.href, email);
  const res = await suite.ctx.app.inject({
    method: 'POST',
    url: '/api/v1/sso/callback',
    payload: { query: callback.search },
    cookies: { playshop_sso: attempt.value },
  });
  return { res, authorizationUrl, callback, attempt: attempt.value };
}

beforeAll(async () => {
  provider = await startOidcProvider([`${PUBLIC_URL}/sso/callback`]);
});
afterAll(async () => {
  await provider?.close();
});

describe('an organization admin sets single sign-on up', () => {
  it('starts with SSO off and shows the redirect URI to register', async () => {
    const res = await api('GET', `/organizations/${suite.org.id}/sign-in`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ssoEnabled: false,
      hasClientSecret: false,
      redirectUri: `${PUBLIC_URL}/sso/callback`,
    });
    expect(
      (await api('GET', `/sso/options/${encodeURIComponent(suite.org.name)}`, undefined, {})).statusCode,
    ).toBe(404);
  });

  it('refuses an incomplete or unreachable provider, and password-off without SSO', async () => {
    const noSecret = await saveSso({ clientSecret: '' });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().message).toBe(english('signIn.ssoIncomplete'));
    const unreachable = await saveSso({ issuer: 'http://127.0.0.1:9/nothing' });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().message).toBe(english('signIn.ssoProviderUnreachable'));
    const plainHttp = await saveSso({ issuer: 'http://login.example.org' });
    expect(plainHttp.statusCode).toBe(400);
    const passwordOff = await saveSso({ ssoEnabled: false, passwordSignInDisabled: true });
    expect(passwordOff.statusCode).toBe(400);
    expect(passwordOff.json().message).toBe(english('signIn.passwordOffNeedsSso'));
  });

  it('saves the provider; the secret is stored encrypted and never returned', async () => {
    const res = await saveSso();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ssoEnabled: true, issuer: provider.issuer, hasClientSecret: true });
    expect(res.body).not.toContain(provider.clientSecret);
    const read = await api('GET', `/organizations/${suite.org.id}/sign-in`);
    expect(read.body).not.toContain(provider.clientSecret);
    const [row] = await suite.ctx.database.db
      .select()
      .from(orgSignIn)
      .where(eq(orgSignIn.orgId, suite.org.id));
    expect(row!.clientSecretEncrypted).toMatch(/^v1\./);
    expect(row!.clientSecretEncrypted).not.toContain(provider.clientSecret);
    // Saving again without a secret keeps the stored one.
    const again = await saveSso({ clientSecret: undefined });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().hasClientSecret).toBe(true);
    const option = await api(
      'GET',
      `/sso/options/${encodeURIComponent(suite.org.name.toUpperCase())}`,
      undefined,
      {},
    );
    expect(option.json()).toEqual({ org: suite.org.name, orgId: suite.org.id });
  });

  it('is another organization\u2019s admin\u2019s business only as 404', async () => {
    const other = await createOrg(suite.ctx.database);
    const res = await api('GET', `/organizations/${other.id}/sign-in`);
    expect(res.statusCode).toBe(404);
    expect((await api('PUT', `/organizations/${other.id}/sign-in`, ssoSettings())).statusCode).toBe(404);
  });
});

describe('staff sign in with their organization', () => {
  it('asks the provider with PKCE (S256), state and nonce', async () => {
    const start = await api('POST', '/sso/start', { org: suite.org.name }, {});
    const url = new URL(start.json().authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/sso/callback`);
  });

  it('signs an existing account in by its verified email', async () => {
    const facilitator = await createUser(suite.ctx.database, 'FACILITATOR', suite.org.id);
    provider.addAccount({ email: facilitator.email!.toUpperCase(), emailVerified: true });
    const { res } = await ssoSignIn(facilitator.email!.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ userId: facilitator.id, role: 'FACILITATOR', orgId: suite.org.id });
    expect(res.cookies.some((c) => c.name === 'playshop_refresh')).toBe(true);
    // The access token works.
    const me = await api('GET', '/two-factor', undefined, {
      authorization: `Bearer ${res.json().accessToken}`,
    });
    expect(me.statusCode).toBe(200);
    // The audit log names the account and the way in.
    const entries = await suite.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, facilitator.id));
    expect(entries).toContainEqual(
      expect.objectContaining({ action: 'auth.login', targetType: 'sso', orgId: suite.org.id }),
    );
  });

  it('refuses an email the provider did not verify', async () => {
    const facilitator = await createUser(suite.ctx.database, 'FACILITATOR', suite.org.id);
    provider.addAccount({ email: facilitator.email!, emailVerified: false });
    const { res } = await ssoSignIn(facilitator.email!);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'SSO_EMAIL_NOT_VERIFIED' });
    const refused = await suite.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetLabel, 'SSO_EMAIL_NOT_VERIFIED'));
    expect(refused).toContainEqual(
      expect.objectContaining({ action: 'auth.login_refused', targetType: 'sso' }),
    );
  });

  it('creates no account unless the organization allows it, then one with the default role', async () => {
    provider.addAccount({
      email: 'new.person@sso.test',
      emailVerified: true,
      givenName: 'New',
      familyName: 'Person',
    });
    const refused = await ssoSignIn('new.person@sso.test');
    expect(refused.res.statusCode).toBe(403);
    expect(refused.res.json()).toMatchObject({
      code: 'SSO_NO_ACCOUNT',
      message: english('signIn.ssoNoAccount'),
    });

    await saveSso({ createAccounts: true, defaultRole: 'ADMIN' });
    const created = await ssoSignIn('new.person@sso.test');
    expect(created.res.statusCode, created.res.body).toBe(200);
    expect(created.res.json()).toMatchObject({ role: 'ADMIN', orgId: suite.org.id });
    const [user] = await suite.ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'new.person@sso.test'));
    expect(user).toMatchObject({ firstName: 'New', lastName: 'Person', role: 'ADMIN', passwordHash: null });
    // The second time it is the same account.
    const again = await ssoSignIn('new.person@sso.test');
    expect(again.res.json().userId).toBe(user!.id);
  });

  it('refuses an account of another organization, even where accounts are created', async () => {
    const elsewhere = await createUser(suite.ctx.database, 'ADMIN', (await createOrg(suite.ctx.database)).id);
    provider.addAccount({ email: elsewhere.email!, emailVerified: true });
    const { res } = await ssoSignIn(elsewhere.email!);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('SSO_OTHER_ORGANIZATION');
  });

  it('refuses a callback without its cookie, with a changed state, or played twice', async () => {
    const facilitator = await createUser(suite.ctx.database, 'FACILITATOR', suite.org.id);
    provider.addAccount({ email: facilitator.email!, emailVerified: true });
    const start = await api('POST', '/sso/start', { org: suite.org.name }, {});
    const cookie = start.cookies.find((c) => c.name === 'playshop_sso')!.value;
    const callback = await signInAtProvider(start.json().authorizationUrl, facilitator.email!);
    const post = (query: string, cookies: Record<string, string>) =>
      suite.ctx.app.inject({ method: 'POST', url: '/api/v1/sso/callback', payload: { query }, cookies });

    expect((await post(callback.search, {})).statusCode).toBe(400);
    const forged = new URLSearchParams(callback.search);
    forged.set('state', 'not-the-state');
    expect((await post(`?${forged}`, { playshop_sso: cookie })).statusCode).toBe(400);
    // Another attempt's cookie (its own state and verifier) does not fit this code either.
    const otherStart = await api('POST', '/sso/start', { org: suite.org.name }, {});
    const otherCookie = otherStart.cookies.find((c) => c.name === 'playshop_sso')!.value;
    expect((await post(callback.search, { playshop_sso: otherCookie })).statusCode).toBe(400);

    const ok = await post(callback.search, { playshop_sso: cookie });
    expect(ok.statusCode, ok.body).toBe(200);
    const replay = await post(callback.search, { playshop_sso: cookie });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(english('signIn.ssoFailed'));
  });
});

describe('password sign-in turned off for the organization', () => {
  it('refuses its staff a password with a clear message, never its super admin', async () => {
    const facilitator = await createUser(suite.ctx.database, 'FACILITATOR', suite.org.id);
    const superAdmin = await createUser(suite.ctx.database, 'SUPER_ADMIN', suite.org.id);
    expect(
      (await api('POST', '/login', { email: facilitator.email, password: TEST_PASSWORD }, {})).statusCode,
    ).toBe(200);
    const saved = await saveSso({ passwordSignInDisabled: true });
    expect(saved.statusCode).toBe(200);

    const refused = await api('POST', '/login', { email: facilitator.email, password: TEST_PASSWORD }, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'PASSWORD_SIGN_IN_DISABLED',
      message: english('signIn.passwordSignInDisabled', { org: suite.org.name }),
      key: 'signIn.passwordSignInDisabled',
      params: { org: suite.org.name },
    });
    // A wrong password still says only that (nothing about the organization's rule).
    const wrong = await api('POST', '/login', { email: facilitator.email, password: 'not it at all' }, {});
    expect(wrong.statusCode).toBe(401);
    const admin = await api('POST', '/login', { email: superAdmin.email, password: TEST_PASSWORD }, {});
    expect(admin.statusCode).toBe(200);
    // SSO still signs the facilitator in.
    provider.addAccount({ email: facilitator.email!, emailVerified: true });
    expect((await ssoSignIn(facilitator.email!)).res.statusCode).toBe(200);
    await saveSso();
  });
});
