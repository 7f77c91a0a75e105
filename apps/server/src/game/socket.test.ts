import type { AddressInfo } from 'node:net';
import { isValidCard, type ServerMessage, WINNER_SOUNDS, winningLines } from '@playshop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { categories, content, organizations, rooms, sessionContent, sessions, workshops } from '../db/schema';
import { createOrg, createTestContext, createUser, signIn, type TestContext } from '../test/context';
import { replay } from './engine';
import { createJournal } from './journal';

let ctx: TestContext;
let base: string;
let roomId: number;
let otherRoomId: number;
let tokens: Record<'facilitator' | 'admin' | 'alice' | 'bob' | 'outsider', string>;
let aliceId: number;
let contentId: number;
let strayContentId: number;
const sockets: WebSocket[] = [];

/** A real WebSocket client that keeps every frame and can wait for the next one of a type. */
async function connect(token: string, origin = 'http://localhost:3000') {
  const ws = new WebSocket(`${base}/ws?token=${encodeURIComponent(token)}`, { headers: { origin } });
  sockets.push(ws);
  const inbox: ServerMessage[] = [];
  const waiters: { type: string; resolve: (m: ServerMessage) => void }[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as ServerMessage;
    const i = waiters.findIndex((w) => w.type === message.type);
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(message);
    else inbox.push(message);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    send: (message: unknown) => ws.send(JSON.stringify(message)),
    /** Forgets frames not waited for so far. */
    drain: () => void inbox.splice(0),
    next<T extends ServerMessage['type']>(
      type: T,
      timeoutMs = 5000,
    ): Promise<Extract<ServerMessage, { type: T }>> {
      const i = inbox.findIndex((m) => m.type === type);
      if (i >= 0) return Promise.resolve(inbox.splice(i, 1)[0] as Extract<ServerMessage, { type: T }>);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          type,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m as Extract<ServerMessage, { type: T }>);
          },
        });
      });
    },
    closed: () => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code))),
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
    expect((await facilitator.next('user_joined')).payload.username).toMatch(/^player-/);

    bob = await connect(tokens.bob);
    bob.send(room('join_room'));
    const bobJoined = await bob.next('join_room');
    expect('bingoBoard' in bobJoined.payload && bobJoined.payload.bingoBoard).not.toEqual(
      'bingoBoard' in joined.payload && joined.payload.bingoBoard,
    );
  });

  it('refuses a player who tries to roll, and keeps serving the room', async () => {
    alice.send(game('get_roll'));
    expect((await alice.next('error_event')).payload.error).toBe('Only the facilitator can do that');
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
    expect((await outsider.next('error_event')).payload.error).toBe('Room not found');
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
    await facilitator.next('leave_room');
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
