/**
 * The audit log (issue 30 item 3): changes by admins and the super admin, staff sign-ins and
 * refusals, with who, what (before → after), when and from where; scoped by organization; filtered,
 * paged and exported; append-only, with a retention purge.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { auditLog } from '../db/schema';
import {
  createOrg,
  createTestContext,
  createUser,
  signIn,
  TEST_PASSWORD,
  type TestContext,
  type TestOrg,
} from '../test/context';
import { auditService } from './service';

let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;
let root: { headers: Record<string, string>; email: string };
let admin: { headers: Record<string, string>; email: string };
let otherAdmin: { headers: Record<string, string> };

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
    const { items } = await entries(root.headers, '?action=PATCH%20%2Fedit-org');
    expect(items[0]).toMatchObject({
      actor: root.email,
      actorRole: 'SUPER_ADMIN',
      action: 'PATCH /edit-org',
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
    expect(items.map((e) => e.action)).toEqual([`DELETE /delete-admin/:id`, 'PATCH /edit-admin']);
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
    const res = await call('GET', '/audit-log/export?action=PATCH%20%2Fedit-org', root.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'at,actor,role,action,target type,target id,target,changes,address,organization id',
    );
    expect(lines.some((l) => l.includes('expiry: null → ""2031-01-31""') && l.includes('192.0.2.10'))).toBe(
      true,
    );
    expect(lines.slice(1).every((l) => l.includes('PATCH /edit-org'))).toBe(true);
    expect((await entries(root.headers, '?action=audit.export')).count).toBe(1);
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
