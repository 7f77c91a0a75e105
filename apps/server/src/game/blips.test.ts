/**
 * Venue faults on the live game, each through a loopback TCP proxy of the test's own that cuts the
 * link as a network would (test/tcp-proxy.ts): Redis gone for ~8 s on every database the product
 * runs with Redis (this file runs on PGlite in the `server` project and on PostgreSQL in `server-pg`),
 * and PostgreSQL gone (server-pg only). After the link returns the game answers within 5 s and
 * nothing that was acknowledged is lost.
 */

import { english } from '@playshop/messages/english';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { gameEvents } from '../db/schema';
import { connectRedis } from '../redis';
import { createRoomWithPeople, signIn, useTestDatabase } from '../test/context';
import { gameClient, startInstance } from '../test/instances';
import { startTcpProxy, type TcpProxy, throughProxy } from '../test/tcp-proxy';

const database = useTestDatabase();
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('[playshop] Redis blip tests skipped: TEST_REDIS_URL is not set.');

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!().catch(() => undefined);
});
afterAll(async () => {
  while (cleanups.length > 0) await cleanups.pop()!().catch(() => undefined);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startApp(db: Database, redis?: Redis) {
  const started = await startInstance({
    database: db,
    redis,
    redisPrefix: `blip-${process.pid}-${Date.now()}`,
    jwtSecret: 'blip-test-secret-blip-test-secret-blip!!',
  });
  cleanups.push(() => started.app.close());
  return started;
}

function client(url: string, token: string) {
  const screen = gameClient(url, token);
  cleanups.push(async () => screen.ws.terminate());
  return screen;
}
type Client = ReturnType<typeof client>;

/** A room with a facilitator and a player in a started game with `rolls` balls drawn. */
async function gameInProgress(app: FastifyInstance, url: string, db: Database, rolls: number) {
  const { roomId, staff, players } = await createRoomWithPeople(db, 1);
  const staffToken = (await signIn(app, staff)).body.accessToken;
  const playerToken = (await signIn(app, players[0]!)).body.accessToken;
  const m = (type: string, action: string, extra: object = {}) => ({
    type,
    payload: { action, roomId, ...extra },
  });
  const facilitator = client(url, staffToken);
  const player = client(url, playerToken);
  await Promise.all([facilitator.opened, player.opened]);
  facilitator.send(m('room_event', 'open_lobby'));
  await facilitator.next('set_game_state');
  player.send(m('room_event', 'join_room'));
  const joined = await player.next('join_room');
  facilitator.send(m('game_event', 'start_game'));
  await player.next('start_game');
  const seen: number[] = [];
  for (let i = 0; i < rolls; i++) {
    facilitator.send(m('game_event', 'get_roll'));
    seen.push((await facilitator.next('get_random_roll')).payload.roll);
  }
  const card = 'bingoBoard' in joined.payload ? joined.payload.bingoBoard : null;
  return { roomId, m, facilitator, player, seen, card, staffToken, playerToken };
}

/**
 * The facilitator presses Roll until a ball comes (each press answered, a refusal saying the game
 * is unavailable), all within `ms`; the ball drawn.
 */
async function rollWithin(facilitator: Client, roll: unknown, ms: number): Promise<number> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    facilitator.send(roll);
    const answer = await facilitator.next(['get_random_roll', 'error_event'], end - Date.now());
    if (answer.type === 'get_random_roll') return answer.payload.roll;
    expect(answer.payload.error).toBe(english('game.unavailable'));
    await sleep(250);
  }
  throw new Error(`no roll within ${ms} ms`);
}

describe.runIf(redisUrl)('Redis cut for ~8 s mid-game', () => {
  it('the game answers again within 5 s of Redis returning, nothing lost', { timeout: 60_000 }, async () => {
    const target = new URL(redisUrl!);
    const proxy: TcpProxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    cleanups.push(() => proxy.close());
    const redis = await connectRedis(throughProxy(redisUrl!, proxy));
    cleanups.push(async () => redis.disconnect());
    const { app, url } = await startApp(database(), redis);
    const game = await gameInProgress(app, url, database(), 2);

    await proxy.cut();
    await sleep(8_000);
    await proxy.restore();
    const back = Date.now();

    const roll = await rollWithin(game.facilitator, game.m('game_event', 'get_roll'), 5_000);
    expect(game.seen).not.toContain(roll);
    // A phone that lost its socket meanwhile reconnects: its snapshot, with every ball, comes at once.
    const phone = client(url, game.playerToken);
    await phone.opened;
    phone.send(game.m('room_event', 'reconnect', { lastSeq: 0 }));
    const snapshot = (await phone.next('set_game_state', Math.max(500, 5_000 - (Date.now() - back)))).payload;
    expect(Date.now() - back).toBeLessThan(5_000);
    expect('bingoRolls' in snapshot && snapshot.bingoRolls).toEqual([...game.seen, roll]);
    expect('bingoBoard' in snapshot && snapshot.bingoBoard).toEqual(game.card);
  });
});

describe('PostgreSQL cut mid-game', () => {
  it('REST answers 503 with Retry-After, the socket says unavailable, then all recovers with nothing lost', {
    timeout: 60_000,
  }, async (t) => {
    const direct = database();
    if (!direct.url) {
      console.warn('[playshop] PostgreSQL outage test skipped: it needs TEST_DATABASE_URL (PostgreSQL).');
      t.skip();
      return;
    }
    const target = new URL(direct.url);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    cleanups.push(() => proxy.close());
    const proxied = await openDatabase({
      kind: 'postgres',
      url: throughProxy(direct.url, proxy),
      poolSize: 4,
    });
    cleanups.push(() => proxied.close());
    const redis = redisUrl ? await connectRedis(redisUrl) : undefined;
    if (redis) cleanups.push(async () => redis.disconnect());
    const { app, url } = await startApp(proxied, redis);
    const game = await gameInProgress(app, url, direct, 2);
    const rollsStored = async () =>
      (await direct.db.select().from(gameEvents).where(eq(gameEvents.type, 'ball_rolled'))).length;
    const storedBefore = await rollsStored();
    const headers = { authorization: `Bearer ${game.staffToken}` };

    await proxy.cut();
    const down = await app.inject({ url: `/api/v1/getroombyid/${game.roomId}`, headers });
    expect(down.statusCode).toBe(503);
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
    expect(down.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    game.facilitator.send(game.m('game_event', 'get_roll'));
    expect((await game.facilitator.next('error_event')).payload.error).toBe(english('game.unavailable'));
    // A phone whose socket stayed open asks to resync: told the same, not 'something went wrong'.
    game.player.send(game.m('room_event', 'reconnect', { lastSeq: 0 }));
    expect((await game.player.next('error_event')).payload.error).toBe(english('game.unavailable'));
    // A new socket is refused at the upgrade with the same 503, which the web client retries.
    await expect(client(url, game.playerToken).opened).rejects.toThrow(/503/);
    await sleep(2_000);
    expect(await rollsStored()).toBe(storedBefore);

    await proxy.restore();
    const back = Date.now();
    const roll = await rollWithin(game.facilitator, game.m('game_event', 'get_roll'), 5_000);
    expect((await app.inject({ url: `/api/v1/getroombyid/${game.roomId}`, headers })).statusCode).toBe(200);
    const again = client(url, game.playerToken);
    await again.opened;
    again.send(game.m('room_event', 'reconnect', { lastSeq: 0 }));
    const snapshot = (await again.next('set_game_state')).payload;
    expect(Date.now() - back).toBeLessThan(5_000);
    expect('bingoRolls' in snapshot && snapshot.bingoRolls).toEqual([...game.seen, roll]);
    expect('bingoBoard' in snapshot && snapshot.bingoBoard).toEqual(game.card);
    expect(await rollsStored()).toBe(storedBefore + 1);
  });
});
