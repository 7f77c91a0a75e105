import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms, sessions, workshops } from '../db/schema';
import { createOrg, createTestContext, createUser, signIn, type TestContext } from '../test/context';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof createOrg>>;
let other: Awaited<ReturnType<typeof createOrg>>;
let roomId: number;
let otherRoomId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createOrg(ctx.database, { name: 'Rooms Org' });
  other = await createOrg(ctx.database, { name: 'Elsewhere' });
  const [w] = await ctx.database.db.insert(workshops).values({ name: 'Onboarding' }).returning();
  await ctx.database.db.insert(sessions).values([
    { workshopId: w!.id, name: 'Second', orderIndex: 1 },
    { workshopId: w!.id, name: 'First', orderIndex: 0 },
  ]);
  const inserted = await ctx.database.db
    .insert(rooms)
    .values([
      { name: 'Room B', orgId: org.id, workshopId: w!.id },
      { name: 'Room A', orgId: org.id, workshopId: w!.id },
      { name: 'Their room', orgId: other.id, workshopId: w!.id },
    ])
    .returning();
  roomId = inserted[1]!.id;
  otherRoomId = inserted[2]!.id;
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url: `/api/v1${url}`, headers });

describe('GET /getroomsbyorgname/{org}', () => {
  it("lists the caller's organization's rooms with workshop and ordered sessions", async () => {
    const player = await signIn(ctx.app, await createUser(ctx.database, 'PLAYER', org.id));
    const res = await get('/getroomsbyorgname/Rooms%20Org', player.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((r: { name: string }) => r.name)).toEqual(['Room A', 'Room B']);
    expect(body[0]).toMatchObject({
      id: roomId,
      orgId: org.id,
      workshop: { name: 'Onboarding' },
      sessions: [
        { name: 'First', orderIndex: 0 },
        { name: 'Second', orderIndex: 1 },
      ],
    });
  });

  it("hides another organization's rooms", async () => {
    const player = await signIn(ctx.app, await createUser(ctx.database, 'PLAYER', org.id));
    expect((await get('/getroomsbyorgname/Elsewhere', player.headers)).statusCode).toBe(404);
    const root = await signIn(ctx.app, await createUser(ctx.database, 'SUPER_ADMIN', org.id));
    expect((await get('/getroomsbyorgname/Elsewhere', root.headers)).json()).toHaveLength(1);
    expect((await get('/getroomsbyorgname/Elsewhere')).statusCode).toBe(401);
  });
});

describe('GET /getroombyid/{id}', () => {
  it('returns a room of the caller organization, 404 for any other', async () => {
    const facilitator = await signIn(ctx.app, await createUser(ctx.database, 'FACILITATOR', org.id));
    expect((await get(`/getroombyid/${roomId}`, facilitator.headers)).json().name).toBe('Room A');
    const theirs = await get(`/getroombyid/${otherRoomId}`, facilitator.headers);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 'NOT_FOUND', message: 'Room not found' });
    expect((await get('/getroombyid/999999', facilitator.headers)).statusCode).toBe(404);
    expect((await get('/getroombyid/abc', facilitator.headers)).statusCode).toBe(400);
    expect((await get(`/getroombyid/${roomId}`)).statusCode).toBe(401);
  });
});
