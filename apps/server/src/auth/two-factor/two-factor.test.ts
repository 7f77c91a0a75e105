import { english } from '@playshop/messages/english';
import { RECOVERY_CODE_COUNT } from '@playshop/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, twoFactorRecoveryCodes, userTwoFactor } from '../../db/schema';
import { createOrg, createUser, signIn } from '../../test/context';
import { authenticator, signInSettings, twoFactorSuite } from '../../test/two-factor';

const { ctx, orgId, call, login, enrolled } = twoFactorSuite('Twofactor Org');

describe('a staff member turns two-factor sign-in on', () => {
  it('gets a secret and an otpauth address for the QR code, and confirms it with a code', async () => {
    const user = await createUser(ctx().database, 'FACILITATOR', orgId());
    const { headers } = await signIn(ctx().app, user);
    expect((await call('GET', '/two-factor', undefined, headers)).json()).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const setup = await call('POST', '/two-factor/setup', undefined, headers);
    const { secret, otpauthUrl } = setup.json();
    const address = new URL(otpauthUrl);
    expect(address.protocol).toBe('otpauth:');
    expect(address.searchParams.get('secret')).toBe(secret);
    expect(address.searchParams.get('issuer')).toBe('Playshop');
    expect(decodeURIComponent(address.pathname)).toContain(user.email);

    const wrong = await call('POST', '/two-factor/confirm', { code: '000000' }, headers);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(english('signIn.invalidCode'));

    const confirm = await call(
      'POST',
      '/two-factor/confirm',
      { code: await authenticator(secret)() },
      headers,
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    const codes: string[] = confirm.json().recoveryCodes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    expect((await call('GET', '/two-factor', undefined, headers)).json()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
    });

    // Stored: the secret sealed, the recovery codes as hashes only.
    const [row] = await ctx()
      .database.db.select()
      .from(userTwoFactor)
      .where(eq(userTwoFactor.userId, user.id));
    expect(row!.secretEncrypted).not.toContain(secret);
    const hashes = await ctx()
      .database.db.select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(hashes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(JSON.stringify(hashes)).not.toContain(code.replace('-', ''));

    // A second setup while it is on is refused (it would replace the secret).
    expect((await call('POST', '/two-factor/setup', undefined, headers)).statusCode).toBe(409);
  });
});

describe('signing in with two-factor on', () => {
  it('asks for a code after the password, and signs in with the current one only once', async () => {
    const { user, app } = await enrolled();
    const first = await login(user.email!);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactor: 'verify', challenge: expect.any(String) });
    expect(first.cookies.some((c) => c.name === 'playshop_refresh')).toBe(false);
    const { challenge } = first.json();

    const wrong = await call('POST', '/two-factor/verify', { challenge, code: '123456' });
    expect(wrong.statusCode).toBe(400);
    const code = await app();
    const ok = await call('POST', '/two-factor/verify', { challenge, code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ userId: user.id, role: 'FACILITATOR' });
    expect(ok.cookies.some((c) => c.name === 'playshop_refresh')).toBe(true);
    // The audit log: the password step, then the sign-in by its code; the refused code is recorded
    // too (a refusal names nobody: the challenge is not read for it).
    const mine = await ctx()
      .database.db.select()
      .from(auditLog)
      .where(eq(auditLog.actorId, user.id))
      .orderBy(auditLog.id);
    expect(mine.map((e) => e.action).slice(-2)).toEqual(['auth.login_second_step', 'auth.login']);
    expect(mine.at(-1)).toMatchObject({ targetType: 'two-factor', orgId: user.orgId });
    const refused = await ctx()
      .database.db.select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.login_refused'));
    expect(refused).toContainEqual(
      expect.objectContaining({ targetType: 'two-factor', targetLabel: expect.any(String) }),
    );

    // The same code again (seen over a shoulder): refused.
    const again = (await login(user.email!)).json().challenge;
    expect((await call('POST', '/two-factor/verify', { challenge: again, code })).statusCode).toBe(400);
  });

  it('takes each recovery code once, in place of a code', async () => {
    const { user, recoveryCodes, headers } = await enrolled();
    const challenge = (await login(user.email!)).json().challenge;
    const recovery = recoveryCodes[3]!;
    const ok = await call('POST', '/two-factor/verify', { challenge, code: recovery.toUpperCase() });
    expect(ok.statusCode, ok.body).toBe(200);
    const next = (await login(user.email!)).json().challenge;
    expect((await call('POST', '/two-factor/verify', { challenge: next, code: recovery })).statusCode).toBe(
      400,
    );
    expect((await call('GET', '/two-factor', undefined, headers)).json().recoveryCodesLeft).toBe(
      RECOVERY_CODE_COUNT - 1,
    );
  });

  it('refuses a forged or foreign challenge', async () => {
    const { app } = await enrolled();
    const res = await call('POST', '/two-factor/verify', {
      challenge: 'eyJhbGciOiJIUzI1NiJ9.e30.x',
      code: await app(),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'CHALLENGE_EXPIRED' });
  });

  it('remembers this device for 30 days when asked, and only this user on it', async () => {
    const { user, app } = await enrolled();
    const challenge = (await login(user.email!)).json().challenge;
    const ok = await call('POST', '/two-factor/verify', {
      challenge,
      code: await app(),
      rememberDevice: true,
    });
    const device = ok.cookies.find((c) => c.name === 'playshop_2fa_device')!;
    expect(device.httpOnly).toBe(true);
    const days = ((device.expires as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const remembered = await login(user.email!, { playshop_2fa_device: device.value });
    expect(remembered.json()).toMatchObject({ userId: user.id, accessToken: expect.any(String) });
    // Another browser is asked; another enrolled user on this browser is asked too.
    expect((await login(user.email!)).json().twoFactor).toBe('verify');
    const other = await enrolled();
    expect((await login(other.user.email!, { playshop_2fa_device: device.value })).json().twoFactor).toBe(
      'verify',
    );
  });

  it('turns off with a current code, and then asks for none', async () => {
    const { user, app, headers } = await enrolled();
    expect((await call('POST', '/two-factor/disable', { code: '000000' }, headers)).statusCode).toBe(400);
    const off = await call('POST', '/two-factor/disable', { code: await app() }, headers);
    expect(off.statusCode, off.body).toBe(200);
    expect((await login(user.email!)).json()).toMatchObject({ userId: user.id });
  });
});

describe('two-factor required', () => {
  it("by the organization for its admins: an admin without it sets it up at sign-in; facilitators don't", async () => {
    const admin = await createUser(ctx().database, 'ADMIN', orgId());
    const facilitator = await createUser(ctx().database, 'FACILITATOR', orgId());
    const { headers } = await signIn(ctx().app, admin);
    const saved = await call(
      'PUT',
      `/organizations/${orgId()}/sign-in`,
      signInSettings({ requireTwoFactorForAdmins: true }),
      headers,
    );
    expect(saved.statusCode, saved.body).toBe(200);

    const step = await login(admin.email!);
    expect(step.json()).toEqual({ twoFactor: 'enrol', challenge: expect.any(String) });
    expect((await login(facilitator.email!)).json()).toMatchObject({ userId: facilitator.id });

    const { challenge } = step.json();
    const setup = await call('POST', '/two-factor/enrol/setup', { challenge });
    expect(setup.statusCode, setup.body).toBe(200);
    const app = authenticator(setup.json().secret);
    const done = await call('POST', '/two-factor/enrol/confirm', { challenge, code: await app() });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ userId: admin.id, recoveryCodes: expect.any(Array) });
    expect(done.json().recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);

    // From now on a code; and it cannot be turned off while required.
    expect((await login(admin.email!)).json().twoFactor).toBe('verify');
    const session = await call('POST', '/two-factor/verify', {
      challenge: (await login(admin.email!)).json().challenge,
      code: await app(),
    });
    const adminHeaders = { authorization: `Bearer ${session.json().accessToken}` };
    const off = await call(
      'POST',
      '/two-factor/disable',
      { code: done.json().recoveryCodes[0] },
      adminHeaders,
    );
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(english('signIn.requiredCannotDisable'));
    expect((await call('GET', '/two-factor', undefined, adminHeaders)).json()).toMatchObject({
      enabled: true,
      required: true,
    });
  });

  it('by the super admin for every staff account of the product', async () => {
    // Of an organization without a rule of its own (the one above requires it of its admins).
    const superAdmin = await createUser(ctx().database, 'SUPER_ADMIN', (await createOrg(ctx().database)).id);
    const { headers } = await signIn(ctx().app, superAdmin);
    const elsewhere = await createUser(ctx().database, 'FACILITATOR', (await createOrg(ctx().database)).id);
    expect((await call('GET', '/product-sign-in', undefined, headers)).json()).toEqual({
      requireTwoFactorForStaff: false,
    });
    const on = await call('PUT', '/product-sign-in', { requireTwoFactorForStaff: true }, headers);
    expect(on.json()).toEqual({ requireTwoFactorForStaff: true });
    try {
      expect((await login(elsewhere.email!)).json().twoFactor).toBe('enrol');
      // The super admin too: their own rule applies to them.
      expect((await login(superAdmin.email!)).json().twoFactor).toBe('enrol');
    } finally {
      await call('PUT', '/product-sign-in', { requireTwoFactorForStaff: false }, headers);
    }
    expect((await login(elsewhere.email!)).json()).toMatchObject({ userId: elsewhere.id });
  });
});
