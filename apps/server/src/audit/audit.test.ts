/**
 * The audit log (issue 30 item 3): changes by admins and the super admin, staff sign-ins and
 * refusals, with who, what (before → after), when and from where; scoped by organization; filtered,
 * paged and exported; append-only, with a retention purge.
 */
import { API_PREFIX, AUDIT_ROUTES, type OrgSignInUpdate } from '@playshop/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { auditLog, orgSignIn } from '../db/schema';
import {
  createOrg,
  createRoom,
  createTestContext,
  createUser,
  signIn,
  TEST_PASSWORD,
  type TestContext,
  type TestOrg,
} from '../test/context';
import { startOidcProvider, type TestOidcProvider } from '../test/oidc-provider';
import { signInSettings } from '../test/two-factor';
import { auditService } from './service';

let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;
let root: { headers: Record<string, string>; email: string };
let admin: { headers: Record<string, string>; email: string };
let otherAdmin: { headers: Record<string, string>; email: string };

const as = async (role: 'SUPER_ADMIN' | 'ADMIN', orgId: number) => {
  const user = await createUser(ctx.database, role, orgId);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email: user.email, password: TEST_PASSWORD },
    remoteAddress: '192.0.2.10',
  });
  return { headers: { authorization: `Bearer ${res.json().accessToken}` }, email: user.email!, user };
};

/** A new session for the same account (its earlier one ended by a rule). */
const signedInAgain = async (email: string) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email, password: TEST_PASSWORD },
    remoteAddress: '192.0.2.10',
  });
  return { authorization: `Bearer ${res.json().accessToken}` };
};

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  headers = {},
  payload?: object,
) => ctx.app.inject({ method, url: `/api/v1${url}`, headers, payload, remoteAddress: '192.0.2.10' });

const entries = async (headers: Record<string, string>, query = '') => {
  const res = await call('GET', `/audit-log${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; totalPages: number; items: Record<string, unknown>[] };
};

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createOrg(ctx.database, { name: 'Audit Org' });
  other = await createOrg(ctx.database, { name: 'Other Audit Org' });
  root = await as('SUPER_ADMIN', org.id);
  admin = await as('ADMIN', org.id);
  otherAdmin = await as('ADMIN', other.id);
});
afterAll(() => ctx.close());

describe('what is recorded', () => {
  it('a licence expiry change by the super admin: who, before → after, when and from which address', async () => {
    const res = await call('PATCH', '/edit-org', root.headers, { id: org.id, expiry: '2031-01-31' });
    expect(res.statusCode, res.body).toBe(200);
    const { items } = await entries(root.headers, '?action=org.edit');
    expect(items[0]).toMatchObject({
      actor: root.email,
      actorRole: 'SUPER_ADMIN',
      action: 'org.edit',
      targetType: 'organization',
      targetId: String(org.id),
      target: 'Audit Org',
      orgId: org.id,
      changes: { expiry: [null, '2031-01-31'] },
      address: '192.0.2.10',
    });
    expect(Date.now() - Date.parse(items[0]!.at as string)).toBeLessThan(60_000);
  });

  it("an admin's role change and deletion of a user, each in the admin's organization's log", async () => {
    const staff = await createUser(ctx.database, 'FACILITATOR', org.id);
    const edit = await call('PATCH', '/edit-admin', admin.headers, {
      id: staff.id,
      firstName: staff.firstName,
      lastName: staff.lastName,
      email: staff.email,
      role: 'ADMIN',
      organizationId: org.id,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await call('DELETE', `/delete-admin/${staff.id}`, admin.headers)).statusCode).toBe(200);
    const { items } = await entries(admin.headers, `?q=${encodeURIComponent(staff.email!)}`);
    expect(items.map((e) => e.action)).toEqual(['user.delete', 'user.role_change']);
    expect(items[1]).toMatchObject({ actor: admin.email, changes: { role: ['FACILITATOR', 'ADMIN'] } });
    expect(items[0]).toMatchObject({ targetId: String(staff.id), target: staff.email, orgId: org.id });
  });

  it('staff sign-ins and refusals, with the address; an unknown email refused is filed for the super admin', async () => {
    const staff = await createUser(ctx.database, 'FACILITATOR', org.id);
    const login = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: staff.email, password },
        remoteAddress: '198.51.100.23',
      });
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login('not the password')).statusCode).toBe(401);
    const { items } = await entries(admin.headers, `?q=${encodeURIComponent(staff.email!)}`);
    expect(items.map((e) => [e.action, e.target, e.address])).toEqual([
      ['auth.login_refused', 'INVALID_CREDENTIALS', '198.51.100.23'],
      ['auth.login', null, '198.51.100.23'],
    ]);
    // An unknown email's refusal is the super admin's to read.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'nobody@example.com', password: 'x' },
    });
    const unknown = await entries(root.headers, '?q=nobody%40example.com');
    expect(unknown.items[0]).toMatchObject({ action: 'auth.login_refused', actorId: null, orgId: null });
    expect((await entries(admin.headers, '?q=nobody%40example.com')).count).toBe(0);
  });

  it('an export of the players', async () => {
    const exp = await call('GET', `/export-players/${org.id}`, admin.headers);
    expect(exp.statusCode).toBe(200);
    const { items } = await entries(admin.headers, '?action=players.export');
    expect(items[0]).toMatchObject({ actor: admin.email, orgId: org.id });
  });
});

describe('in words, with before → after (issue 42)', () => {
  let provider: TestOidcProvider;
  beforeAll(async () => {
    provider = await startOidcProvider(['http://localhost:3000/sso/callback']);
  });
  afterAll(() => provider.close());

  const newest = async (headers: Record<string, string>, n: number) =>
    (await entries(headers, `?size=${n}`)).items.slice(0, n).reverse();

  it('every change route and audited read has an action key and a target type', () => {
    const audited = ctx.app.registeredRoutes
      .filter((r) => r.url.startsWith(`${API_PREFIX}/`) && r.method !== 'GET' && !r.isPublic)
      .map((r) => `${r.method} ${r.url.slice(API_PREFIX.length)}`);
    expect(audited.length).toBeGreaterThan(50);
    expect(audited.filter((key) => !AUDIT_ROUTES[key])).toEqual([]);
    // And no row for a route that does not exist.
    const all = new Set(ctx.app.registeredRoutes.map((r) => `${r.method} ${r.url.slice(API_PREFIX.length)}`));
    expect(Object.keys(AUDIT_ROUTES).filter((key) => !all.has(key))).toEqual([]);
  });

  it('sign-in settings: single sign-on on, password sign-in off and on, two-factor required, each named with before → after', async () => {
    const put = async (over: Partial<OrgSignInUpdate>) => {
      const res = await call(
        'PUT',
        `/organizations/${org.id}/sign-in`,
        admin.headers,
        signInSettings({
          ssoEnabled: true,
          issuer: provider.issuer,
          clientId: provider.clientId,
          ...over,
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    await put({ clientSecret: provider.clientSecret });
    await put({ passwordSignInDisabled: true });
    await put({ passwordSignInDisabled: false });
    await put({ requireTwoFactorForAdmins: true });
    await put({ requireTwoFactorForAdmins: true, clientSecret: 'a-new-client-secret-of-enough-length' });
    const log = await newest(admin.headers, 5);
    expect(log.map((e) => [e.action, e.changes])).toEqual([
      [
        'signIn.sso_on',
        {
          ssoEnabled: [false, true],
          issuer: [null, provider.issuer],
          clientId: [null, provider.clientId],
          clientSecret: [null, 'hidden-new'],
        },
      ],
      ['signIn.password_off', { passwordSignInDisabled: [false, true] }],
      ['signIn.password_on', { passwordSignInDisabled: [true, false] }],
      ['signIn.two_factor_on', { requireTwoFactorForAdmins: [false, true] }],
      // A replaced secret is named, never shown (sealed or not).
      ['signIn.change', { clientSecret: ['hidden', 'hidden-new'] }],
    ]);
    expect(log.every((e) => e.target === 'Audit Org' && e.targetType === 'organization')).toBe(true);
    const csv = (await call('GET', '/audit-log/export', admin.headers)).body;
    expect(csv).toContain('Turned password sign-in off');
    expect(csv).not.toContain(provider.clientSecret);
    const [sealed] = await ctx.database.db
      .select({ s: orgSignIn.clientSecretEncrypted })
      .from(orgSignIn)
      .where(eq(orgSignIn.orgId, org.id));
    expect(csv).not.toContain(sealed!.s!);
    // Requiring two-factor and password sign-in off ended the organization's other password sessions
    // (issue 43; the admin's own is in its grace): the rule off again, everyone signs in anew.
    await put({ requireTwoFactorForAdmins: false });
    for (const who of [root, admin]) who.headers = await signedInAgain(who.email);
  });

  it('the product-wide two-factor rule, brand colours, a room language and guests, the own language: before → after', async () => {
    const room = await createRoom(ctx.database, org.id, 'Language Room', 'Language Workshop');
    const ok = async (
      method: 'PUT' | 'DELETE',
      url: string,
      headers: Record<string, string>,
      body?: object,
    ) => expect((await call(method, url, headers, body)).statusCode).toBe(200);
    await ok('PUT', '/product-sign-in', root.headers, { requireTwoFactorForStaff: true });
    await ok('PUT', '/product-sign-in', root.headers, { requireTwoFactorForStaff: false });
    // Requiring two-factor ended the sessions of staff without it (issue 43): sign in again.
    for (const who of [root, admin, otherAdmin]) who.headers = await signedInAgain(who.email);
    await ok('PUT', '/org-branding', admin.headers, {
      orgId: org.id,
      primaryColor: '#0b7285',
      accentColor: null,
    });
    await ok('PUT', `/rooms/${room.id}/language`, admin.headers, { language: 'de' });
    await ok('PUT', `/rooms/${room.id}/guests`, admin.headers, { allowGuests: true });
    await ok('PUT', '/account/language', admin.headers, { language: 'de' });
    const product = (await newest(root.headers, 9)).filter((e) => e.action !== 'auth.login');
    expect(product.slice(0, 2).map((e) => [e.action, e.changes])).toEqual([
      ['productSignIn.two_factor_on', { requireTwoFactorForStaff: [false, true] }],
      ['productSignIn.two_factor_off', { requireTwoFactorForStaff: [true, false] }],
    ]);
    const mine = await newest(admin.headers, 4);
    expect(mine.map((e) => [e.action, e.target, e.changes])).toEqual([
      ['branding.colors', 'Audit Org', { brandPrimary: [null, '#0b7285'] }],
      ['room.language', 'Language Room', { language: [null, 'de'] }],
      ['room.guests', 'Language Room', { allowGuests: [null, true] }],
      ['account.language', admin.email, { language: [null, 'de'] }],
    ]);
  });

  it("a deleted room's entry names the room", async () => {
    const room = await createRoom(ctx.database, org.id, 'Blue Room', 'Blue Workshop');
    expect((await call('DELETE', `/deleteroom/${room.id}`, admin.headers)).statusCode).toBe(200);
    const { items } = await entries(admin.headers, '?action=room.delete');
    expect(items[0]).toMatchObject({
      action: 'room.delete',
      targetType: 'room',
      targetId: String(room.id),
      target: 'Blue Room',
      orgId: org.id,
    });
  });

  it('entries stored with raw routes before keys still read in words, and match the filter by key', async () => {
    const at = new Date();
    await ctx.database.db.insert(auditLog).values([
      { at, orgId: org.id, actorLabel: 'old@example.com', action: 'DELETE /deleteroom/:id', targetId: '7' },
      {
        at,
        orgId: org.id,
        actorLabel: 'old@example.com',
        action: 'PATCH /edit-admin',
        changes: { role: ['FACILITATOR', 'ADMIN'] },
      },
    ]);
    const deleted = await entries(admin.headers, '?action=room.delete');
    expect(deleted.items.map((e) => e.action)).toContain('DELETE /deleteroom/:id');
    expect(deleted.items.map((e) => e.action)).toContain('room.delete');
    const lines = (await call('GET', '/audit-log/export?q=old%40example.com', admin.headers)).body.split(
      '\r\n',
    );
    expect(lines.some((l) => l.includes(',Deleted a room,') && l.endsWith(',room.delete'))).toBe(true);
    expect(lines.some((l) => l.includes(`,Changed a user's role,`) && l.endsWith(',user.role_change'))).toBe(
      true,
    );
  });
});

describe('reading it', () => {
  it("an org admin sees only their organization's entries; the super admin every one, or one organization's", async () => {
    await call('PATCH', '/edit-org', otherAdmin.headers, { id: other.id, phone: '555 0100' });
    const mine = await entries(admin.headers);
    expect(mine.items.every((e) => e.orgId === org.id)).toBe(true);
    const theirs = await entries(otherAdmin.headers);
    expect(theirs.items.length).toBeGreaterThan(0);
    expect(theirs.items.every((e) => e.orgId === other.id)).toBe(true);
    // orgId is the super admin's filter; an admin asking for another organization still gets their own.
    const sneaky = await entries(admin.headers, `?orgId=${other.id}`);
    expect(sneaky.items.every((e) => e.orgId === org.id)).toBe(true);
    const all = await entries(root.headers);
    expect(all.count).toBeGreaterThan(mine.count);
    const one = await entries(root.headers, `?orgId=${other.id}`);
    expect(one.count).toBe(theirs.count);
  });

  it('is refused to facilitators and players', async () => {
    const fac = await signIn(ctx.app, await createUser(ctx.database, 'FACILITATOR', org.id));
    expect((await call('GET', '/audit-log', fac.headers)).statusCode).toBe(403);
    expect((await call('GET', '/audit-log/export', fac.headers)).statusCode).toBe(403);
  });

  it('pages and filters by date', async () => {
    const first = await entries(root.headers, '?size=2&page=1');
    const second = await entries(root.headers, '?size=2&page=2');
    expect(first.items).toHaveLength(2);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    expect(first.totalPages).toBe(Math.ceil(first.count / 2));
    const today = new Date().toISOString().slice(0, 10);
    expect((await entries(root.headers, `?from=${today}&to=${today}`)).count).toBe(first.count);
    expect((await entries(root.headers, '?to=2020-01-01')).count).toBe(0);
    expect((await call('GET', '/audit-log?from=yesterday', root.headers)).statusCode).toBe(400);
  });

  it('exports the filtered entries as CSV, and records the export', async () => {
    const exportsBefore = (await entries(root.headers, '?action=audit.export')).count;
    const res = await call('GET', '/audit-log/export?action=org.edit', root.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'at,actor,role,action,target type,target id,target,changes,address,organization id,action key',
    );
    expect(lines.some((l) => l.includes('expiry: null → ""2031-01-31""') && l.includes('192.0.2.10'))).toBe(
      true,
    );
    expect(lines.slice(1).every((l) => l.includes("Changed an organization's settings,organization"))).toBe(
      true,
    );
    expect(lines.slice(1).every((l) => l.endsWith(',org.edit'))).toBe(true);
    expect((await entries(root.headers, '?action=audit.export')).count).toBe(exportsBefore + 1);
  });
});

describe('append-only and kept for a while', () => {
  it('has no route that edits or deletes an entry', () => {
    const routes = ctx.app.registeredRoutes;
    const audit = routes.filter((r) => r.url.includes('audit'));
    expect(audit.length).toBeGreaterThan(0);
    expect(audit.every((r) => r.method === 'GET' || r.method === 'HEAD')).toBe(true);
  });

  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const db = ctx.database.db;
    await expect(db.execute(sql`update audit_log set actor_label = 'someone else'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await entries(root.headers)).count).toBeGreaterThan(0);
  });

  it('the retention purge removes entries older than the configured days, and only those', async () => {
    const db = ctx.database.db;
    const old = new Date(Date.now() - 41 * 24 * 60 * 60_000);
    await db
      .insert(auditLog)
      .values({ at: old, actorLabel: 'old@example.com', action: 'test.old', orgId: null });
    await db.insert(auditLog).values({
      at: new Date(Date.now() - 39 * 24 * 60 * 60_000),
      actorLabel: 'recent@example.com',
      action: 'test.recent',
      orgId: null,
    });
    const before = (await entries(root.headers)).count;
    expect(await auditService(db).purge(40)).toBe(1);
    expect((await entries(root.headers, '?action=test.old')).count).toBe(0);
    expect((await entries(root.headers, '?action=test.recent')).count).toBe(1);
    expect((await entries(root.headers)).count).toBe(before - 1);
    // The purge's permission was its own transaction's: a plain delete is refused again.
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });

  it('AUDIT_RETENTION_DAYS configures the days (400 by default)', () => {
    const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: ctx.dataDir };
    expect(loadConfig(base).auditRetentionDays).toBe(400);
    expect(loadConfig({ ...base, AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
    expect(() => loadConfig({ ...base, AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });
});
