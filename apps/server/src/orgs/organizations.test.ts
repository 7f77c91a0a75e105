import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizations, orgWorkshops, rooms, workshops } from '../db/schema';
import { createOrg, createUser, headersCaller, signInNewUser } from '../test/context';
import { orgSuite } from '../test/org-suite';

const suite = orgSuite({ name: 'Home Base' });
let root: { headers: Record<string, string> };

beforeAll(async () => {
  root = await signInNewUser(suite.ctx, 'SUPER_ADMIN', suite.org.id);
});

const call = headersCaller(() => suite.ctx);
const get = (url: string, headers: Record<string, string>) => call('GET', url, headers);

describe('POST /create-organization', () => {
  it('creates a trimmed organization with its optional fields', async () => {
    const res = await call('POST', '/create-organization', root.headers, {
      name: '  Acme 2  ',
      expiry: '2030-05-01',
      email: 'hello@acme.test',
      phone: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Acme 2',
      expiry: '2030-05-01',
      email: 'hello@acme.test',
      phone: null,
      hideRollAnimation: false,
      allowGuests: false,
    });
  });

  it("refuses special characters with the spec's text, and empty names", async () => {
    for (const name of ['Acme!', 'A-B', "O'Brien", 'x<script>']) {
      const res = await call('POST', '/create-organization', root.headers, { name });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        field: 'name',
        message: 'Name must not contain special characters',
      });
    }
    const empty = await call('POST', '/create-organization', root.headers, { name: '   ' });
    expect(empty.json()).toMatchObject({ field: 'name', message: 'This field is required' });
    const badDate = await call('POST', '/create-organization', root.headers, {
      name: 'Dated',
      expiry: '2030-13-45',
    });
    expect(badDate.json()).toMatchObject({ field: 'expiry', message: 'Expiry must be a date (YYYY-MM-DD)' });
    // Letters of any script and digits are fine.
    expect((await call('POST', '/create-organization', root.headers, { name: 'Café 2000' })).statusCode).toBe(
      201,
    );
  });

  it('refuses a duplicate name, ignoring case, with 409', async () => {
    await call('POST', '/create-organization', root.headers, { name: 'Twin Co' });
    const res = await call('POST', '/create-organization', root.headers, { name: 'twin co' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message: 'An organization with this name already exists',
      key: 'organizations.duplicateName',
    });
  });
});

describe('organizations table: pages and search', () => {
  it('pages by name and counts; searches case-insensitively with % and _ literal', async () => {
    for (const name of ['Paged 100 Percent', 'Paged A', 'Paged B']) {
      await suite.ctx.database.db.insert(organizations).values({ name });
    }
    await suite.ctx.database.db.insert(organizations).values({ name: 'Paged_x%' });
    const total = (await call('GET', '/count-orgs', root.headers)).json().count;
    const page = (await call('GET', '/get-paginated-orgs/1/10', root.headers)).json();
    expect(page.count).toBe(total);
    expect(page.totalPages).toBe(Math.ceil(total / 10));
    const names = page.items.map((o: { name: string }) => o.name);
    expect([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase()))).toEqual(
      names,
    );

    const search = async (term: string) =>
      (await call('GET', `/search-orgs/${encodeURIComponent(term)}`, root.headers)).json();
    expect((await search('PAGED')).count).toBe(4);
    expect((await search('%')).items.map((o: { name: string }) => o.name)).toEqual(['Paged_x%']);
    expect((await search('d_')).items.map((o: { name: string }) => o.name)).toEqual(['Paged_x%']);
    expect((await search('paged a')).items.map((o: { name: string }) => o.name)).toEqual(['Paged A']);
    const beyond = (await call('GET', '/search-orgs/paged?page=5', root.headers)).json();
    expect(beyond).toMatchObject({ items: [], count: 4, nextPage: null, previousPage: 1 });
  });
});

describe('PATCH /edit-org', () => {
  it('a super admin changes everything, including expiry and hideRollAnimation', async () => {
    const org = await createOrg(suite.ctx.database, { name: 'Editable' });
    const edited = {
      id: org.id,
      name: 'Edited Name',
      address: '1 Road',
      phone: '123',
      website: 'https://edited.test',
      email: 'a@edited.test',
      hideRollAnimation: true,
      allowGuests: false,
      musicPlaylistUrl: 'https://www.youtube.com/embed/videoseries?list=PL123',
      expiry: '2031-01-31',
      language: 'nl',
    };
    const res = await call('PATCH', '/edit-org', root.headers, edited);
    expect(res.statusCode).toBe(200);
    // The reply is the whole organization: exactly the fields sent.
    expect(res.json()).toEqual(edited);
    const cleared = await call('PATCH', '/edit-org', root.headers, { id: org.id, expiry: null, address: '' });
    expect(cleared.json()).toMatchObject({ expiry: null, address: null, phone: '123' });
  });

  it('an admin changes the General fields of their own organization only; never name or expiry', async () => {
    const org = await createOrg(suite.ctx.database, { name: 'Admins Own', expiry: '2999-01-01' });
    const admin = await signInNewUser(suite.ctx, 'ADMIN', org.id);
    const ok = await call('PATCH', '/edit-org', admin.headers, {
      id: org.id,
      phone: '555',
      hideRollAnimation: true,
      name: 'Admins Own',
    });
    expect(ok.json()).toMatchObject({ phone: '555', hideRollAnimation: true });
    // Guest players are the admin's choice (General tab), off until switched on.
    expect(ok.json().allowGuests).toBe(false);
    const guests = await call('PATCH', '/edit-org', admin.headers, { id: org.id, allowGuests: true });
    expect(guests.json()).toMatchObject({ allowGuests: true, phone: '555' });
    // The game screen's music is the admin's to set too, as an https embed address only.
    const music = await call('PATCH', '/edit-org', admin.headers, {
      id: org.id,
      musicPlaylistUrl: 'https://w.soundcloud.com/player/?url=x',
    });
    expect(music.json()).toMatchObject({ musicPlaylistUrl: 'https://w.soundcloud.com/player/?url=x' });
    const plain = await call('PATCH', '/edit-org', admin.headers, {
      id: org.id,
      musicPlaylistUrl: 'javascript:alert(1)',
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({
      message: 'Use the https embed address of the playlist',
      field: 'musicPlaylistUrl',
    });
    expect(
      (await call('PATCH', '/edit-org', admin.headers, { id: org.id, musicPlaylistUrl: '' })).json()
        .musicPlaylistUrl,
    ).toBeNull();
    for (const change of [{ expiry: '3000-01-01' }, { expiry: null }, { name: 'Renamed' }]) {
      const res = await call('PATCH', '/edit-org', admin.headers, { id: org.id, ...change });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("Only a super admin may change an organization's name or expiry");
    }
    const [row] = await suite.ctx.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, org.id));
    expect(row).toMatchObject({ name: 'Admins Own', expiry: '2999-01-01' });
    expect(
      (await call('PATCH', '/edit-org', admin.headers, { id: suite.org.id, phone: '1' })).statusCode,
    ).toBe(404);
  });

  it('setting the expiry in the past locks the organization out at once, not the super admin', async () => {
    const org = await createOrg(suite.ctx.database, { name: 'Acme Lapse' });
    const admin = await signInNewUser(suite.ctx, 'ADMIN', org.id);
    expect((await call('GET', `/get-org-by-id/${org.id}`, admin.headers)).statusCode).toBe(200);
    await call('PATCH', '/edit-org', root.headers, { id: org.id, expiry: '2001-01-01' });
    const res = await call('GET', `/get-org-by-id/${org.id}`, admin.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ORG_EXPIRED');
    expect((await call('GET', `/check-org-expiry/${org.id}`, admin.headers)).json()).toEqual({
      expired: true,
    });
    expect((await call('GET', `/get-org-by-id/${org.id}`, root.headers)).statusCode).toBe(200);
  });
});

describe('DELETE /delete-organization', () => {
  it('refuses while the organization has users, and removes rooms and links with an empty one', async () => {
    const busy = await createOrg(suite.ctx.database, { name: 'Busy Org' });
    await createUser(suite.ctx.database, 'PLAYER', busy.id);
    const refused = await call('DELETE', `/delete-organization/${busy.id}`, root.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ORG_HAS_USERS');

    const empty = await createOrg(suite.ctx.database, { name: 'Empty Org' });
    const [w] = await suite.ctx.database.db
      .insert(workshops)
      .values({ name: 'Empty Org Workshop' })
      .returning();
    await suite.ctx.database.db.insert(orgWorkshops).values({ orgId: empty.id, workshopId: w!.id });
    await suite.ctx.database.db.insert(rooms).values({ name: 'R', orgId: empty.id, workshopId: w!.id });
    const res = await call('DELETE', `/delete-organization/${empty.id}`, root.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Organization Deleted' });
    expect(await suite.ctx.database.db.select().from(rooms).where(eq(rooms.orgId, empty.id))).toEqual([]);
    // The workshop itself stays.
    expect(await suite.ctx.database.db.select().from(workshops).where(eq(workshops.id, w!.id))).toHaveLength(
      1,
    );
    expect((await call('DELETE', `/delete-organization/${empty.id}`, root.headers)).statusCode).toBe(404);
  });
});

describe('linking workshops', () => {
  it('links, lists, refuses a second link, and unlinks', async () => {
    const org = await createOrg(suite.ctx.database, { name: 'Linker' });
    const [w] = await suite.ctx.database.db.insert(workshops).values({ name: 'Linkable One' }).returning();
    const linkable = (await call('GET', `/get-linkable-workshops/${org.id}`, root.headers)).json();
    expect(linkable.map((x: { id: number }) => x.id)).toContain(w!.id);

    const res = await call('POST', '/create-org-to-workshop', root.headers, {
      orgId: org.id,
      workshopId: w!.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      orgId: org.id,
      workshopId: w!.id,
      workshop: { name: 'Linkable One' },
    });
    expect((await call('GET', '/get-org-workshops/Linker', root.headers)).json()).toEqual([
      { id: w!.id, name: 'Linkable One' },
    ]);
    const after = (await call('GET', `/get-linkable-workshops/${org.id}`, root.headers)).json();
    expect(after.map((x: { id: number }) => x.id)).not.toContain(w!.id);
    const twice = await call('POST', '/create-org-to-workshop', root.headers, {
      orgId: org.id,
      workshopId: w!.id,
    });
    expect(twice.statusCode).toBe(409);
    expect(
      (await call('POST', '/create-org-to-workshop', root.headers, { orgId: org.id, workshopId: 999999 }))
        .statusCode,
    ).toBe(404);

    const removed = await call('DELETE', `/delete-org-workshop/${org.id}/${w!.id}`, root.headers);
    expect(removed.json()).toEqual({ message: 'Workshop removed from organization' });
    expect((await call('DELETE', `/delete-org-workshop/${org.id}/${w!.id}`, root.headers)).statusCode).toBe(
      404,
    );
  });
});

describe('GET /get-orgs', () => {
  it('lists every organization for a super admin, only their own for anyone else', async () => {
    const org = await createOrg(suite.ctx.database, { name: 'Options Org' });
    const admin = await signInNewUser(suite.ctx, 'ADMIN', org.id);
    expect((await call('GET', '/get-orgs', admin.headers)).json()).toEqual([
      { id: org.id, name: 'Options Org' },
    ]);
    const all = (await call('GET', '/get-orgs', root.headers)).json();
    expect(all.length).toBeGreaterThan(2);
  });
});

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe('GET /check-org-expiry/{orgId}', () => {
  it('tells whether the license has expired', async () => {
    const live = await createOrg(suite.ctx.database, { expiry: '2999-01-01' });
    const { headers } = await signInNewUser(suite.ctx, 'ADMIN', live.id);
    const res = await get(`/check-org-expiry/${live.id}`, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ expired: false });
  });

  it('answers 404 for another organization, except to a super admin', async () => {
    const mine = await createOrg(suite.ctx.database);
    const theirs = await createOrg(suite.ctx.database, { expiry: yesterday() });
    const admin = await signInNewUser(suite.ctx, 'ADMIN', mine.id);
    expect((await get(`/check-org-expiry/${theirs.id}`, admin.headers)).statusCode).toBe(404);
    const root = await signInNewUser(suite.ctx, 'SUPER_ADMIN', mine.id);
    expect((await get(`/check-org-expiry/${theirs.id}`, root.headers)).json()).toEqual({ expired: true });
  });
});

describe('an expired organization', () => {
  it('gets 403 ORG_EXPIRED everywhere but the expiry check; super admins carry on', async () => {
    const org = await createOrg(suite.ctx.database, { name: 'Expiring Co' });
    const admin = await signInNewUser(suite.ctx, 'ADMIN', org.id);
    const player = await signInNewUser(suite.ctx, 'PLAYER', org.id);
    const root = await signInNewUser(suite.ctx, 'SUPER_ADMIN', org.id);
    const url = `/get-org-workshops/${encodeURIComponent('Expiring Co')}`;
    expect((await get(url, admin.headers)).statusCode).toBe(200);

    // Takes effect at once, not when the token is next renewed.
    await suite.ctx.database.db
      .update(organizations)
      .set({ expiry: yesterday() })
      .where(eq(organizations.id, org.id));
    for (const session of [admin, player]) {
      const res = await get(`/getroomsbyorgname/${encodeURIComponent('Expiring Co')}`, session.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'ORG_EXPIRED',
        message: 'Organization license expired',
        key: 'errors.orgExpired',
      });
    }
    expect((await get(url, admin.headers)).json().code).toBe('ORG_EXPIRED');
    expect((await get(`/check-org-expiry/${org.id}`, admin.headers)).json()).toEqual({ expired: true });
    expect((await get(url, root.headers)).statusCode).toBe(200);
  });

  it('stays valid through its expiry day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const org = await createOrg(suite.ctx.database, { expiry: today });
    const admin = await signInNewUser(suite.ctx, 'ADMIN', org.id);
    expect((await get(`/check-org-expiry/${org.id}`, admin.headers)).json()).toEqual({ expired: false });
  });
});

describe('GET /get-org-workshops/{name}', () => {
  it("lists the organization's linked workshops to its staff only", async () => {
    const org = await createOrg(suite.ctx.database, { name: 'Linked Ltd' });
    const other = await createOrg(suite.ctx.database, { name: 'Other Ltd' });
    const [w1, w2] = await suite.ctx.database.db
      .insert(workshops)
      .values([{ name: 'Zeta' }, { name: 'Alpha' }])
      .returning();
    await suite.ctx.database.db.insert(orgWorkshops).values([
      { orgId: org.id, workshopId: w1!.id },
      { orgId: org.id, workshopId: w2!.id },
    ]);
    const facilitator = await signInNewUser(suite.ctx, 'FACILITATOR', org.id);
    const res = await get('/get-org-workshops/Linked%20Ltd', facilitator.headers);
    expect(res.json()).toEqual([
      { id: w2!.id, name: 'Alpha' },
      { id: w1!.id, name: 'Zeta' },
    ]);
    const outsider = await signInNewUser(suite.ctx, 'ADMIN', other.id);
    expect((await get('/get-org-workshops/Linked%20Ltd', outsider.headers)).statusCode).toBe(404);
    const player = await signInNewUser(suite.ctx, 'PLAYER', org.id);
    expect((await get('/get-org-workshops/Linked%20Ltd', player.headers)).statusCode).toBe(403);
    expect((await get('/get-org-workshops/Nowhere', facilitator.headers)).statusCode).toBe(404);
    expect((await suite.ctx.app.inject({ url: '/api/v1/get-org-workshops/Linked%20Ltd' })).statusCode).toBe(
      401,
    );
  });
});
