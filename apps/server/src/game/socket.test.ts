import type { AddressInfo } from 'node:net';
import { english } from '@playshop/messages/english';
import {
  isValidCard,
  type ServerMessage,
  WINNER_SOUNDS,
  winningLines,
  ZServerMessage,
} from '@playshop/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { frameInbox } from '../../../../scripts/frame-inbox.mjs';
import {
  categories,
  content,
  gameEvents,
  organizations,
  roomSessions,
  rooms,
  sessionContent,
  sessions,
  signInSessions,
  workshops,
} from '../db/schema';
import { createOrg, createTestContext, createUser, signIn, type TestContext } from '../test/context';
import { createQuestionRoom } from '../test/question-room';
import { replay } from './engine';
import { createJournal } from './journal';
import { sweepSlice } from './socket';
import { SWEEP_SLICES } from './socket-messages';
import { type Rights, recheckOpenSockets } from './socket-rights';

let ctx: TestContext;
let base: string;
let roomId: number;
let otherRoomId: number;
let tokens: Record<'facilitator' | 'admin' | 'alice' | 'bob' | 'outsider', string>;
let aliceId: number;
let contentId: number;
let strayContentId: number;
let flowRoomId: number;
let flowOrgId: number;
let flowSessionIds: number[];
let flowTokens: Record<'facilitator' | 'carol' | 'dave', string>;
const sockets: WebSocket[] = [];

/** A real WebSocket client that keeps every frame and can wait for the next one of a type. */
async function connect(token: string, origin = 'http://localhost:3000') {
  const ws = new WebSocket(`${base}/ws?token=${encodeURIComponent(token)}`, { headers: { origin } });
  sockets.push(ws);
  const frames = frameInbox<ServerMessage>(5000);
  // Parsed as the web client parses it: a frame the schema does not take fails here.
  ws.on('message', (data) => frames.add(ZServerMessage.parse(JSON.parse(String(data)))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    send: (message: unknown) => ws.send(JSON.stringify(message)),
    /** Forgets frames not waited for so far. */
    drain: frames.drain,
    /** The frames of a type received and not waited for so far. */
    received: frames.received,
    next: frames.next,
    closed: () =>
      new Promise<number>((resolve) => {
        if (ws.readyState === WebSocket.CLOSED) resolve(-1);
        else ws.once('close', (code) => resolve(code));
      }),
  };
}
type Client = Awaited<ReturnType<typeof connect>>;

const room = (action: string, extra: object = {}) => ({
  type: 'room_event',
  payload: { action, roomId, ...extra },
});
const game = (action: string, extra: object = {}) => ({
  type: 'game_event',
  payload: { action, roomId, ...extra },
});

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const org = await createOrg(ctx.database);
  const other = await createOrg(ctx.database);
  const [w] = await ctx.database.db.insert(workshops).values({ name: 'Game workshop' }).returning();
  const [r1, r2] = await ctx.database.db
    .insert(rooms)
    .values([
      { name: 'Main', orgId: org.id, workshopId: w!.id },
      { name: 'Theirs', orgId: other.id, workshopId: w!.id },
    ])
    .returning();
  roomId = r1!.id;
  otherRoomId = r2!.id;
  const [session] = await ctx.database.db
    .insert(sessions)
    .values({ workshopId: w!.id, name: 'One', orderIndex: 0 })
    .returning();
  const [cat] = await ctx.database.db.insert(categories).values({ name: 'Socket tests' }).returning();
  const [used, stray] = await ctx.database.db
    .insert(content)
    .values([
      {
        title: 'Fire exits',
        description: 'Where are they?',
        script: 'Point at the door',
        type: 'OTHER',
        categoryId: cat!.id,
      },
      { title: 'Not in this workshop', description: 'x', type: 'OTHER', categoryId: cat!.id },
    ])
    .returning();
  contentId = used!.id;
  strayContentId = stray!.id;
  await ctx.database.db.insert(sessionContent).values({ sessionId: session!.id, contentId, orderIndex: 0 });
  const token = async (role: 'FACILITATOR' | 'ADMIN' | 'PLAYER', orgId = org.id) =>
    (await signIn(ctx.app, await createUser(ctx.database, role, orgId))).body.accessToken;
  const alice = await signIn(ctx.app, await createUser(ctx.database, 'PLAYER', org.id));
  aliceId = (alice.body as unknown as { userId: number }).userId;
  // A room of its own for the flow tests: a workshop of two sessions, two items then one.
  const flowOrg = await createOrg(ctx.database);
  flowOrgId = flowOrg.id;
  const [fw] = await ctx.database.db.insert(workshops).values({ name: 'Flow workshop' }).returning();
  flowRoomId = (
    await ctx.database.db
      .insert(rooms)
      .values({ name: 'Flow', orgId: flowOrg.id, workshopId: fw!.id })
      .returning()
  )[0]!.id;
  const flowSessions = await ctx.database.db
    .insert(sessions)
    .values([
      { workshopId: fw!.id, name: 'Welcome', orderIndex: 0 },
      { workshopId: fw!.id, name: 'Safety', orderIndex: 1 },
    ])
    .returning();
  flowSessionIds = flowSessions.map((x) => x.id);
  const items = await ctx.database.db
    .insert(content)
    .values(
      ['Intro', 'Quiz', 'Signs'].map((title) => ({
        title,
        description: title,
        type: 'OTHER' as const,
        categoryId: cat!.id,
      })),
    )
    .returning();
  await ctx.database.db.insert(sessionContent).values([
    { sessionId: flowSessions[0]!.id, contentId: items[0]!.id, orderIndex: 0 },
    { sessionId: flowSessions[0]!.id, contentId: items[1]!.id, orderIndex: 1 },
    { sessionId: flowSessions[1]!.id, contentId: items[2]!.id, orderIndex: 0 },
  ]);
  flowTokens = {
    facilitator: await token('FACILITATOR', flowOrg.id),
    carol: await token('PLAYER', flowOrg.id),
    dave: await token('PLAYER', flowOrg.id),
  };
  tokens = {
    facilitator: await token('FACILITATOR'),
    admin: await token('ADMIN'),
    alice: alice.body.accessToken,
    bob: await token('PLAYER'),
    outsider: await token('FACILITATOR', other.id),
  };
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await ctx.close();
});

describe('connecting', () => {
  it('needs a valid token and an allowed origin', async () => {
    const refused = (url: string, origin?: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(url, origin ? { headers: { origin } } : {});
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => resolve(101));
      });
    expect(await refused(`${base}/ws`)).toBe(401);
    expect(await refused(`${base}/ws?token=garbage`)).toBe(401);
    expect(await refused(`${base}/ws?token=${tokens.alice}`, 'https://evil.example')).toBe(403);
    expect(await refused(`${base}/ws?token=${tokens.alice}`, 'http://localhost:3000')).toBe(101);
  });
});

describe('a whole game over real sockets', () => {
  let facilitator: Client;
  let alice: Client;
  let bob: Client;

  it("tells a player 'Lobby not open' before the lobby opens", async () => {
    alice = await connect(tokens.alice);
    alice.send(room('join_room'));
    expect((await alice.next('join_room')).payload).toEqual({ message: 'Lobby not open' });
  });

  it('opens the lobby and deals each joining player a card of their own', async () => {
    facilitator = await connect(tokens.facilitator);
    facilitator.send(room('open_lobby'));
    expect((await facilitator.next('open_lobby')).payload).toEqual({ lobbyOpen: true });
    await facilitator.next('set_game_state');

    alice.send(room('join_room'));
    const joined = await alice.next('join_room');
    expect('bingoBoard' in joined.payload && isValidCard(joined.payload.bingoBoard)).toBe(true);
    const snapshot = await alice.next('set_game_state');
    expect(snapshot.payload).toMatchObject({ lobbyOpen: true, gameStarted: false, sessionName: 'One' });
    expect((await facilitator.next('presence')).payload.joined).toEqual([expect.stringMatching(/^player-/)]);

    bob = await connect(tokens.bob);
    bob.send(room('join_room'));
    const bobJoined = await bob.next('join_room');
    expect('bingoBoard' in bobJoined.payload && bobJoined.payload.bingoBoard).not.toEqual(
      'bingoBoard' in joined.payload && joined.payload.bingoBoard,
    );
  });

  it('refuses a player who tries to roll, and keeps serving the room', async () => {
    alice.send(game('get_roll'));
    // Protocol 6: the refusal's key beside its English, for the reader's language.
    expect((await alice.next('error_event')).payload).toEqual({
      error: 'Only the facilitator can do that',
      key: 'game.notStaff',
    });
    facilitator.send(game('start_game'));
    expect((await alice.next('start_game')).payload).toEqual({ bingoRolls: [], hideRollAnimation: false });
    await bob.next('start_game');
    facilitator.send(game('get_roll'));
    const roll = (await alice.next('get_random_roll')).payload.roll;
    expect((await bob.next('get_random_roll')).payload.roll).toBe(roll);
    expect((await facilitator.next('get_random_roll')).payload.roll).toBe(roll);
  });

  it('sends content to everyone, the script to staff only', async () => {
    const send = (id: number) => ({
      type: 'content_event',
      payload: { action: 'send_content', roomId, contentId: String(id), contentType: 'OTHER' },
    });
    facilitator.send(send(strayContentId));
    expect((await facilitator.next('error_event')).payload.error).toBe('Content not found');
    facilitator.send(send(contentId));
    const staffCopy = await facilitator.next('get_content');
    expect(staffCopy.payload).toMatchObject({
      contentId,
      contentType: 'OTHER',
      content: { title: 'Fire exits', script: 'Point at the door' },
    });
    const playerCopy = await alice.next('get_content');
    expect(playerCopy.payload).toMatchObject({ contentId, content: { title: 'Fire exits', script: null } });
    expect(JSON.stringify(playerCopy)).not.toContain('Point at the door');
  });

  it('answers malformed and oversized frames without losing the room', async () => {
    alice.ws.send('{not json');
    expect((await alice.next('error_event')).payload.error).toBe('Invalid message');
    alice.send({ type: 'game_event', payload: { action: 'get_roll', roomId, extra: 1 } });
    expect((await alice.next('error_event')).payload.error).toBe('Invalid message');
    const big = await connect(tokens.bob);
    const closed = big.closed();
    big.ws.send('x'.repeat(1024 * 1024));
    expect(await closed).toBe(1009);
    facilitator.send(game('get_roll'));
    await alice.next('get_random_roll');
  });

  it("keeps another organization's room out of reach", async () => {
    const outsider = await connect(tokens.outsider);
    outsider.send(room('open_lobby'));
    expect((await outsider.next('error_event')).payload).toEqual({
      error: 'Room not found',
      key: 'errors.roomNotFound',
    });
    alice.send({ type: 'room_event', payload: { action: 'join_room', roomId: otherRoomId } });
    expect((await alice.next('error_event')).payload.error).toBe('Room not found');
  });

  it('refuses a forged claim and announces a true one to everyone', async () => {
    alice.send({
      ...game('check_win'),
      payload: { ...game('check_win').payload, bingoCard: [[1]], rolls: [1, 2, 3] },
    });
    expect((await alice.next('error_event')).payload.error).toBe('No bingo yet: keep playing');
    // Roll until Alice's stored card has a line (read from the event log), then claim.
    const journal = createJournal(ctx.database.db);
    for (let i = 0; i < 75; i++) {
      const s = replay((await journal.load(roomId))!.events);
      if (winningLines(s.players.get(aliceId)!.card, new Set(s.rolls)).length > 0) break;
      facilitator.send(game('get_roll'));
      await alice.next('get_random_roll');
    }
    alice.send(game('check_win'));
    const over = await bob.next('game_over');
    expect(over.payload.username).toMatch(/^player-/);
    // Everyone hears the same winner sound, picked by the server.
    expect(WINNER_SOUNDS).toContain(over.payload.winnerAudio);
    expect((await facilitator.next('game_over')).payload).toEqual(over.payload);
  });

  it('gives a reconnecting player the same card and the rolls they missed', async () => {
    facilitator.send(game('game_state', { gameState: 'bingo' }));
    const lastSeq = (await alice.next('set_game_state')).seq;
    alice.ws.close();
    while ((await facilitator.next('presence')).payload.left.length === 0);
    facilitator.drain();
    facilitator.send(game('get_roll'));
    facilitator.send(game('get_roll'));
    const r1 = (await facilitator.next('get_random_roll')).payload.roll;
    const r2 = (await facilitator.next('get_random_roll')).payload.roll;
    alice = await connect(tokens.alice);
    alice.send(room('reconnect', { lastSeq }));
    const back = await alice.next('join_room');
    expect((await alice.next('Reconnected')).payload.missedRolls).toEqual([r1, r2]);
    const snapshot = (await alice.next('set_game_state')).payload;
    expect('bingoBoard' in snapshot && snapshot.bingoBoard).toEqual(
      'bingoBoard' in back.payload && back.payload.bingoBoard,
    );
    expect('bingoRolls' in snapshot && snapshot.bingoRolls.slice(-2)).toEqual([r1, r2]);
  });

  it('deals new cards on a new game and closes the room for everyone at the end', async () => {
    facilitator.send(game('start_new_game'));
    const fresh = await bob.next('start_new_game');
    expect(isValidCard(fresh.payload.bingoBoard)).toBe(true);
    expect((await facilitator.next('start_new_game')).payload.bingoBoard).toBeNull();
    facilitator.send(game('game_over'));
    expect((await alice.next('game_end')).payload).toEqual({ connectionClosed: true });
    await bob.next('game_end');
    alice.send(room('join_room'));
    expect((await alice.next('join_room')).payload).toEqual({ message: 'Lobby not open' });
  });
});

describe("the organization's roll animation setting", () => {
  it('starts a new game with the animation hidden when the organization says so', async () => {
    const [theirs] = await ctx.database.db.select().from(rooms).where(eq(rooms.id, otherRoomId));
    await ctx.database.db
      .update(organizations)
      .set({ hideRollAnimation: true })
      .where(eq(organizations.id, theirs!.orgId));
    const staff = await connect(tokens.outsider);
    const open = { type: 'room_event', payload: { action: 'open_lobby', roomId: otherRoomId } };
    staff.send(open);
    await staff.next('open_lobby');
    expect((await staff.next('hide_roll_animation')).payload).toEqual({ hideRollAnimation: true });
    staff.send({ type: 'game_event', payload: { action: 'start_game', roomId: otherRoomId } });
    expect((await staff.next('start_game')).payload.hideRollAnimation).toBe(true);
    staff.send({ type: 'game_event', payload: { action: 'game_over', roomId: otherRoomId } });
    await staff.next('game_end');
  });
});

describe('concurrent commands', () => {
  it('two facilitators rolling at once never draw a number twice', async () => {
    const a = await connect(tokens.facilitator);
    const b = await connect(tokens.admin);
    a.send(room('open_lobby'));
    await a.next('set_game_state');
    b.send(room('join_room'));
    await b.next('set_game_state');
    a.send(game('start_game'));
    await b.next('start_game');
    for (let i = 0; i < 30; i++) {
      a.send(game('get_roll'));
      b.send(game('get_roll'));
    }
    const rolls: number[] = [];
    for (let i = 0; i < 60; i++) rolls.push((await a.next('get_random_roll')).payload.roll);
    expect(new Set(rolls).size).toBe(60);
    a.send(game('game_over'));
    await b.next('game_end');
  });
});

describe('the whole flow on the server', () => {
  const flow = (type: string, action: string, extra: object = {}) => ({
    type,
    payload: { action, roomId: flowRoomId, ...extra },
  });
  let staff: Client;
  let carol: Client;

  it('opens, starts and answers a ping', async () => {
    staff = await connect(flowTokens.facilitator);
    staff.send({ type: 'ping', payload: {} });
    await staff.next('pong');
    staff.send(flow('room_event', 'open_lobby'));
    const opened = await staff.next('set_game_state');
    expect(opened.payload).toMatchObject({
      sessionName: 'Welcome',
      queue: [{ title: 'Intro' }, { title: 'Quiz' }],
    });
    carol = await connect(flowTokens.carol);
    carol.send(flow('room_event', 'join_room'));
    await carol.next('set_game_state');
    staff.send(flow('game_event', 'start_game'));
    await carol.next('start_game');
  });

  it('goes back to the board by itself after a roll (1 s with the animation hidden)', async () => {
    staff.send(flow('game_event', 'hide_roll_animation', { hidden: true }));
    await carol.next('hide_roll_animation');
    const sent = Date.now();
    staff.send(flow('game_event', 'get_roll'));
    await carol.next('get_random_roll');
    const back = await carol.next('set_game_state', 3000);
    expect(back.payload).toEqual({ gameState: 'bingo' });
    expect(Date.now() - sent).toBeGreaterThanOrEqual(900);
  });

  it('refuses states the game sets itself, and announcing with no winner', async () => {
    staff.send(flow('game_event', 'game_state', { gameState: 'announce_winner' }));
    expect((await staff.next('error_event')).payload.error).toBe(english('game.noWinnerYet'));
    staff.send(flow('game_event', 'game_state', { gameState: 'roll' }));
    expect((await staff.next('error_event')).payload.error).toBe(english('game.invalidGameState'));
  });

  it('sends the queue in order and moves the room to the next session when it runs out', async () => {
    staff.send(flow('content_event', 'send_next_content'));
    expect((await staff.next('get_content')).payload).toMatchObject({
      content: { title: 'Intro' },
      queue: [{ title: 'Quiz' }],
    });
    staff.send(flow('content_event', 'send_next_content'));
    const last = await staff.next('get_content');
    // The queue is the next session's; the screens name the quiz's session while it is up (issue 28).
    expect(last.payload).toMatchObject({
      content: { title: 'Quiz' },
      sessionName: 'Welcome',
      queue: [{ title: 'Signs' }],
    });
    expect((await carol.next('get_content')).payload).toMatchObject({
      contentId: expect.any(Number),
      queue: null,
    });
    expect((await carol.next('get_content')).payload).toMatchObject({ sessionName: 'Welcome', queue: null });
    // The room session follows, for the REST screens.
    const [row] = await ctx.database.db
      .select()
      .from(roomSessions)
      .where(eq(roomSessions.roomId, flowRoomId));
    expect(row?.currentSessionId).toBe(flowSessionIds[1]);
    // A reloaded facilitator screen gets the same queue: nothing lost or sent twice.
    const reloaded = await connect(flowTokens.facilitator);
    reloaded.send(flow('room_event', 'join_room'));
    expect((await reloaded.next('set_game_state')).payload).toMatchObject({
      sessionName: 'Welcome',
      queue: [{ title: 'Signs' }],
    });
    reloaded.ws.close();
  });

  it("keeps a player's marks across a reconnect", async () => {
    const card = (await (async () => {
      carol.send(flow('room_event', 'join_room'));
      return (await carol.next('set_game_state')).payload;
    })()) as { bingoBoard: number[][]; bingoRolls: number[] };
    // Only a rolled number can be marked: roll (and let the board come back) until one of hers is.
    const onCard = (x: number) => card.bingoBoard.some((row) => row.includes(x));
    let n = card.bingoRolls.find(onCard);
    while (n === undefined) {
      staff.send(flow('game_event', 'get_roll'));
      const roll = (await carol.next('get_random_roll')).payload.roll;
      await carol.next('set_game_state', 3000);
      if (onCard(roll)) n = roll;
    }
    carol.send(flow('game_event', 'mark', { number: n, marked: true }));
    expect((await carol.next('marks')).payload.markedCells).toEqual([0, n]);
    carol.ws.close();
    carol = await connect(flowTokens.carol);
    carol.send(flow('room_event', 'reconnect', { lastSeq: 0 }));
    expect((await carol.next('set_game_state')).payload).toMatchObject({ markedCells: [0, n] });
  });

  it('keeps a player who reloaded present when the old socket closes late', async () => {
    const second = await connect(flowTokens.carol);
    second.send(flow('room_event', 'join_room'));
    await second.next('set_game_state');
    staff.drain();
    carol.ws.close();
    await new Promise((r) => setTimeout(r, 200));
    staff.send({ type: 'ping', payload: {} });
    await staff.next('pong');
    // Presence frames may still come (earlier comings and goings), but none says Carol left.
    await new Promise((r) => setTimeout(r, 500));
    const carolName = JSON.parse(Buffer.from(flowTokens.carol.split('.')[1]!, 'base64url').toString())
      .username as string;
    for (const p of staff.received('presence')) expect(p.payload.left).not.toContain(carolName);
    // Still in the room: a claim is judged, not refused with 'Join the room first'.
    second.send(flow('game_event', 'check_win'));
    expect((await second.next('error_event')).payload.error).toBe(english('game.noBingo'));
    carol = second;
  });

  it('does not grow the log when a player flaps their connection', async () => {
    const count = async () =>
      (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(gameEvents))[0]!.n;
    const before = await count();
    const dave = await connect(flowTokens.dave);
    dave.send(flow('room_event', 'join_room'));
    await dave.next('set_game_state');
    for (let i = 0; i < 20; i++) {
      dave.send(flow('room_event', 'leave_room'));
      dave.send(flow('room_event', 'join_room'));
      await dave.next('set_game_state');
    }
    // One stored event: Dave's card. Comings and goings are sent, never stored.
    expect((await count()) - before).toBe(1);
  });

  it('lets the facilitator remove a player: their screens are told and closed, their card dropped', async () => {
    const dave = await connect(flowTokens.dave);
    dave.send(flow('room_event', 'join_room'));
    await dave.next('set_game_state');
    // Dave's username, from his access token.
    const name = JSON.parse(Buffer.from(flowTokens.dave.split('.')[1]!, 'base64url').toString())
      .username as string;
    staff.drain();
    const closed = dave.closed();
    staff.send(flow('game_event', 'remove_player', { username: name }));
    expect((await dave.next('removed')).payload.message).toBe(english('game.removedFromRoom'));
    expect(await closed).toBe(4001);
    let left = await staff.next('presence');
    while (left.payload.left.length === 0) left = await staff.next('presence');
    expect(left.payload.left).toEqual([name]);
    // Not back into this game.
    const again = await connect(flowTokens.dave);
    const againClosed = again.closed();
    again.send(flow('room_event', 'join_room'));
    expect((await again.next('removed')).payload.message).toBe(english('game.removedFromRoom'));
    expect(await againClosed).toBe(4001);
    staff.send(flow('game_event', 'remove_player', { username: 'nobody-here' }));
    expect((await staff.next('error_event')).payload.error).toBe(english('game.playerNotFound'));
    carol.send(flow('game_event', 'remove_player', { username: name }));
    expect((await carol.next('error_event')).payload.error).toBe(english('game.notStaff'));
  });

  it('limits sockets per user and commands per socket', async () => {
    const many = await Promise.all(Array.from({ length: 9 }, () => connect(flowTokens.dave)));
    const codes = await Promise.all(
      many.map((c) => Promise.race([c.closed(), new Promise((r) => setTimeout(() => r(0), 500))])),
    );
    expect(codes.filter((code) => code === 1008).length).toBeGreaterThanOrEqual(1);
    for (const c of many) c.ws.close();
    await Promise.all(many.map((c) => c.closed()));
    await new Promise((r) => setTimeout(r, 100));
    const flood = await connect(flowTokens.dave);
    const closed = flood.closed();
    for (let i = 0; i < 400; i++) flood.send(flow('game_event', 'check_win'));
    expect((await flood.next('error_event')).payload.error).toBeTypeOf('string');
    expect(await closed).toBe(1008);
  });

  it('follows a room moved to another session by hand (PATCH /update-room-session)', async () => {
    staff.drain();
    const moved = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/update-room-session',
      headers: { authorization: `Bearer ${flowTokens.facilitator}` },
      payload: { roomId: flowRoomId, currentSectionId: flowSessionIds[0] },
    });
    expect(moved.statusCode).toBe(200);
    expect((await staff.next('set_game_state')).payload).toMatchObject({
      sessionName: 'Welcome',
      queue: [{ title: 'Intro' }, { title: 'Quiz' }],
    });
  });

  it('lets an open socket go when the table says its session ended (the recheck, behind the bus)', async () => {
    const dave = await connect(flowTokens.dave);
    const daveSession = JSON.parse(Buffer.from(flowTokens.dave.split('.')[1]!, 'base64url').toString()).sid;
    const closed = dave.closed();
    await ctx.database.db
      .update(signInSessions)
      .set({ endedAt: new Date(), endReason: 'logout' })
      .where(eq(signInSessions.id, daveSession));
    expect(await closed).toBe(4403);
  });

  it('locks an expired organization out of its open sockets at once', async () => {
    await ctx.database.db
      .update(organizations)
      .set({ expiry: '2020-01-01' })
      .where(eq(organizations.id, flowOrgId));
    // An open socket that sends nothing is let go too, within the recheck interval.
    expect(await staff.closed()).toBe(4403);
    await ctx.database.db.update(organizations).set({ expiry: null }).where(eq(organizations.id, flowOrgId));
  });
});

describe('the periodic recheck of open sockets', () => {
  it('judges only the sockets that were open when the database was read', async () => {
    const closed: [number, number][] = [];
    const live = (userId: number, orgId = 1, sessionId = 's0') => ({
      actor: { userId, username: `u${userId}`, role: 'PLAYER' as const, orgId },
      sessionId,
      close: (code: number) => void closed.push([userId, code]),
    });
    // User 5 has two sockets on one token and a third on a newer one (signed in again elsewhere).
    const open = new Set([
      live(1),
      live(2),
      live(4, 2),
      live(5, 1, 's3'),
      live(5, 1, 's3'),
      live(5, 1, 's4'),
    ]);
    let answer: (rights: Rights) => void = () => undefined;
    const asked: [string[], number[]][] = [];
    const done = recheckOpenSockets(
      open,
      (tokens, orgIds) =>
        new Promise((resolve) => {
          asked.push([tokens.map((t) => `${t.userId}${t.sessionId}`), orgIds]);
          answer = resolve;
        }),
    );
    // A socket opens while the read is under way: it passed its own check, and was not asked about.
    open.add(live(3));
    const stale = (userId: number, sessionId: string) => ({
      userId,
      sessionId,
      role: 'PLAYER',
      orgId: 1,
    });
    answer({
      stale: [stale(2, 's0'), stale(5, 's3')],
      expiry: new Map([
        [1, null],
        [2, '2020-01-01'],
      ]),
    });
    await done;
    // Each token asked about once; each organization once.
    expect(asked).toEqual([
      [
        ['1s0', '2s0', '4s0', '5s3', '5s4'],
        [1, 2],
      ],
    ]);
    // User 2's token is stale and user 4's organization expired: both go. User 5's old token is
    // stale: its two sockets go, the one on the new token stays. The new socket stays.
    expect(closed).toEqual([
      [2, 4403],
      [4, 4403],
      [5, 4403],
      [5, 4403],
    ]);
  });
});

describe('the heartbeat sweep', () => {
  it('pings each socket once per heartbeat, a slice of them per tick, and lets go of the silent', () => {
    const pinged: number[] = [];
    const ended: [number, string][] = [];
    const sockets = Array.from({ length: 3 * SWEEP_SLICES }, (_, i) => ({
      sweepSlice: i % SWEEP_SLICES,
      alive: true,
      lastMessageAt: i === 1 ? 0 : 1_000_000,
      socket: {
        ping: () => void pinged.push(i),
        terminate: () => void ended.push([i, 'terminated']),
        close: () => void ended.push([i, 'idle']),
      },
    }));
    sweepSlice(sockets, 0, 1_000_000, 60_000);
    // One tick writes to its slice alone: 3 of 90 sockets, not all of them at once.
    expect(pinged).toEqual([0, SWEEP_SLICES, 2 * SWEEP_SLICES]);
    for (let slice = 1; slice < SWEEP_SLICES; slice++) sweepSlice(sockets, slice, 1_000_000, 60_000);
    // A whole heartbeat: every socket pinged once, but the idle one (closed instead).
    expect(pinged.sort((a, b) => a - b)).toEqual(sockets.map((_, i) => i).filter((i) => i !== 1));
    expect(ended).toEqual([[1, 'idle']]);
    // The next heartbeat: whoever did not answer (no pong set alive again) is let go.
    sockets[5]!.alive = true;
    sweepSlice(sockets, 5, 1_000_000, 60_000);
    expect(ended).toEqual([
      [1, 'idle'],
      [5 + SWEEP_SLICES, 'terminated'],
      [5 + 2 * SWEEP_SLICES, 'terminated'],
    ]);
  });
});

describe('questions that count', () => {
  let quiz: Awaited<ReturnType<typeof createQuestionRoom>>;
  let staff: Client;
  let players: Client[];
  let playerTokens: string[];
  let names: string[];
  let staffToken: string;
  const to = (type: string, action: string, extra: object = {}) => ({
    type,
    payload: { action, roomId: quiz.roomId, ...extra },
  });
  const answer = (choice: number, contentId = quiz.contentId) =>
    to('content_event', 'answer_question', { contentId, choice });

  beforeAll(async () => {
    const org = await createOrg(ctx.database);
    quiz = await createQuestionRoom(ctx.database, org.id);
    staffToken = (await signIn(ctx.app, await createUser(ctx.database, 'FACILITATOR', org.id))).body
      .accessToken;
    const users = await Promise.all([1, 2, 3].map(() => createUser(ctx.database, 'PLAYER', org.id)));
    names = users.map((u) => u.username!);
    playerTokens = await Promise.all(users.map(async (u) => (await signIn(ctx.app, u)).body.accessToken));
    staff = await connect(staffToken);
    staff.send(to('room_event', 'open_lobby'));
    await staff.next('set_game_state');
    players = await Promise.all(playerTokens.map((t) => connect(t)));
    for (const p of players) {
      p.send(to('room_event', 'join_room'));
      await p.next('set_game_state');
    }
    staff.send(to('game_event', 'start_game'));
    for (const p of players) await p.next('start_game');
  });

  it('sends the question to every screen without isCorrect, and refuses answers before it is asked', async () => {
    players[0]!.send(answer(quiz.answerIds[0]!));
    expect((await players[0]!.next('error_event')).payload.error).toBe(english('game.questionNotAsked'));
    staff.send(to('content_event', 'send_next_content'));
    const staffCopy = await staff.next('get_content');
    expect(staffCopy.payload.question).toEqual({
      contentId: quiz.contentId,
      myAnswer: null,
      closed: false,
      correct: null,
      tally: quiz.answerIds.map((answerId) => ({ answerId, count: 0 })),
    });
    for (const p of players) {
      const copy = await p.next('get_content');
      expect(copy.payload.content?.question?.answers.map((a) => a.id)).toEqual(quiz.answerIds);
      expect(copy.payload.question).toMatchObject({ myAnswer: null, tally: null, correct: null });
      expect(JSON.stringify(copy)).not.toContain('isCorrect');
    }
    expect(JSON.stringify(staffCopy)).not.toContain('isCorrect');
  });

  it("takes each player's answer, tells them alone, and gives staff the live tally", async () => {
    const [a, b, c] = quiz.answerIds as [number, number, number];
    players[0]!.send(answer(b));
    expect((await players[0]!.next('my_answer')).payload).toEqual({ contentId: quiz.contentId, choice: b });
    expect((await staff.next('question_tally')).payload.tally.map((t) => t.count)).toEqual([0, 1, 0]);
    players[1]!.send(answer(a));
    await players[1]!.next('my_answer');
    await staff.next('question_tally');
    players[2]!.send(answer(c));
    await players[2]!.next('my_answer');
    await staff.next('question_tally');
    // Changing an answer moves the player's vote.
    players[0]!.send(answer(a));
    expect((await players[0]!.next('my_answer')).payload.choice).toBe(a);
    expect((await staff.next('question_tally')).payload.tally).toEqual([
      { answerId: a, count: 2 },
      { answerId: b, count: 0 },
      { answerId: c, count: 1 },
    ]);
    // Nobody else hears of another's answer.
    expect(await players[1]!.next('my_answer', 300).catch(() => null)).toBeNull();
    expect(await players[1]!.next('question_tally', 300).catch(() => null)).toBeNull();
    players[1]!.send(answer(999_999));
    expect((await players[1]!.next('error_event')).payload.error).toBe(english('game.notAnAnswer'));
    players[1]!.send(answer(a, quiz.contentId + 1));
    expect((await players[1]!.next('error_event')).payload.error).toBe(english('game.questionNotAsked'));
  });

  it('refuses staff commands from players, and answers from staff', async () => {
    for (const command of [
      to('content_event', 'close_question', { contentId: quiz.contentId }),
      to('content_event', 'reveal_answer', { contentId: quiz.contentId }),
      to('game_event', 'set_points_table', { shown: true }),
    ]) {
      players[2]!.send(command);
      expect((await players[2]!.next('error_event')).payload.error).toBe(english('game.notStaff'));
    }
    staff.send(answer(quiz.answerIds[0]!));
    expect((await staff.next('error_event')).payload.error).toBe(english('game.notPlayer'));
  });

  it('gives a reloaded player their answer back and a reloaded facilitator the tally', async () => {
    const again = await connect(playerTokens[0]!);
    again.send(to('room_event', 'join_room'));
    const snapshot = (await again.next('set_game_state')).payload as { question: unknown; content: unknown };
    expect(snapshot.question).toEqual({
      contentId: quiz.contentId,
      myAnswer: quiz.answerIds[0],
      closed: false,
      correct: null,
      tally: null,
    });
    expect(JSON.stringify(snapshot)).not.toContain('isCorrect');
    players[0] = again;
    const staffAgain = await connect(
      (await signIn(ctx.app, await createUser(ctx.database, 'FACILITATOR', flowOrgId))).body.accessToken,
    );
    // Another organization's facilitator sees nothing of this room.
    staffAgain.send(to('room_event', 'join_room'));
    expect((await staffAgain.next('error_event')).payload).toMatchObject({
      error: english('errors.roomNotFound'),
      key: 'errors.roomNotFound',
    });
    staff.send(to('room_event', 'join_room'));
    const staffView = (await staff.next('set_game_state')).payload as { question: { tally: unknown } };
    expect(staffView.question.tally).toEqual([
      { answerId: quiz.answerIds[0], count: 2 },
      { answerId: quiz.answerIds[1], count: 0 },
      { answerId: quiz.answerIds[2], count: 1 },
    ]);
  });

  it('closes the question for everyone: answers after that are refused', async () => {
    staff.send(to('content_event', 'close_question', { contentId: quiz.contentId }));
    for (const p of [staff, ...players])
      expect((await p.next('question_closed')).payload).toEqual({ contentId: quiz.contentId });
    players[2]!.send(answer(quiz.answerIds[0]!));
    expect((await players[2]!.next('error_event')).payload.error).toBe(english('game.questionClosed'));
  });

  it('reveals the correct answer and the tally to everyone, and scores it', async () => {
    staff.drain();
    staff.send(to('content_event', 'reveal_answer', { contentId: quiz.contentId }));
    for (const p of [staff, ...players]) {
      expect((await p.next('answer_revealed')).payload).toEqual({
        contentId: quiz.contentId,
        correct: quiz.correctId,
        tally: [
          { answerId: quiz.answerIds[0], count: 2 },
          { answerId: quiz.answerIds[1], count: 0 },
          { answerId: quiz.answerIds[2], count: 1 },
        ],
      });
    }
    // The points table goes to staff only until it is shown.
    const points = (await staff.next('points')).payload;
    expect(points.shown).toBe(false);
    expect(
      points.rows
        .filter((r) => r.points === 1)
        .map((r) => r.username)
        .sort(),
    ).toEqual([names[0], names[1]].sort());
    staff.send(to('game_event', 'set_points_table', { shown: true }));
    // A player's first points frame is the shown table: none came before it.
    for (const p of [staff, ...players]) {
      const shown = (await p.next('points')).payload;
      expect(shown.shown).toBe(true);
      expect(shown.rows).toHaveLength(3);
    }
    // A player who comes back after the reveal sees whether they were right.
    const back = await connect(playerTokens[2]!);
    back.send(to('room_event', 'join_room'));
    const snapshot = (await back.next('set_game_state')).payload as {
      question: { myAnswer: number; correct: number };
      points: { shown: boolean };
    };
    expect(snapshot.question).toMatchObject({ myAnswer: quiz.answerIds[2], correct: quiz.correctId });
    expect(snapshot.points.shown).toBe(true);
  });

  it('keeps the answers in the event log and the room report', async () => {
    const rows = await ctx.database.db
      .select({ type: gameEvents.type, payload: gameEvents.payload })
      .from(gameEvents)
      .where(eq(gameEvents.type, 'question_answered'));
    const mine = rows.filter((r) => (r.payload as { contentId: number }).contentId === quiz.contentId);
    expect(mine).toHaveLength(4);
    const report = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/get-room-report/${quiz.roomId}`,
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(report.statusCode).toBe(200);
    // The Question column holds the question's own words, not the content's title.
    expect(report.body).toContain(`What do you do first?,${names[2]},Finish your bingo card,`);
    expect(report.body).toMatch(
      new RegExp(`What do you do first\\?,${names[0]},Leave by the nearest exit,[^,]+,Right,1`),
    );
    staff.send(to('game_event', 'game_over'));
    await staff.next('game_end');
  });
});
