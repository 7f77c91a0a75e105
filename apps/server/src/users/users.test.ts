import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../db/schema';
import {
  createOrg,
  createTestContext,
  createUser,
  headersCaller,
  signInNewUser,
  type TestContext,
} from '../test/context';

let ctx: TestContext;
let acme: Awaited<ReturnType<typeof createOrg>>;
let other: Awaited<ReturnType<typeof createOrg>>;
let root: { headers: Record<string, string> };
let admin: { headers: Record<string, string> };
let adminId: number;
let facilitator: { headers: Record<string, string> };

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createOrg(ctx.database, { name: 'Acme Users' });
  other = await createOrg(ctx.database, { name: 'Other Users' });
  root = await signInNewUser(ctx, 'SUPER_ADMIN', acme.id);
  const signedIn = await signInNewUser(ctx, 'ADMIN', acme.id);
  adminId = signedIn.user.id;
  admin = signedIn;
  facilitator = await signInNewUser(ctx, 'FACILITATOR', acme.id);
});
afterAll(() => ctx.close());

const call = headersCaller(() => ctx);

let n = 0;
const player = (overrides: Record<string, unknown> = {}) => {
  n += 1;
  return {
    firstName: 'Pia',
    lastName: `Lastname${n}`,
    username: `pia-${n}-${Date.now()}`,
    organizationId: acme.id,
    ...overrides,
  };
};
const staff = (overrides: Record<string, unknown> = {}) => {
  n += 1;
  return {
    firstName: 'Stan',
    lastName: `Staffer${n}`,
    email: `stan${n}.${Date.now()}@acme.com`,
    role: 'FACILITATOR',
    organizationId: acme.id,
    password: 'long enough',
    confirmPassword: 'long enough',
    ...overrides,
  };
};

describe('players: create, read, edit, delete', () => {
  it('creates a player, reads it back and presents no secret', async () => {
    const res = await call(
      'POST',
      '/create-player',
      facilitator.headers,
      player({ firstName: '  Ann ', lastName: 'Zed' }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      firstName: 'Ann',
      lastName: 'Zed',
      role: 'PLAYER',
      organizationName: 'Acme Users',
    });
    expect(Object.keys(body).sort()).toEqual(
      [
        'email',
        'firstName',
        'id',
        'lastName',
        'isGuest',
        'organizationId',
        'organizationName',
        'role',
        'username',
      ].sort(),
    );
    expect((await call('GET', `/get-player-by-id/${body.id}`, admin.headers)).json().username).toBe(
      body.username,
    );
    // A player id is not an admin.
    expect((await call('GET', `/get-admin-by-id/${body.id}`, admin.headers)).statusCode).toBe(404);
  });

  it('refuses a duplicate username whatever its case, with 409', async () => {
    const first = player();
    expect((await call('POST', '/create-player', admin.headers, first)).statusCode).toBe(201);
    const res = await call(
      'POST',
      '/create-player',
      admin.headers,
      player({ username: first.username.toUpperCase() }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message: 'A user with this username already exists',
      key: 'users.duplicateUsername',
    });
  });

  it('answers the spec texts for missing fields', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: ' ' }, 'firstName', 'First name is required'],
      [{ lastName: '' }, 'lastName', 'Last name is required'],
      [{ username: '' }, 'username', 'Username is required'],
      [{ organizationId: '' }, 'organizationId', 'This field is required'],
    ];
    for (const [override, field, message] of cases) {
      const res = await call('POST', '/create-player', admin.headers, player(override));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field, message });
    }
  });

  it('an admin cannot place or move a player into another organization: 404, as for a missing one', async () => {
    const res = await call('POST', '/create-player', admin.headers, player({ organizationId: other.id }));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    const created = (await call('POST', '/create-player', admin.headers, player())).json();
    const moved = await call('PATCH', '/edit-player', admin.headers, {
      ...player(),
      id: created.id,
      organizationId: other.id,
    });
    expect(moved.statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, created.id));
    expect(row!.orgId).toBe(acme.id);
    // The super admin may.
    const byRoot = await call('PATCH', '/edit-player', root.headers, {
      ...player(),
      id: created.id,
      organizationId: other.id,
    });
    expect(byRoot.json().organizationName).toBe('Other Users');
  });

  it("another organization's player answers 404 to read, edit and delete", async () => {
    const theirs = await createUser(ctx.database, 'PLAYER', other.id);
    expect((await call('GET', `/get-player-by-id/${theirs.id}`, admin.headers)).statusCode).toBe(404);
    const edit = await call('PATCH', '/edit-player', admin.headers, { ...player(), id: theirs.id });
    expect(edit.statusCode).toBe(404);
    expect((await call('DELETE', `/delete-player/${theirs.id}`, facilitator.headers)).statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, theirs.id));
    expect(row!.firstName).toBe('Pat');
  });

  it('deletes a player with status 200', async () => {
    const created = (await call('POST', '/create-player', admin.headers, player())).json();
    const res = await call('DELETE', `/delete-player/${created.id}`, facilitator.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Successfully deleted User' });
    expect((await call('GET', `/get-player-by-id/${created.id}`, admin.headers)).statusCode).toBe(404);
  });
});

describe('admins: roles and organizations', () => {
  it('takes any domain ending a browser takes (issue 42): anna@lernwerk.koeln signs in', async () => {
    const res = await call('POST', '/create-admin', admin.headers, staff({ email: 'Anna@Lernwerk.koeln' }));
    expect(res.statusCode, res.body).toBe(201);
    const edit = await call('PATCH', '/edit-admin', admin.headers, {
      ...staff({ email: 'x@studio.photography' }),
      id: res.json().id,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'x@studio.photography', password: 'long enough' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('creates an admin with a hashed password who can sign in', async () => {
    const body = staff({ role: 'Admin', email: 'New.Admin@Acme.com' });
    const res = await call('POST', '/create-admin', admin.headers, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'ADMIN', email: 'new.admin@acme.com' });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, res.json().id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'new.admin@acme.com', password: 'long enough' },
    });
    expect(login.statusCode).toBe(200);
    const again = await call('POST', '/create-admin', root.headers, staff({ email: 'NEW.ADMIN@acme.com' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A user with this email already exists');
  });

  it('answers the spec texts for the admin form', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'someone@example..com' }, 'email', 'invalid email address'],
      [{ email: 'some one@example.com' }, 'email', 'invalid email address'],
      [{ email: 'no-at-sign' }, 'email', 'invalid email address'],
      [{ password: 'short', confirmPassword: 'short' }, 'password', 'password must be at least 8 characters'],
      [{ confirmPassword: 'different!' }, 'confirmPassword', 'Passwords do not match'],
      [{ role: '' }, 'role', 'This field is required'],
    ];
    for (const [override, field, message] of cases) {
      const res = await call('POST', '/create-admin', admin.headers, staff(override));
      expect(res.json(), JSON.stringify(override)).toMatchObject({ field, message });
      expect(res.statusCode).toBe(400);
    }
  });

  it('only a super admin may create a super admin', async () => {
    expect(
      (await call('POST', '/create-admin', admin.headers, staff({ role: 'SUPER_ADMIN' }))).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/create-admin', root.headers, staff({ role: 'SUPERADMIN' }))).statusCode,
    ).toBe(201);
    // Players are made on the Players screen.
    expect((await call('POST', '/create-admin', root.headers, staff({ role: 'PLAYER' }))).statusCode).toBe(
      400,
    );
  });

  it('an admin cannot raise their own role, give Super Admin, or move a user to another organization', async () => {
    const self = (await call('GET', `/get-admin-by-id/${adminId}`, admin.headers)).json();
    const base = {
      id: adminId,
      firstName: self.firstName,
      lastName: self.lastName,
      email: self.email,
      organizationId: acme.id,
    };
    const raise = await call('PATCH', '/edit-admin', admin.headers, { ...base, role: 'SUPER_ADMIN' });
    expect(raise.statusCode).toBe(403);
    expect(raise.json().message).toBe('You cannot change your own role');
    // Editing other fields of oneself is fine.
    expect(
      (
        await call('PATCH', '/edit-admin', admin.headers, { ...base, role: 'ADMIN', firstName: 'Adele' })
      ).json().firstName,
    ).toBe('Adele');

    const colleague = (await call('POST', '/create-admin', admin.headers, staff())).json();
    const colleagueBase = { ...colleague, id: colleague.id };
    delete colleagueBase.username;
    const promote = await call('PATCH', '/edit-admin', admin.headers, {
      ...colleagueBase,
      role: 'SUPER_ADMIN',
    });
    expect(promote.statusCode).toBe(403);
    const move = await call('PATCH', '/edit-admin', admin.headers, {
      ...colleagueBase,
      organizationId: other.id,
    });
    expect(move.statusCode).toBe(404);
    const toAdmin = await call('PATCH', '/edit-admin', admin.headers, { ...colleagueBase, role: 'ADMIN' });
    expect(toAdmin.json().role).toBe('ADMIN');
  });

  it('nobody deletes themselves; an admin does not see super admins', async () => {
    const res = await call('DELETE', `/delete-admin/${adminId}`, admin.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You cannot delete your own account');
    const rootUser = await createUser(ctx.database, 'SUPER_ADMIN', acme.id);
    expect((await call('GET', `/get-admin-by-id/${rootUser.id}`, admin.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `/delete-admin/${rootUser.id}`, admin.headers)).statusCode).toBe(404);
    const list = (await call('GET', '/getadmins', admin.headers)).json() as { role: string }[];
    expect(list.every((u) => u.role !== 'SUPER_ADMIN')).toBe(true);
    expect(list.length).toBeGreaterThan(0);
  });
});

describe('pages and search', () => {
  let org: Awaited<ReturnType<typeof createOrg>>;
  let orgAdmin: { headers: Record<string, string> };

  beforeAll(async () => {
    org = await createOrg(ctx.database, { name: 'Paging Org' });
    orgAdmin = await signInNewUser(ctx, 'ADMIN', org.id);
    // 12 players: two pages. Names with LIKE wildcards to prove they are literal.
    const names = [
      'Adams',
      'Baker',
      'Clark',
      'Davis',
      'Evans',
      'Fox',
      'Green',
      'Hill',
      'Irwin',
      '50%',
      'A_b',
      'Axb',
    ];
    await ctx.database.db.insert(users).values(
      names.map((lastName, i) => ({
        firstName: i === 0 ? 'Zoe' : 'Pat',
        lastName,
        username: `paging-${i}-${Date.now()}`,
        role: 'PLAYER' as const,
        orgId: org.id,
      })),
    );
  });

  it('pages by ten with counts for Page x of y', async () => {
    const first = (await call('GET', `/get-org-players/${org.id}/1/10`, orgAdmin.headers)).json();
    expect(first).toMatchObject({
      page: 1,
      pageSize: 10,
      count: 12,
      totalPages: 2,
      nextPage: 2,
      previousPage: null,
    });
    expect(first.items).toHaveLength(10);
    const last = (await call('GET', `/get-org-players/${org.id}/2/10`, orgAdmin.headers)).json();
    expect(last).toMatchObject({ page: 2, count: 12, totalPages: 2, nextPage: null, previousPage: 1 });
    expect(last.items).toHaveLength(2);
    const ids = [...first.items, ...last.items].map((u: { id: number }) => u.id);
    expect(new Set(ids).size).toBe(12);
    // Beyond the end: no items, the real count, and a way back.
    const beyond = (await call('GET', `/get-org-players/${org.id}/7/10`, orgAdmin.headers)).json();
    expect(beyond).toMatchObject({ items: [], count: 12, totalPages: 2, nextPage: null, previousPage: 2 });
    expect((await call('GET', `/count-org-players/${org.id}`, orgAdmin.headers)).json()).toEqual({
      count: 12,
    });
    for (const bad of ['0/10', 'x/10', '1/0', '1/101']) {
      expect((await call('GET', `/get-org-players/${org.id}/${bad}`, orgAdmin.headers)).statusCode).toBe(400);
    }
  });

  it('an empty organization has zero pages', async () => {
    const empty = await createOrg(ctx.database);
    const res = (await call('GET', `/get-org-players/${empty.id}/1/10`, root.headers)).json();
    expect(res).toMatchObject({ items: [], count: 0, totalPages: 0, nextPage: null, previousPage: null });
  });

  it('searches first or last name, case-insensitively, with % and _ taken literally', async () => {
    const search = async (term: string) =>
      (
        await call('GET', `/search-org-players/${org.id}/${encodeURIComponent(term)}`, orgAdmin.headers)
      ).json();
    expect((await search('ADAMS')).items.map((u: { lastName: string }) => u.lastName)).toEqual(['Adams']);
    expect((await search('zoe')).count).toBe(1);
    expect((await search('%')).items.map((u: { lastName: string }) => u.lastName)).toEqual(['50%']);
    expect((await search('A_b')).items.map((u: { lastName: string }) => u.lastName)).toEqual(['A_b']);
    expect((await search('_')).count).toBe(1);
    expect((await search('\\')).count).toBe(0);
    expect((await search('nobody')).count).toBe(0);
    expect((await search('pat')).totalPages).toBe(2);
    const page2 = (
      await call('GET', `/search-org-players/${org.id}/pat?page=2&size=10`, orgAdmin.headers)
    ).json();
    expect(page2.items).toHaveLength(1);
    expect((await call('GET', `/search-org-players/${org.id}/%20%20`, orgAdmin.headers)).statusCode).toBe(
      400,
    );
  });

  it('global searches stay inside the caller organization unless super admin', async () => {
    const mine = (await call('GET', '/search-players/Adams', orgAdmin.headers)).json();
    expect(mine.items.every((u: { organizationId: number }) => u.organizationId === org.id)).toBe(true);
    await createUser(ctx.database, 'PLAYER', other.id);
    const outside = (await call('GET', '/search-players/Player', orgAdmin.headers)).json();
    expect(outside.count).toBe(0);
    const all = (await call('GET', '/search-players/Player', root.headers)).json();
    expect(all.count).toBeGreaterThan(0);
    const participants = (await call('GET', '/getparticipants', orgAdmin.headers)).json() as {
      organizationId: number;
    }[];
    expect(participants).toHaveLength(12);
  });
});

describe('an expired organization', () => {
  it("blocks its admin's user calls with 403 ORG_EXPIRED while the super admin carries on", async () => {
    const org = await createOrg(ctx.database, { name: 'Lapsing Users' });
    const orgAdmin = await signInNewUser(ctx, 'ADMIN', org.id);
    expect((await call('GET', `/get-org-players/${org.id}/1/10`, orgAdmin.headers)).statusCode).toBe(200);
    await ctx.database.db
      .update(organizations)
      .set({ expiry: '2000-01-01' })
      .where(eq(organizations.id, org.id));
    const res = await call('GET', `/get-org-players/${org.id}/1/10`, orgAdmin.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ORG_EXPIRED');
    expect((await call('GET', `/get-org-players/${org.id}/1/10`, root.headers)).statusCode).toBe(200);
  });
});
