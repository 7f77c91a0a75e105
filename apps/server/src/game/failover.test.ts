/**
 * Two real instances (child processes) on PostgreSQL + Redis, as behind a load balancer:
 * - a rolling restart: SIGTERM on the room's owner hands the room to the other instance before it
 *   exits and tells its screens to move (make-before-break); players see no error and no gap of
 *   more than 2 s in their frames; a screen that does not know `move` is closed with 1012;
 * - the owner killed (-9) mid-game: the other instance takes the room within 10 s, every player is
 *   back with card, marks and rolls, and no roll a client saw is lost.
 */

import { english } from '@playshop/messages/english';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, type TestContext } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { gameEvents, games } from '../db/schema';
import { createRoomWithPeople, signIn, useTestDatabase } from '../test/context';
import {
  type Frame,
  type GameClient,
  gameClient,
  rollAndMark,
  spawnInstance,
  ticketOf,
} from '../test/instances';

const database = useTestDatabase();
const redisUrl = process.env.TEST_REDIS_URL;
const JWT_SECRET = 'failover-test-secret-failover-test-secret!!';
const REDIS_PREFIX = `failover-${process.pid}-${Date.now()}`;
if (!redisUrl) console.warn('[playshop] Failover tests skipped: TEST_REDIS_URL is not set.');

/** The real server in a process of its own, so it can be stopped or killed like a machine. */
const instance = (url: string) =>
  spawnInstance({
    LOG_LEVEL: 'info',
    JWT_SECRET,
    DATABASE_URL: url,
    REDIS_URL: redisUrl!,
    REDIS_PREFIX,
    SHUTDOWN_DRAIN_MS: '300',
  });
const player = (url: string, token: string) => gameClient(url, token);
type Player = GameClient;

/** The longest time between two frames a screen received from `from` on (ms). */
const longestGap = (frames: Frame[], from: number, to: number) => {
  const times = [from, ...frames.filter((f) => f.at >= from && f.at <= to).map((f) => f.at), to];
  return Math.max(...times.slice(1).map((t, i) => t - times[i]!));
};

/** A client message about the room. */
const aboutRoom =
  (roomId: number) =>
  (type: string, action: string, extra: object = {}) => ({
    type,
    payload: { action, roomId, ...extra },
  });

async function people(url: string, players: number) {
  const made = await createRoomWithPeople(database(), players);
  // Tokens are signed with the shared secret: an in-process app on the same database signs in.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/playshop-unused',
    JWT_SECRET,
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database: database(), logger: false });
  try {
    const staff = (await signIn(app, made.staff)).body.accessToken;
    const tokens = [];
    for (const p of made.players) tokens.push((await signIn(app, p)).body.accessToken);
    return { ...made, staffToken: staff, playerTokens: tokens, url };
  } finally {
    await app.close();
  }
}

/**
 * `players` players and their room on two instances, the lobby opened by the facilitator's screen on
 * A (`opener`), so A owns the room. PGlite lives inside one process, so this needs PostgreSQL: without
 * TEST_DATABASE_URL the test is skipped.
 */
async function roomOnTwoInstances(t: TestContext, test: string, players: number) {
  const { url } = database();
  if (!url) {
    console.warn(`[playshop] ${test} test skipped: it needs TEST_DATABASE_URL (PostgreSQL).`);
    return t.skip();
  }
  const room = await people(url, players);
  const m = aboutRoom(room.roomId);
  const [a, b] = await Promise.all([instance(url), instance(url)]);
  const opener = player(a.url, room.staffToken);
  await opener.opened;
  opener.send(m('room_event', 'open_lobby'));
  await opener.next('set_game_state');
  return { room, m, a, b, opener };
}

describe.runIf(redisUrl)('two instances on PostgreSQL + Redis', () => {
  it('rolling restart: SIGTERM on the owner hands the room over; no error, no gap over 2 s', async (t) => {
    // A opens the room, so A owns it; the facilitator runs the game from B.
    const { room, m, a, b } = await roomOnTwoInstances(t, 'rolling-restart', 3);
    const facilitator = player(b.url, room.staffToken);
    const onA = player(a.url, room.playerTokens[0]!);
    const onB = player(b.url, room.playerTokens[1]!);
    // A page of before `move`: it ignores the frame and reconnects on the close.
    const oldPageOnA = player(a.url, room.playerTokens[2]!);
    await Promise.all([facilitator.opened, onA.opened, onB.opened, oldPageOnA.opened]);
    facilitator.send(m('room_event', 'join_room'));
    await facilitator.next('set_game_state');
    onA.send(m('room_event', 'join_room'));
    const card = (await onA.next('join_room')).payload;
    for (const screen of [onB, oldPageOnA]) {
      screen.send(m('room_event', 'join_room'));
      await screen.next('join_room');
    }
    facilitator.send(m('game_event', 'start_game'));
    await onA.next('start_game');

    // The facilitator rolls every 400 ms throughout; every roll must be answered with a ball.
    const rolls: number[] = [];
    const roll = async () => {
      facilitator.send(m('game_event', 'get_roll'));
      rolls.push((await facilitator.next('get_random_roll', 5_000)).payload.roll);
    };
    for (let i = 0; i < 3; i++) await roll();
    const stoppedAt = Date.now();
    a.child.kill('SIGTERM');
    // The phone on A behaves as the web client (game-connection.ts): told to `move`, it opens a
    // socket on the other instance with the move's ticket while A's still brings frames, takes the
    // frames of the new one from its snapshot on, and closes A's (1000).
    let back: Player | undefined;
    let switchedAt = 0;
    const moved = (async () => {
      const move = await onA.next('move', 15_000);
      back = gameClient(b.url, move.payload.resume, 'resume');
      await back.opened;
      back.send(m('room_event', 'reconnect', { lastSeq: onA.all.at(-1)?.seq ?? 0 }));
      let snapshot = await back.next('set_game_state');
      while (!('roomId' in snapshot.payload)) snapshot = await back.next('set_game_state');
      switchedAt = snapshot.at;
      onA.ws.close(1000);
    })();
    // The old page reconnects on A's close, as it always did.
    let oldBack: Player | undefined;
    const oldReconnected = oldPageOnA.closed.then(async (code) => {
      expect(code).toBe(1012);
      oldBack = gameClient(b.url, ticketOf(oldPageOnA), 'resume');
      await oldBack.opened;
      oldBack.send(m('room_event', 'reconnect', { lastSeq: oldPageOnA.all.at(-1)?.seq ?? 0 }));
      await oldBack.next('set_game_state');
    });
    while (Date.now() - stoppedAt < 4_000) {
      await roll();
      await new Promise((r) => setTimeout(r, 400));
    }
    // Frames are judged while the facilitator rolls (4 s): the phone has moved within them.
    const end = Date.now();
    await moved;
    expect(switchedAt).toBeLessThan(end);
    expect(await onA.closed).toBe(1000);
    // A waits for the screens that do not move (MOVE_WITHIN_MS), then closes them and exits.
    expect(await a.exited).toBe(0);
    await oldReconnected;
    expect(a.log()).toContain('handed rooms off to other instances');
    // Moved: the phone. Closed at the bound: the old page and the opener's screen, which ignore `move`.
    expect(a.log()).toMatch(/"moved":1,"closed":2/);

    for (const screen of [facilitator, onB, onA, back!, oldPageOnA, oldBack!]) {
      expect(screen.all.filter((f) => f.type === 'error_event')).toEqual([]);
    }
    // No screen went more than 2 s without a frame (the phone on A: across its move to B, the frames
    // of A's socket until the new one's snapshot, then the new one's).
    expect(longestGap(onB.all, stoppedAt, end)).toBeLessThanOrEqual(2_000);
    const seen = [
      ...onA.all.filter((f) => f.at < switchedAt),
      ...back!.all.filter((f) => f.at >= switchedAt),
    ];
    expect(longestGap(seen, stoppedAt, end)).toBeLessThanOrEqual(2_000);
    // The moved phone has its card and every ball.
    back!.inbox.length = 0;
    back!.send(m('room_event', 'reconnect', { lastSeq: 0 }));
    let snapshot = (await back!.next('set_game_state')).payload;
    while (!('roomId' in snapshot)) snapshot = (await back!.next('set_game_state')).payload;
    expect('bingoRolls' in snapshot && snapshot.bingoRolls).toEqual(rolls);
    expect('bingoBoard' in snapshot && snapshot.bingoBoard).toEqual(
      'bingoBoard' in card ? card.bingoBoard : null,
    );
    b.child.kill('SIGTERM');
    await b.exited;
  }, 180_000);

  it('the owner killed (-9): the other instance has the room back within 10 s, marks and rolls kept', async (t) => {
    const { room, m, a, b, opener: facilitator } = await roomOnTwoInstances(t, 'owner-killed', 1);
    const { db } = database();
    const phone = player(b.url, room.playerTokens[0]!);
    await phone.opened;
    phone.send(m('room_event', 'join_room'));
    const joined = (await phone.next('join_room')).payload;
    const card = ('bingoBoard' in joined && joined.bingoBoard) || [];
    facilitator.send(m('game_event', 'start_game'));
    await phone.next('start_game');
    const { rolls, marked } = await rollAndMark(facilitator, phone, card, 3, m);
    // A second facilitator screen, on B, presses Roll as the owner dies: its command is forwarded to
    // an owner that will never answer. It is settled once B has the room, not after the forward's 30 s.
    const staffOnB = player(b.url, room.staffToken);
    await staffOnB.opened;
    staffOnB.send(m('room_event', 'join_room'));
    await staffOnB.next('set_game_state');

    const killedAt = Date.now();
    a.child.kill('SIGKILL');
    staffOnB.send(m('game_event', 'get_roll'));
    await a.exited;
    // The facilitator's screen comes back to the surviving instance and rolls: with the resume
    // ticket the dead instance handed it, as the web client does (no token, no database read).
    const back = gameClient(b.url, ticketOf(facilitator), 'resume');
    await back.opened;
    back.send(m('room_event', 'reconnect', { lastSeq: 0 }));
    const staffView = (await back.next('set_game_state')).payload;
    expect('bingoRolls' in staffView && staffView.bingoRolls).toEqual(rolls);
    // The snapshot the new owner sent (earlier ones were the join's; a bare state change has no card).
    let resumed = (await phone.next('set_game_state')).payload;
    while (!('bingoRolls' in resumed) || resumed.bingoRolls.length === 0) {
      resumed = (await phone.next('set_game_state')).payload;
    }
    expect(resumed).toMatchObject({ bingoBoard: card, bingoRolls: rolls });
    expect('markedCells' in resumed && resumed.markedCells).toContain(marked);
    // Roll refused as unavailable (the dead owner may have drawn it), or drawn by the new owner.
    const pressed = await staffOnB.next(['get_random_roll', 'error_event'], 10_000);
    if (pressed.type === 'error_event') expect(pressed.payload.error).toBe(english('game.unavailable'));
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    back.send(m('game_event', 'get_roll'));
    const after: number[] = [];
    while (after.length < (pressed.type === 'get_random_roll' ? 2 : 1)) {
      after.push((await phone.next('get_random_roll')).payload.roll);
    }
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    for (const ball of after) expect(rolls).not.toContain(ball);
    // Every ball a screen saw is in the log, once.
    const logged = await db
      .select({ payload: gameEvents.payload })
      .from(gameEvents)
      .innerJoin(games, eq(games.id, gameEvents.gameId))
      .where(and(eq(games.roomId, room.roomId), eq(gameEvents.type, 'ball_rolled')))
      .orderBy(gameEvents.seq);
    const balls = logged.map((r) => (r.payload as { number: number }).number);
    expect(balls).toEqual([...rolls, ...after]);
    b.child.kill('SIGTERM');
    await b.exited;
  }, 180_000);
});
