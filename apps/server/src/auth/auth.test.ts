import { RESET_TOKEN_TTL_MINUTES } from '@playshop/shared';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, passwordResetTokens, refreshTokens, users } from '../db/schema';
import { hashOpaqueToken } from '../sessions/tokens';
import {
  createOrg,
  createTestContext,
  createUser,
  perMinute,
  signIn,
  TEST_PASSWORD,
  type TestContext,
  withTestContext,
} from '../test/context';
import { extractResetLink, startSmtpServer, type TestSmtpServer } from '../test/smtp';
import { REFRESH_REUSE_GRACE_MS } from './refresh-rotation';

/** A 1×1 PNG, in base64 as `PUT /org-logo` takes it. */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let ctx: TestContext;
let smtp: TestSmtpServer;
let org: Awaited<ReturnType<typeof createOrg>>;

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });
const refresh = (cookie: string, headers: Record<string, string> = { 'x-requested-with': 'playshop' }) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/refresh', cookies: { playshop_refresh: cookie }, headers });

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://playshop.example' },
    rateLimits: perMinute({ resetPerAccount: 50 }),
  });
  org = await createOrg(ctx.database, { name: 'Acme' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe('POST /login', () => {
  it('returns the auth user and a refresh cookie', async () => {
    const admin = await createUser(ctx.database, 'ADMIN', org.id);
    const res = await post('/login', { email: admin.email!.toUpperCase(), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      username: admin.email,
      org: 'Acme',
      orgId: org.id,
      role: 'ADMIN',
      userId: admin.id,
      accessToken: expect.any(String),
      // Their own language of the staff screens: none chosen yet (PUT /account/language).
      language: null,
    });
    const cookie = res.cookies.find((c) => c.name === 'playshop_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1', secure: true });
    // The page's cue that a session may exist: readable, secret-free, gone when the refresh cookie goes.
    const hint = res.cookies.find((c) => c.name === 'playshop_signed_in');
    expect(hint).toMatchObject({ value: '1', sameSite: 'Strict', path: '/', secure: true });
    expect(hint?.httpOnly).toBeFalsy();
    expect(hint?.expires?.getTime()).toBe(cookie?.expires?.getTime());
  });

  it('refuses a wrong password and an unknown email with the same answer', async () => {
    const admin = await createUser(ctx.database, 'FACILITATOR', org.id);
    const wrong = await post('/login', { email: admin.email!, password: 'not the password' });
    const unknown = await post('/login', { email: 'nobody@example.com', password: 'whatever123' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password',
      key: 'errors.invalidCredentials',
    });
  });

  it('names the missing field with the spec text', async () => {
    const res = await post('/login', { email: '', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'This field is required',
      key: 'validation.required',
      code: 'VALIDATION_ERROR',
      field: 'email',
    });
  });

  it('stores passwords as argon2id', async () => {
    const admin = await createUser(ctx.database, 'ADMIN', org.id);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('POST /participantLogin', () => {
  it('signs a player in by username, any case, with tokens of their own', async () => {
    const player = await createUser(ctx.database, 'PLAYER', org.id);
    const res = await post('/participantLogin', {
      username: ` ${player.username!.toUpperCase()} `,
      org: 'acme',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: player.username,
      org: 'Acme',
      role: 'PLAYER',
      userId: player.id,
    });
    expect(res.json().accessToken).toEqual(expect.any(String));
    expect(res.cookies.some((c) => c.name === 'playshop_refresh')).toBe(true);
  });

  it("answers 'Username is required' and 404 for an unknown player", async () => {
    expect((await post('/participantLogin', { username: '   ', org: 'Acme' })).json()).toMatchObject({
      message: 'Username is required',
      field: 'username',
    });
    const unknown = await post('/participantLogin', { username: 'ghost', org: 'Acme' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('UNKNOWN_PLAYER');
  });

  it('does not let staff in without a password', async () => {
    const staff = await createUser(ctx.database, 'ADMIN', org.id);
    await ctx.database.db.update(users).set({ username: 'staffname' }).where(eq(users.id, staff.id));
    expect((await post('/participantLogin', { username: 'staffname', org: 'Acme' })).statusCode).toBe(404);
  });

  it('needs the organization, and finds a player only in their own', async () => {
    const player = await createUser(ctx.database, 'PLAYER', org.id);
    const other = await createOrg(ctx.database);
    const none = await post('/participantLogin', { username: player.username });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: 'Organization or room code is required', field: 'org' });
    expect((await post('/participantLogin', { username: player.username, org: other.name })).statusCode).toBe(
      404,
    );
    expect((await post('/participantLogin', { username: player.username, orgId: other.id })).statusCode).toBe(
      404,
    );
    expect(
      (await post('/participantLogin', { username: player.username, org: 'No Such Org' })).statusCode,
    ).toBe(404);
    expect((await post('/participantLogin', { username: player.username, orgId: org.id })).statusCode).toBe(
      200,
    );
  });
});

describe('access tokens', () => {
  const protectedUrl = () => `/api/v1/check-org-expiry/${org.id}`;

  it('401 without a token, with a garbage token, with another key and with alg none', async () => {
    expect((await ctx.app.inject({ url: protectedUrl() })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ url: protectedUrl(), headers: { authorization: 'Bearer abc' } })).statusCode,
    ).toBe(401);
    const claims = { role: 'SUPER_ADMIN', orgId: org.id, org: 'Acme', username: 'x' };
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('playshop')
      .setAudience('playshop-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect(
      (await ctx.app.inject({ url: protectedUrl(), headers: { authorization: `Bearer ${otherKey}` } }))
        .statusCode,
    ).toBe(401);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ ...claims, sub: '1', iss: 'playshop', aud: 'playshop-api' }),
    ).toString('base64url');
    const none = `${header}.${payload}.`;
    expect(
      (await ctx.app.inject({ url: protectedUrl(), headers: { authorization: `Bearer ${none}` } }))
        .statusCode,
    ).toBe(401);
  });

  it('401 TOKEN_EXPIRED once the access token has expired', async () => {
    await withTestContext({ accessTokenTtlSeconds: 1 }, async (short) => {
      const o = await createOrg(short.database);
      const admin = await createUser(short.database, 'ADMIN', o.id);
      const { headers } = await signIn(short.app, admin);
      await new Promise((r) => setTimeout(r, 2100));
      const res = await short.app.inject({ url: `/api/v1/check-org-expiry/${o.id}`, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('TOKEN_EXPIRED');
    });
  });
});

describe('POST /refresh and /logout', () => {
  it('rotates the refresh token on every use', async () => {
    const admin = await createUser(ctx.database, 'ADMIN', org.id);
    const first = await signIn(ctx.app, admin);
    const res = await refresh(first.refreshCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: admin.id, role: 'ADMIN', accessToken: expect.any(String) });
    const next = res.cookies.find((c) => c.name === 'playshop_refresh')!.value;
    expect(next).not.toBe(first.refreshCookie);
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('stores only a hash of the refresh token', async () => {
    const admin = await createUser(ctx.database, 'ADMIN', org.id);
    const { refreshCookie } = await signIn(ctx.app, admin);
    const rows = await ctx.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, admin.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(refreshCookie);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('revokes the whole family when a spent token comes back after the grace window', async () => {
    const admin = await createUser(ctx.database, 'ADMIN', org.id);
    const { refreshCookie: stolen } = await signIn(ctx.app, admin);
    const rotated = (await refresh(stolen)).cookies.find((c) => c.name === 'playshop_refresh')!.value;
    // The rotation happened longer ago than the grace window.
    await ctx.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1000) })
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(stolen)));
    const replay = await refresh(stolen);
    expect(replay.statusCode).toBe(401);
    // The legitimate holder is signed out too: the family is burnt.
    expect((await refresh(rotated)).statusCode).toBe(401);
  });

  it('gives two tabs refreshing with one token at the same moment the same successor', async () => {
    const admin = await createUser(ctx.database, 'ADMIN', org.id);
    const { refreshCookie } = await signIn(ctx.app, admin);
    const [a, b] = await Promise.all([refresh(refreshCookie), refresh(refreshCookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const next = (r: typeof a) => r.cookies.find((c) => c.name === 'playshop_refresh')!.value;
    expect(next(a)).toBe(next(b));
    expect(next(a)).not.toBe(refreshCookie);
    // Both access tokens work and the session carries on.
    for (const r of [a, b]) {
      const res = await ctx.app.inject({
        url: `/api/v1/check-org-expiry/${org.id}`,
        headers: { authorization: `Bearer ${r.json().accessToken}` },
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await refresh(next(a))).statusCode).toBe(200);
  });

  it('does not hand out the successor again once it has been spent (a replay, not a racing tab)', async () => {
    const admin = await createUser(ctx.database, 'ADMIN', org.id);
    const { refreshCookie: first } = await signIn(ctx.app, admin);
    const second = (await refresh(first)).cookies.find((c) => c.name === 'playshop_refresh')!.value;
    const third = (await refresh(second)).cookies.find((c) => c.name === 'playshop_refresh')!.value;
    expect((await refresh(first)).statusCode).toBe(401);
    expect((await refresh(third)).statusCode).toBe(401);
  });

  it('needs the CSRF header', async () => {
    const admin = await createUser(ctx.database, 'ADMIN', org.id);
    const { refreshCookie } = await signIn(ctx.app, admin);
    const res = await refresh(refreshCookie, {});
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF');
    expect((await refresh(refreshCookie)).statusCode).toBe(200);
  });

  it('logout revokes the session and clears the cookie', async () => {
    const player = await createUser(ctx.database, 'PLAYER', org.id);
    const { refreshCookie } = await signIn(ctx.app, player);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      cookies: { playshop_refresh: refreshCookie },
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'playshop_refresh')?.value).toBe('');
    expect(out.cookies.find((c) => c.name === 'playshop_signed_in')).toMatchObject({ value: '', path: '/' });
    const refused = await refresh(refreshCookie);
    expect(refused.statusCode).toBe(401);
    expect(refused.cookies.find((c) => c.name === 'playshop_signed_in')).toMatchObject({
      value: '',
      path: '/',
    });
  });

  it('gives a token with the current role, so a stale 403 clears after one refresh', async () => {
    const user = await createUser(ctx.database, 'PLAYER', org.id);
    const session = await signIn(ctx.app, user);
    const url = `/api/v1/get-org-workshops/${encodeURIComponent('Acme')}`;
    expect((await ctx.app.inject({ url, headers: session.headers })).statusCode).toBe(403);
    await ctx.database.db.update(users).set({ role: 'FACILITATOR' }).where(eq(users.id, user.id));
    const renewed = (await refresh(session.refreshCookie)).json();
    expect(renewed.role).toBe('FACILITATOR');
    const retry = await ctx.app.inject({ url, headers: { authorization: `Bearer ${renewed.accessToken}` } });
    expect(retry.statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the address exists', async () => {
    const a = await post('/requestReset', { email: 'nobody-here@example.com' });
    const admin = await createUser(ctx.database, 'ADMIN', org.id);
    const b = await post('/requestReset', { email: admin.email! });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual({ message: 'Email verified, please check your email' });
    expect(b.json()).toEqual(a.json());
  });

  it("mails in the organization's language and look: its colour, its logo inline", async () => {
    const german = await createOrg(ctx.database, { name: 'Kammer' });
    await ctx.database.db
      .update(organizations)
      .set({ language: 'de' })
      .where(eq(organizations.id, german.id));
    const admin = await createUser(ctx.database, 'ADMIN', german.id);
    const { headers } = await signIn(ctx.app, admin);
    const put = (url: string, payload: object) =>
      ctx.app.inject({ method: 'PUT', url: `/api/v1${url}`, payload, headers });
    expect(
      (await put('/org-branding', { orgId: german.id, primaryColor: '#0b7285', accentColor: null }))
        .statusCode,
    ).toBe(200);
    expect((await put('/org-logo', { orgId: german.id, data: ONE_PIXEL_PNG })).statusCode).toBe(200);

    await post('/requestReset', { email: admin.email! });
    const mail = await smtp.waitFor(admin.email!);
    expect(mail.subject).toBe('Setzen Sie Ihr Playshop-Passwort zurück');
    expect(mail.text).toContain(`innerhalb von ${RESET_TOKEN_TTL_MINUTES} Minuten`);
    expect(new URL(extractResetLink(mail.text)).origin).toBe('https://playshop.example');
    expect(mail.html).toContain('lang="de"');
    expect(mail.html).toMatch(
      /background:#0b7285;color:#ffffff[^>]*><img src="data:image\/png;base64,[^"]+"[^>]*>Kammer</,
    );
    expect(mail.html).toContain('>Neues Passwort wählen</a>');
    expect(mail.attachments).toEqual([expect.objectContaining({ contentType: 'image/png' })]);

    // A colleague who chose English for their own screens gets the mail in English, in the same look.
    const colleague = await createUser(ctx.database, 'FACILITATOR', german.id);
    await ctx.database.db.update(users).set({ language: 'en' }).where(eq(users.id, colleague.id));
    await post('/requestReset', { email: colleague.email! });
    const english = await smtp.waitFor(colleague.email!);
    expect(english.subject).toBe('Reset your Playshop password');
    expect(english.html).toContain('lang="en"');
    expect(english.html).toContain('>Kammer</td>');

    // One who chose French (a staff language since issue 44) gets it in French.
    const french = await createUser(ctx.database, 'FACILITATOR', german.id);
    await ctx.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, french.id));
    await post('/requestReset', { email: french.email! });
    const inFrench = await smtp.waitFor(french.email!);
    expect(inFrench.subject).toBe('Réinitialisez votre mot de passe Playshop');
    expect(inFrench.text).toContain(`dans les ${RESET_TOKEN_TTL_MINUTES} minutes`);
    expect(inFrench.html).toContain('lang="fr" dir="ltr"');
  });

  it('mails a single-use link that sets a new password and signs out other sessions', async () => {
    const admin = await createUser(ctx.database, 'ADMIN', org.id);
    const before = await signIn(ctx.app, admin);
    await post('/requestReset', { email: admin.email! });
    const mail = await smtp.waitFor(admin.email!);
    expect(mail.subject).toBe('Reset your Playshop password');
    const link = new URL(extractResetLink(mail.text));
    expect(link.origin).toBe('https://playshop.example');
    const token = link.searchParams.get('token')!;

    const tooShort = await post('/resetPassword', { token, password: 'short' });
    expect(tooShort.json().message).toBe('Password must be at least 8 characters long');
    const ok = await post('/resetPassword', { token, password: 'a brand new password' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Password reset' });

    expect((await post('/resetPassword', { token, password: 'yet another password' })).statusCode).toBe(400);
    expect((await post('/login', { email: admin.email!, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post('/login', { email: admin.email!, password: 'a brand new password' })).statusCode).toBe(
      200,
    );
    expect((await refresh(before.refreshCookie)).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const admin = await createUser(ctx.database, 'FACILITATOR', org.id);
    await post('/requestReset', { email: admin.email! });
    const token = new URL(extractResetLink((await smtp.waitFor(admin.email!)).text)).searchParams.get(
      'token',
    )!;
    await ctx.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, admin.id));
    const res = await post('/resetPassword', { token, password: 'a brand new password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_RESET_TOKEN');
  });

  it("validates the email with the spec's texts", async () => {
    expect((await post('/requestReset', { email: '' })).json().message).toBe('Email is required');
    expect((await post('/requestReset', { email: 'no-at-sign' })).json().message).toBe(
      'Invalid email address',
    );
  });
});

describe('rate limits', () => {
  it('throttles sign-in per account and address with growing waits, and keeps the per-IP limit', async () => {
    await withTestContext(
      {
        rateLimits: perMinute({ loginPerIp: 8 }),
        loginThrottle: { freeAttempts: 2, baseDelayMs: 1000, maxDelayMs: 60_000 },
      },
      async (limited) => {
        const o = await createOrg(limited.database);
        const victim = await createUser(limited.database, 'ADMIN', o.id);
        const attempt = (email: string, ip: string, password = 'wrong-password') =>
          limited.app.inject({
            method: 'POST',
            url: '/api/v1/login',
            payload: { email, password },
            remoteAddress: ip,
          });
        // A stranger guessing from one address: two free tries, then a wait.
        expect((await attempt(victim.email!, '10.0.0.66')).statusCode).toBe(401);
        expect((await attempt(victim.email!, '10.0.0.66')).statusCode).toBe(401);
        expect((await attempt(victim.email!, '10.0.0.66')).statusCode).toBe(401);
        const blocked = await attempt(victim.email!, '10.0.0.66');
        expect(blocked.statusCode).toBe(429);
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
        expect(blocked.json()).toEqual({
          code: 'RATE_LIMITED',
          message: 'Too many attempts, please try again later',
          key: 'errors.tooManyRequests',
        });
        // The stranger does not lock the admin out: from the admin's own address sign-in works.
        expect((await attempt(victim.email!, '10.0.0.1', TEST_PASSWORD)).statusCode).toBe(200);
        // Per IP: one address trying many accounts still meets the route's limit.
        for (const n of [1, 2, 3, 4, 5, 6, 7, 8])
          expect((await attempt(`u${n}@example.com`, '10.0.0.9')).statusCode).toBe(401);
        expect((await attempt('u9@example.com', '10.0.0.9')).statusCode).toBe(429);
      },
    );
  });

  it('limits participant login and reset requests too', async () => {
    await withTestContext(
      { rateLimits: perMinute({ participantPerAccount: 1, resetPerIp: 1 }) },
      async (limited) => {
        const player = (ip: string) =>
          limited.app.inject({
            method: 'POST',
            url: '/api/v1/participantLogin',
            payload: { username: 'ghost', org: 'Acme' },
            remoteAddress: ip,
          });
        expect((await player('10.1.0.1')).statusCode).toBe(404);
        expect((await player('10.1.0.1')).statusCode).toBe(429);
        // Per account and address: another address is not locked out.
        expect((await player('10.1.0.2')).statusCode).toBe(404);
        const reset = (email: string) =>
          limited.app.inject({
            method: 'POST',
            url: '/api/v1/requestReset',
            payload: { email },
            remoteAddress: '10.1.0.5',
          });
        expect((await reset('a@example.com')).statusCode).toBe(200);
        expect((await reset('b@example.com')).statusCode).toBe(429);
      },
    );
  });
});
