/**
 * Resume tickets (resume.ts) and the socket's use of them: a screen is handed one on its upgrade,
 * comes back with it instead of a token, is still let go when its rights change; and Roll presses
 * made while a command of the socket stalled count once.
 */
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { ServerMessage } from '@playshop/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { gameEvents, games, signInSessions } from '../db/schema';
import { createRoomWithPeople, createTestContext, signIn, type TestContext } from '../test/context';
import { takeFrame } from '../test/room-socket';
import { RESUME_TICKET_TTL_MS, resumeTickets } from './resume-tickets';
import { accessTokens } from './tokens';

const claims = {
  userId: 7,
  sessionId: '0b8f7a52-5c1e-4d8e-9a43-2f6f0c1d9e11',
  role: 'PLAYER' as const,
  orgId: 2,
  username: 'ana',
  orgName: 'Acme',
};

describe('resume tickets', () => {
  const tickets = resumeTickets('a-secret-that-is-long-enough-for-this-test!!');

  it('are signed with HMAC-SHA256 under the derived key', () => {
    const secret = 'a-secret-that-is-long-enough-for-this-test!!';
    const key = createHmac('sha256', secret).update('playshop game resume ticket').digest();
    const [body, mac] = tickets.issue(claims).split('.');
    expect(mac).toBe(createHmac('sha256', key).update(body!).digest('base64url'));
  });

  it('carry the claims until they expire', () => {
    const now = 1_800_000_000_000;
    const ticket = tickets.issue(claims, now);
    expect(tickets.check(ticket, now + RESUME_TICKET_TTL_MS - 1)).toEqual(claims);
    expect(tickets.check(ticket, now + RESUME_TICKET_TTL_MS)).toBeNull();
  });

  it('refuse a changed body, another secret, an access token and garbage', async () => {
    const ticket = tickets.issue(claims);
    const [body, mac] = ticket.split('.');
    const forged = Buffer.from(
      JSON.stringify([1, 0, 'SUPER_ADMIN', 2, 'ana', 'Acme', Date.now() + 60_000]),
    ).toString('base64url');
    expect(tickets.check(`${forged}.${mac}`)).toBeNull();
    expect(tickets.check(`${body}.${mac!.slice(0, -2)}`)).toBeNull();
    expect(resumeTickets('another-secret-that-is-long-enough-too!!').check(ticket)).toBeNull();
    // Signed with the same secret, an access token is not a ticket (the ticket's key is its own).
    const secret = 'a-secret-that-is-long-enough-for-this-test!!';
    expect(tickets.check(await accessTokens(secret).sign(claims))).toBeNull();
    for (const junk of ['', '.', 'abc', 'a.b', `${'x'.repeat(3000)}.y`])
      expect(tickets.check(junk)).toBeNull();
  });
});

describe('the game socket and resume tickets', () => {
  let ctx: TestContext;
  let base: string;
  let room: Awaited<ReturnType<typeof createRoomWithPeople>>;
  let staffToken: string;
  let playerToken: string;
  const sockets: WebSocket[] = [];

  /** A screen: every frame kept; `next` takes the first of a type not taken yet. */
  function screen(query: string) {
    const ws = new WebSocket(`${base}/ws?${query}`, { headers: { origin: 'http://localhost:3000' } });
    sockets.push(ws);
    const inbox: ServerMessage[] = [];
    ws.on('message', (d) => inbox.push(JSON.parse(String(d))));
    const opened = new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade ${res.statusCode}`)));
      ws.once('error', reject);
    });
    return {
      ws,
      opened,
      inbox,
      send: (type: string, action: string, extra: object = {}) =>
        ws.send(JSON.stringify({ type, payload: { action, roomId: room.roomId, ...extra } })),
      next: <T extends ServerMessage['type']>(type: T) => takeFrame(inbox, type),
      closed: () => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code))),
    };
  }
  const withToken = (token: string) => screen(`token=${encodeURIComponent(token)}`);
  const withTicket = (ticket: string) => screen(`resume=${encodeURIComponent(ticket)}`);
  const ticketOf = async (s: ReturnType<typeof screen>) => {
    const pong = await s.next('pong');
    expect(pong.payload.resume).toEqual(expect.any(String));
    return pong.payload.resume!;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    room = await createRoomWithPeople(ctx.database, 1);
    staffToken = (await signIn(ctx.app, room.staff)).body.accessToken;
    playerToken = (await signIn(ctx.app, room.players[0]!)).body.accessToken;
  });
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await ctx?.close();
  });

  it('hands a ticket at the upgrade; a screen comes back with it alone, as the same player', async () => {
    const staff = withToken(staffToken);
    await staff.opened;
    staff.send('room_event', 'open_lobby');
    await staff.next('set_game_state');
    const phone = withToken(playerToken);
    await phone.opened;
    const ticket = await ticketOf(phone);
    phone.send('room_event', 'join_room');
    const joined = (await phone.next('join_room')).payload;
    phone.ws.terminate();

    const back = withTicket(ticket);
    await back.opened;
    // It is handed a ticket of its own at once, for the next drop.
    expect(await ticketOf(back)).not.toBe('');
    back.send('room_event', 'reconnect', { lastSeq: 0 });
    const snapshot = (await back.next('set_game_state')).payload;
    expect('bingoBoard' in snapshot && snapshot.bingoBoard).toEqual(
      'bingoBoard' in joined ? joined.bingoBoard : 'no card',
    );
    back.ws.terminate();
    staff.ws.terminate();
  });

  it('refuses a forged or expired ticket before the upgrade (401)', async () => {
    const forged = withTicket('eyJ4IjoxfQ.AAAA');
    await expect(forged.opened).rejects.toThrow('upgrade 401');
    const secret = 'test-secret-that-is-long-enough-for-hs256!!';
    const old = resumeTickets(secret).issue(
      { ...claims, userId: room.players[0]!.id },
      Date.now() - RESUME_TICKET_TTL_MS - 1,
    );
    await expect(withTicket(old).opened).rejects.toThrow('upgrade 401');
  });

  it('lets a resumed socket go when its user is revoked, as any open socket', async () => {
    const phone = withToken(playerToken);
    await phone.opened;
    const ticket = await ticketOf(phone);
    phone.ws.terminate();
    const back = withTicket(ticket);
    await back.opened;
    const closed = back.closed();
    // Ended in the table alone (as an end whose message this instance missed): the recheck's.
    await ctx.database.db
      .update(signInSessions)
      .set({ endedAt: new Date() })
      .where(eq(signInSessions.userId, room.players[0]!.id));
    expect(await closed).toBe(4403);
    // The same ticket again: admitted on its signature, and let go again by the next recheck.
    const again = withTicket(ticket);
    await again.opened.catch(() => undefined);
    expect(await again.closed()).toBe(4403);
  });

  it('counts Roll presses made while the socket waited on a stalled command once; quick presses each draw', async () => {
    const staff = withToken(staffToken);
    await staff.opened;
    staff.send('room_event', 'join_room');
    await staff.next('set_game_state');
    staff.send('game_event', 'start_game');
    await staff.next('start_game');
    const before = await balls();
    // Three quick presses: three balls.
    for (let i = 0; i < 3; i++) staff.send('game_event', 'get_roll');
    for (let i = 0; i < 3; i++) await staff.next('get_random_roll');
    expect((await balls()) - before).toBe(3);
    // The room's log held for 1.5 s (as an owner that does not answer): the first press waits on it,
    // four more are pressed meanwhile. The first draws, the four count as one.
    // Pressed once the lock is held, not after a guess at how long taking it takes (a loaded CI
    // machine took longer than 100 ms, and every press drew).
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const held = ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${gameEvents} in exclusive mode`);
      locked();
      await new Promise((r) => setTimeout(r, 1_500));
    });
    await isLocked;
    staff.send('game_event', 'get_roll');
    await new Promise((r) => setTimeout(r, 200));
    for (let i = 0; i < 4; i++) staff.send('game_event', 'get_roll');
    await held;
    await staff.next('get_random_roll');
    await staff.next('get_random_roll');
    await new Promise((r) => setTimeout(r, 500));
    expect(staff.inbox.filter((m) => m.type === 'get_random_roll')).toEqual([]);
    expect((await balls()) - before).toBe(5);
    // Once answered, a press is a ball of its own again.
    staff.send('game_event', 'get_roll');
    await staff.next('get_random_roll');
    expect((await balls()) - before).toBe(6);
    staff.ws.terminate();
  });

  async function balls() {
    const rows = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(gameEvents)
      .innerJoin(games, eq(games.id, gameEvents.gameId))
      .where(and(eq(games.roomId, room.roomId), eq(gameEvents.type, 'ball_rolled')));
    return rows[0]!.n;
  }
});
