import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, orgWorkshops, workshops } from '../db/schema';
import { createOrg, createTestContext, createUser, signIn, type TestContext } from '../test/context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string>) =>
  ctx.app.inject({ url: `/api/v1${url}`, headers });
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe('GET /check-org-expiry/{orgId}', () => {
  it('tells whether the license has expired', async () => {
    const live = await createOrg(ctx.database, { expiry: '2999-01-01' });
    const { headers } = await signIn(ctx.app, await createUser(ctx.database, 'ADMIN', live.id));
    const res = await get(`/check-org-expiry/${live.id}`, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ expired: false });
  });

  it('answers 404 for another organization, except to a super admin', async () => {
    const mine = await createOrg(ctx.database);
    const theirs = await createOrg(ctx.database, { expiry: yesterday() });
    const admin = await signIn(ctx.app, await createUser(ctx.database, 'ADMIN', mine.id));
    expect((await get(`/check-org-expiry/${theirs.id}`, admin.headers)).statusCode).toBe(404);
    const root = await signIn(ctx.app, await createUser(ctx.database, 'SUPER_ADMIN', mine.id));
    expect((await get(`/check-org-expiry/${theirs.id}`, root.headers)).json()).toEqual({ expired: true });
  });
});

describe('an expired organization', () => {
  it('gets 403 ORG_EXPIRED everywhere but the expiry check; super admins carry on', async () => {
    const org = await createOrg(ctx.database, { name: 'Expiring Co' });
    const admin = await signIn(ctx.app, await createUser(ctx.database, 'ADMIN', org.id));
    const player = await signIn(ctx.app, await createUser(ctx.database, 'PLAYER', org.id));
    const root = await signIn(ctx.app, await createUser(ctx.database, 'SUPER_ADMIN', org.id));
    const url = `/get-org-workshops/${encodeURIComponent('Expiring Co')}`;
    expect((await get(url, admin.headers)).statusCode).toBe(200);

    // Takes effect at once, not when the token is next renewed.
    await ctx.database.db
      .update(organizations)
      .set({ expiry: yesterday() })
      .where(eq(organizations.id, org.id));
    for (const session of [admin, player]) {
      const res = await get(`/getroomsbyorgname/${encodeURIComponent('Expiring Co')}`, session.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'ORG_EXPIRED', message: 'Organization license expired' });
    }
    expect((await get(url, admin.headers)).json().code).toBe('ORG_EXPIRED');
    expect((await get(`/check-org-expiry/${org.id}`, admin.headers)).json()).toEqual({ expired: true });
    expect((await get(url, root.headers)).statusCode).toBe(200);
  });

  it('stays valid through its expiry day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const org = await createOrg(ctx.database, { expiry: today });
    const admin = await signIn(ctx.app, await createUser(ctx.database, 'ADMIN', org.id));
    expect((await get(`/check-org-expiry/${org.id}`, admin.headers)).json()).toEqual({ expired: false });
  });
});

describe('GET /get-org-workshops/{name}', () => {
  it("lists the organization's linked workshops to its staff only", async () => {
    const org = await createOrg(ctx.database, { name: 'Linked Ltd' });
    const other = await createOrg(ctx.database, { name: 'Other Ltd' });
    const [w1, w2] = await ctx.database.db
      .insert(workshops)
      .values([{ name: 'Zeta' }, { name: 'Alpha' }])
      .returning();
    await ctx.database.db.insert(orgWorkshops).values([
      { orgId: org.id, workshopId: w1!.id },
      { orgId: org.id, workshopId: w2!.id },
    ]);
    const facilitator = await signIn(ctx.app, await createUser(ctx.database, 'FACILITATOR', org.id));
    const res = await get('/get-org-workshops/Linked%20Ltd', facilitator.headers);
    expect(res.json()).toEqual([
      { id: w2!.id, name: 'Alpha' },
      { id: w1!.id, name: 'Zeta' },
    ]);
    const outsider = await signIn(ctx.app, await createUser(ctx.database, 'ADMIN', other.id));
    expect((await get('/get-org-workshops/Linked%20Ltd', outsider.headers)).statusCode).toBe(404);
    const player = await signIn(ctx.app, await createUser(ctx.database, 'PLAYER', org.id));
    expect((await get('/get-org-workshops/Linked%20Ltd', player.headers)).statusCode).toBe(403);
    expect((await get('/get-org-workshops/Nowhere', facilitator.headers)).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/v1/get-org-workshops/Linked%20Ltd' })).statusCode).toBe(401);
  });
});
