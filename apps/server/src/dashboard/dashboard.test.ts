import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { gameEvents, games, organizations, rooms, sessions, users, workshops } from '../db/schema';
import { DEMO_ORG, DEMO_ROOM } from '../first-start/first-start';
import { roomActivityFromLog } from '../rooms/room-activity';
import { createOrg, createTestContext, createUser, signInNewUser, type TestContext } from '../test/context';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof createOrg>>;
let other: Awaited<ReturnType<typeof createOrg>>;
let workshopId: number;
const ids: Record<string, number> = {};

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Appends events to a game as the game core writes them: seq 1, 2, … with the payload beside the type. */
async function log(database: Database, gameId: number, events: { type: string; [k: string]: unknown }[]) {
  await database.db
    .insert(gameEvents)
    .values(events.map(({ type, ...payload }, i) => ({ gameId, seq: i + 1, type, payload })));
}

async function game(roomId: number, values: Partial<typeof games.$inferInsert> = {}) {
  const [row] = await ctx.database.db
    .insert(games)
    .values({ roomId, ...values })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createOrg(ctx.database, { name: 'Dash Org', expiry: day(10) });
  other = await createOrg(ctx.database, { name: 'Far Org', expiry: day(45) });
  await createOrg(ctx.database, { name: 'Lapsed Org', expiry: day(-1) });
  const demo = await createOrg(ctx.database, { name: DEMO_ORG, expiry: day(30) });
  const [w] = await ctx.database.db.insert(workshops).values({ name: 'Onboarding' }).returning();
  workshopId = w!.id;
  await ctx.database.db.insert(sessions).values({ workshopId, name: 'One', orderIndex: 0 });
  const made = await ctx.database.db
    .insert(rooms)
    .values([
      { name: 'Quiet room', orgId: org.id, workshopId },
      { name: 'Lobby room', orgId: org.id, workshopId },
      { name: 'Busy room', orgId: org.id, workshopId },
      { name: 'Done room', orgId: org.id, workshopId },
      { name: 'Their room', orgId: other.id, workshopId },
      { name: DEMO_ROOM, orgId: demo.id, workshopId },
    ])
    .returning();
  for (const r of made) ids[r.name] = r.id;

  const [a, b, c] = [
    await createUser(ctx.database, 'PLAYER', org.id),
    await createUser(ctx.database, 'PLAYER', org.id),
    await createUser(ctx.database, 'PLAYER', org.id),
  ];
  const joined = (u: typeof a) => ({ type: 'player_joined', userId: u.id, username: u.username, card: [] });
  // Lobby open: three dealt a card, the third removed by the facilitator.
  await log(ctx.database, await game(ids['Lobby room']!), [
    { type: 'lobby_opened' },
    joined(a),
    joined(b),
    joined(c),
    { type: 'player_removed', userId: c.id, username: c.username },
  ]);
  // Playing: one in the room, a ball rolled, a winner.
  await log(ctx.database, await game(ids['Busy room']!), [
    { type: 'lobby_opened' },
    joined(a),
    { type: 'game_started', hideRollAnimation: false },
    { type: 'ball_rolled', number: 7 },
    { type: 'bingo', userId: a.id, username: a.username, lines: ['B'], at: new Date().toISOString() },
  ]);
  // Ended last month: closed now, not a game of this month.
  const lastMonth = new Date();
  lastMonth.setUTCDate(1);
  lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
  const done = await game(ids['Done room']!, { createdAt: lastMonth, endedAt: lastMonth });
  await log(ctx.database, done, [{ type: 'lobby_opened' }, joined(b), { type: 'game_ended' }]);
  await game(ids['Their room']!);
});
afterAll(() => ctx.close());

const get = async (url: string, role: 'SUPER_ADMIN' | 'ADMIN' | 'FACILITATOR' | 'PLAYER', orgId = org.id) =>
  ctx.app.inject({
    url: `/api/v1${url}`,
    headers: (await signInNewUser(ctx, role, orgId)).headers,
  });

describe('room activity from the game event log', () => {
  it('tells lobby, playing and closed apart and counts the players holding a card', async () => {
    const now = await roomActivityFromLog(ctx.database.db)([
      ids['Quiet room']!,
      ids['Lobby room']!,
      ids['Busy room']!,
      ids['Done room']!,
      ids['Their room']!,
    ]);
    expect(Object.fromEntries([...now].map(([id, a]) => [id, a]))).toEqual({
      [ids['Quiet room']!]: { state: 'closed', players: 0 },
      [ids['Lobby room']!]: { state: 'lobby', players: 2 },
      [ids['Busy room']!]: { state: 'playing', players: 1 },
      [ids['Done room']!]: { state: 'closed', players: 0 },
      // A game row whose lobby was never opened.
      [ids['Their room']!]: { state: 'closed', players: 0 },
    });
    expect((await roomActivityFromLog(ctx.database.db)([])).size).toBe(0);
  });
});

describe('GET /dashboard/rooms/{org}', () => {
  it("gives the organization's staff its rooms with state and players, by name", async () => {
    const res = await get('/dashboard/rooms/Dash%20Org', 'FACILITATOR');
    expect(res.statusCode).toBe(200);
    expect(res.json().rooms).toEqual([
      { id: ids['Busy room'], name: 'Busy room', workshopName: 'Onboarding', state: 'playing', players: 1 },
      { id: ids['Done room'], name: 'Done room', workshopName: 'Onboarding', state: 'closed', players: 0 },
      { id: ids['Lobby room'], name: 'Lobby room', workshopName: 'Onboarding', state: 'lobby', players: 2 },
      { id: ids['Quiet room'], name: 'Quiet room', workshopName: 'Onboarding', state: 'closed', players: 0 },
    ]);
  });

  it('refuses players, hides other organizations, and answers 404 for an unknown one', async () => {
    expect((await get('/dashboard/rooms/Dash%20Org', 'PLAYER')).statusCode).toBe(403);
    expect((await get('/dashboard/rooms/Far%20Org', 'ADMIN')).statusCode).toBe(404);
    expect((await get('/dashboard/rooms/Far%20Org', 'SUPER_ADMIN')).json().rooms).toHaveLength(1);
    expect((await get('/dashboard/rooms/Nowhere', 'SUPER_ADMIN')).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/v1/dashboard/rooms/Dash%20Org' })).statusCode).toBe(401);
  });
});

describe('GET /dashboard/org/{org}', () => {
  it('gives an admin the counts, the licence end and the recent games with players and winners', async () => {
    const res = await get('/dashboard/org/Dash%20Org', 'ADMIN');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.organization).toEqual({ id: org.id, name: 'Dash Org', expiry: day(10) });
    // Other tests sign in people of this organization too: count them as the database has them.
    const people = await ctx.database.db.select().from(users).where(eq(users.orgId, org.id));
    const players = people.filter((u) => u.role === 'PLAYER').length;
    expect(body.counts).toEqual({ rooms: 4, players, staff: people.length - players, gamesThisMonth: 2 });
    expect(
      body.recentGames.map((g: { roomName: string; players: number; winners: number; endedAt: unknown }) => [
        g.roomName,
        g.players,
        g.winners,
        g.endedAt === null,
      ]),
    ).toEqual([
      ['Busy room', 1, 1, true],
      ['Lobby room', 3, 0, true],
      ['Done room', 1, 0, false],
    ]);
  });

  it('is for admins of the organization and super admins only', async () => {
    expect((await get('/dashboard/org/Dash%20Org', 'FACILITATOR')).statusCode).toBe(403);
    expect((await get('/dashboard/org/Dash%20Org', 'PLAYER')).statusCode).toBe(403);
    expect((await get('/dashboard/org/Dash%20Org', 'ADMIN', other.id)).statusCode).toBe(404);
    expect((await get('/dashboard/org/Dash%20Org', 'SUPER_ADMIN', other.id)).statusCode).toBe(200);
  });
});

describe('GET /dashboard/overview', () => {
  it('gives the super admin the counts, the licences ending within 30 days and the demo room', async () => {
    const res = await get('/dashboard/overview', 'SUPER_ADMIN');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts.organizations).toBe(await ctx.database.db.$count(organizations));
    expect(body.counts.users).toBe(await ctx.database.db.$count(users));
    expect(body.counts.gamesThisMonth).toBe(3);
    // Ending in 10 and 30 days; not in 45, and not the one that already lapsed.
    expect(body.expiringLicences).toEqual([
      { id: org.id, name: 'Dash Org', expiry: day(10) },
      { id: expect.any(Number), name: DEMO_ORG, expiry: day(30) },
    ]);
    expect(body.demoRoom).toEqual({ id: ids[DEMO_ROOM], name: DEMO_ROOM, orgName: DEMO_ORG });
  });

  it("is the super admin's alone", async () => {
    expect((await get('/dashboard/overview', 'ADMIN')).statusCode).toBe(403);
    expect((await get('/dashboard/overview', 'FACILITATOR')).statusCode).toBe(403);
    expect((await get('/dashboard/overview', 'PLAYER')).statusCode).toBe(403);
  });
});
