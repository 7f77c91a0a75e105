import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categories,
  content,
  gameEvents,
  games,
  orgWorkshops,
  rooms,
  sessionContent,
  sessions,
  workshops,
} from '../db/schema';
import {
  createOrg,
  createTestContext,
  headersCaller,
  type signIn,
  signInNewUser,
  type TestContext,
} from '../test/context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('reading rooms', () => {
  let org: Awaited<ReturnType<typeof createOrg>>;
  let other: Awaited<ReturnType<typeof createOrg>>;
  let roomId: number;
  let otherRoomId: number;

  beforeAll(async () => {
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

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url: `/api/v1${url}`, headers });

  describe('GET /getroomsbyorgname/{org}', () => {
    it("lists the caller's organization's rooms with workshop and ordered sessions", async () => {
      const player = await signInNewUser(ctx, 'PLAYER', org.id);
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
      const player = await signInNewUser(ctx, 'PLAYER', org.id);
      expect((await get('/getroomsbyorgname/Elsewhere', player.headers)).statusCode).toBe(404);
      const root = await signInNewUser(ctx, 'SUPER_ADMIN', org.id);
      expect((await get('/getroomsbyorgname/Elsewhere', root.headers)).json()).toHaveLength(1);
      expect((await get('/getroomsbyorgname/Elsewhere')).statusCode).toBe(401);
    });
  });

  describe('GET /getroombyid/{id}', () => {
    it('returns a room of the caller organization, 404 for any other', async () => {
      const facilitator = await signInNewUser(ctx, 'FACILITATOR', org.id);
      expect((await get(`/getroombyid/${roomId}`, facilitator.headers)).json().name).toBe('Room A');
      const theirs = await get(`/getroombyid/${otherRoomId}`, facilitator.headers);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({
        code: 'NOT_FOUND',
        message: 'Room not found',
        key: 'errors.roomNotFound',
      });
      expect((await get('/getroombyid/999999', facilitator.headers)).statusCode).toBe(404);
      expect((await get('/getroombyid/abc', facilitator.headers)).statusCode).toBe(400);
      expect((await get(`/getroombyid/${roomId}`)).statusCode).toBe(401);
    });
  });
});

describe('writing rooms', () => {
  let orgId: number;
  let admin: Awaited<ReturnType<typeof signIn>>;
  let facilitator: Awaited<ReturnType<typeof signIn>>;
  let workshopId: number;
  let emptyWorkshopId: number;
  let unlinkedWorkshopId: number;
  let sessionIds: number[];

  const call = headersCaller(() => ctx);

  beforeAll(async () => {
    const { db } = ctx.database;
    const org = await createOrg(ctx.database);
    orgId = org.id;
    admin = await signInNewUser(ctx, 'ADMIN', org.id);
    facilitator = await signInNewUser(ctx, 'FACILITATOR', org.id);
    const [w, empty, unlinked] = await db
      .insert(workshops)
      .values([{ name: 'Linked' }, { name: 'Empty' }, { name: 'Unlinked' }])
      .returning();
    workshopId = w!.id;
    emptyWorkshopId = empty!.id;
    unlinkedWorkshopId = unlinked!.id;
    await db.insert(orgWorkshops).values([
      { orgId, workshopId },
      { orgId, workshopId: emptyWorkshopId },
    ]);
    const inserted = await db
      .insert(sessions)
      .values([
        { workshopId, name: 'Second', orderIndex: 1 },
        { workshopId, name: 'First', orderIndex: 0 },
      ])
      .returning();
    sessionIds = [inserted[1]!.id, inserted[0]!.id];
    const [cat] = await db.insert(categories).values({ name: 'Room tests' }).returning();
    const [c] = await db
      .insert(content)
      .values({ title: 'Hello', description: 'd', script: 'say hi', type: 'OTHER', categoryId: cat!.id })
      .returning();
    await db.insert(sessionContent).values({ sessionId: sessionIds[0]!, contentId: c!.id, orderIndex: 0 });
  });

  describe('POST /createroom', () => {
    it('creates a room on a linked workshop with sessions', async () => {
      const res = await call('POST', '/createroom', admin.headers, { name: '  Morning room ', workshopId });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Morning room',
        orgId,
        workshop: { id: workshopId, name: 'Linked' },
      });
      expect(res.json().sessions.map((s: { name: string }) => s.name)).toEqual(['First', 'Second']);
    });

    it("refuses a workshop without sessions with the spec's text", async () => {
      const res = await call('POST', '/createroom', admin.headers, {
        name: 'Empty room',
        workshopId: emptyWorkshopId,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Workshop must have at least one session before creating a room',
        field: 'workshopId',
      });
    });

    it('refuses a missing name, an unlinked workshop and a duplicate name', async () => {
      expect(
        (await call('POST', '/createroom', admin.headers, { name: ' ', workshopId })).json(),
      ).toMatchObject({
        message: 'This field is required',
        field: 'name',
      });
      expect(
        (await call('POST', '/createroom', admin.headers, { name: 'X', workshopId: unlinkedWorkshopId }))
          .statusCode,
      ).toBe(404);
      await call('POST', '/createroom', admin.headers, { name: 'Twice', workshopId });
      const again = await call('POST', '/createroom', admin.headers, { name: 'twice', workshopId });
      expect(again.statusCode).toBe(409);
    });

    it('creates one room when two creates of one name race, and refuses the other with 409', async () => {
      const both = await Promise.all(
        [admin, admin, admin].map((who) =>
          call('POST', '/createroom', who.headers, { name: 'Race Room', workshopId }),
        ),
      );
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      expect(both.find((r) => r.statusCode === 409)!.json().message).toBe(
        'A room with this name already exists in this organization',
      );
      const named = await ctx.database.db.select().from(rooms).where(eq(rooms.name, 'Race Room'));
      expect(named).toHaveLength(1);
    });

    it('lets a super admin create a room in another organization, and only an existing one', async () => {
      const home = await createOrg(ctx.database);
      const superAdmin = await signInNewUser(ctx, 'SUPER_ADMIN', home.id);
      const res = await call('POST', '/createroom', superAdmin.headers, {
        name: 'For them',
        workshopId,
        orgId,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'For them', orgId });
      const unknown = await call('POST', '/createroom', superAdmin.headers, {
        name: 'Nowhere',
        workshopId,
        orgId: 999_999,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Organization not found');
      // An admin naming another organization finds none (404, as everywhere); their own is fine.
      const theirs = await call('POST', '/createroom', admin.headers, {
        name: 'Mine too',
        workshopId,
        orgId: home.id,
      });
      expect(theirs.statusCode).toBe(404);
      const own = await call('POST', '/createroom', admin.headers, { name: 'Mine too', workshopId, orgId });
      expect(own.json()).toMatchObject({ orgId });
    });

    it('is for admins only', async () => {
      expect(
        (await call('POST', '/createroom', facilitator.headers, { name: 'Mine', workshopId })).statusCode,
      ).toBe(403);
    });
  });

  describe('room sessions', () => {
    it('starts at orderIndex 0 with its content, then moves when told', async () => {
      const room = (
        await call('POST', '/createroom', admin.headers, { name: 'Session room', workshopId })
      ).json();
      const first = await call('POST', '/check-and-create-room-session', facilitator.headers, {
        roomSession: { roomId: room.id },
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        roomId: room.id,
        workshopId,
        currentSessionId: sessionIds[0],
        currentSession: {
          name: 'First',
          orderIndex: 0,
          sessionContent: [{ orderIndex: 0, content: { title: 'Hello' } }],
        },
      });
      // Asking again returns the same room session.
      const again = await call('POST', '/check-and-create-room-session', facilitator.headers, {
        roomSession: { roomId: room.id },
      });
      expect(again.json().id).toBe(first.json().id);

      const moved = await call('PATCH', '/update-room-session', facilitator.headers, {
        roomId: room.id,
        currentSectionId: sessionIds[1],
      });
      expect(moved.json()).toMatchObject({
        currentSessionId: sessionIds[1],
        currentSession: { name: 'Second', orderIndex: 1, sessionContent: [] },
      });

      const [foreign] = await ctx.database.db
        .insert(sessions)
        .values({ workshopId: emptyWorkshopId, name: 'Elsewhere', orderIndex: 0 })
        .returning();
      const wrong = await call('PATCH', '/update-room-session', facilitator.headers, {
        roomId: room.id,
        currentSectionId: foreign!.id,
      });
      expect(wrong.statusCode).toBe(404);
      await ctx.database.db.delete(sessions).where(eq(sessions.id, foreign!.id));
    });
  });

  describe('DELETE /deleteroom/{id} and the report', () => {
    it('reports the games as a readable CSV (and the raw log), safe for spreadsheets, and deletes the room with its games', async () => {
      const room = (
        await call('POST', '/createroom', admin.headers, { name: '=Danger, "room"', workshopId })
      ).json();
      const [category] = await ctx.database.db.insert(categories).values({ name: 'Report test' }).returning();
      const [item] = await ctx.database.db
        .insert(content)
        .values({ title: 'Fire exit quiz', description: '', type: 'QUESTION', categoryId: category!.id })
        .returning();
      const card = [0, 1, 2, 3, 4].map((r) =>
        [0, 1, 2, 3, 4].map((c) => (r === 2 && c === 2 ? 0 : c * 15 + r + 1)),
      );
      const [game] = await ctx.database.db.insert(games).values({ roomId: room.id, lastSeq: 5 }).returning();
      await ctx.database.db.insert(gameEvents).values([
        { gameId: game!.id, seq: 1, type: 'lobby_opened', payload: {} },
        { gameId: game!.id, seq: 2, type: 'player_joined', payload: { userId: 5, username: '=cmd|x', card } },
        { gameId: game!.id, seq: 3, type: 'ball_rolled', payload: { number: 42 } },
        {
          gameId: game!.id,
          seq: 4,
          type: 'content_sent',
          payload: { contentId: item!.id, contentType: 'QUESTION' },
        },
        {
          gameId: game!.id,
          seq: 5,
          type: 'bingo',
          payload: { userId: 5, username: '=cmd|x', lines: ['row-0'], at: '2026-11-23T10:00:00.000Z' },
        },
      ]);
      const report = await call('GET', `/get-room-report/${room.id}`, facilitator.headers);
      expect(report.statusCode).toBe(200);
      expect(report.headers['content-type']).toContain('text/csv');
      expect(report.headers['content-disposition']).toMatch(
        /^attachment; filename="Danger-room-report\.csv"$/,
      );
      const lines = report.body.trim().split('\r\n');
      expect(lines[1]).toBe(`Room,"'=Danger, ""room"""`);
      expect(lines).toContain('Games played,1');
      expect(lines.find((l) => l.startsWith("'=cmd|x,"))).toMatch(
        /,Yes,2026-11-23 10:00:00 UTC,B: 1 2 3 4 5 \|/,
      );
      expect(lines.some((l) => /^1,N 42,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/.test(l))).toBe(true);
      expect(lines.some((l) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC,Fire exit quiz,QUESTION$/.test(l))).toBe(
        true,
      );
      expect(lines).toContain("'=cmd|x,2026-11-23 10:00:00 UTC,Any line,row 1");

      const raw = await call('GET', `/get-room-report/${room.id}?format=log`, facilitator.headers);
      expect(raw.headers['content-disposition']).toMatch(/filename="Danger-room-event-log\.csv"$/);
      const rawLines = raw.body.trim().split('\r\n');
      expect(rawLines[0]).toBe('game,seq,time,event,by,detail');
      expect(rawLines[3]).toMatch(/,ball_rolled,,N 42$/);
      expect(rawLines[4]).toMatch(/,content_sent,,Fire exit quiz \(QUESTION\)$/);
      expect(rawLines[5]).toMatch(/,bingo,,'=cmd\|x won \(row 1\)$/);
      expect(
        (await call('GET', `/get-room-report/${room.id}?format=pdf`, facilitator.headers)).statusCode,
      ).toBe(400);

      expect((await call('DELETE', `/deleteroom/${room.id}`, facilitator.headers)).statusCode).toBe(403);
      const deleted = await call('DELETE', `/deleteroom/${room.id}`, admin.headers);
      expect(deleted.statusCode).toBe(200);
      expect(await ctx.database.db.select().from(rooms).where(eq(rooms.id, room.id))).toEqual([]);
      expect(await ctx.database.db.select().from(games).where(eq(games.roomId, room.id))).toEqual([]);
    });
  });
});
