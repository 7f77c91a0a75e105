/**
 * Outages answer like outages (issue 43): with the database down every route answers 503 with
 * Retry-After and the outage text (never 500 'Internal server error'), the game socket says 'unavailable
 * for a moment' for as long as it lasts (never 'Something went wrong'), a new socket is refused with
 * the same 503, and everything works again once the database is back, without a restart. The same
 * for Redis where it is configured. Real parts: PGlite closed, a PostgreSQL database closed to
 * connections with its sessions killed (pg_terminate_backend), Redis behind a loopback proxy cut.
 */
import type { AddressInfo } from 'node:net';
import { english } from '@playshop/messages/english';
import { API_PREFIX } from '@playshop/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { connectRedis } from '../redis';
import type { AuthzRow, MatrixRequest } from '../test/authz/core';
import { AUTHZ_MATRIX, createMatrixFixture } from '../test/authz/matrix';
import {
  createOrg,
  createRoom,
  createRoomWithPeople,
  createTestContext,
  signIn,
  signInNewUser,
  type TestContext,
} from '../test/context';
import { type GameClient, gameClient } from '../test/instances';
import { startTcpProxy } from '../test/tcp-proxy';
import { isDatabaseUnavailable } from './db-errors';

const OUTAGE = english('errors.databaseUnavailable');
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('[playshop] Redis outage replies skipped: TEST_REDIS_URL is not set.');
const onPostgres = inject('dbKind') === 'postgres';
if (!onPostgres) console.warn('[playshop] PostgreSQL outage and recovery skipped: it runs in server-pg.');

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!().catch(() => undefined);
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function context(options: Parameters<typeof createTestContext>[0] = {}) {
  const ctx = await createTestContext(options);
  cleanups.push(() => ctx.close());
  return ctx;
}

/** Every /api/v1 route's call as an admin of the fixture's own organization, prepared while the database answers. */
async function everyRoute(ctx: TestContext) {
  const fixture = await createMatrixFixture(ctx.database, ctx.storage);
  const admin = await signInNewUser(ctx, 'ADMIN', fixture.own.org.id);
  const calls: { key: string; method: AuthzRow['method']; request: MatrixRequest }[] = [];
  for (const row of AUTHZ_MATRIX) {
    const request = await row.request(fixture, fixture.own);
    calls.push({ key: `${row.method} ${row.path}`, method: row.method, request });
  }
  return {
    admin,
    async replies() {
      const replies: { key: string; status: number; retryAfter: unknown; body: string }[] = [];
      for (const { key, method, request } of calls) {
        const res = await ctx.app.inject({
          method,
          url: `${API_PREFIX}${request.url}`,
          headers: { ...request.headers, ...admin.headers },
          ...(request.payload ? { payload: request.payload } : {}),
        });
        replies.push({ key, status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.body });
      }
      return replies;
    },
  };
}

type Replies = Awaited<ReturnType<Awaited<ReturnType<typeof everyRoute>>['replies']>>;

/** The outage's words in the route's own error format: the API's, or SCIM's for the directory's routes. */
const saysOutage = (body: string) => {
  const reply = JSON.parse(body);
  return reply.schemas?.[0] === 'urn:ietf:params:scim:api:messages:2.0:Error'
    ? reply.status === '503' && reply.detail === OUTAGE
    : reply.message === OUTAGE && reply.code === 'DATABASE_UNAVAILABLE';
};

/** No 500 anywhere; every 503 is the outage's, with Retry-After; and the routes that read the database say so. */
function expectOutageReplies(replies: Replies) {
  const wrong = replies.filter(
    (r) => r.status >= 500 && !(r.status === 503 && Number(r.retryAfter) > 0 && saysOutage(r.body)),
  );
  expect(wrong.map((r) => `${r.key}: ${r.status} ${r.body}`)).toEqual([]);
  // Every signed-in route checks its token in the database first: all of them are the outage.
  const unavailable = replies.filter((r) => r.status === 503).length;
  expect(unavailable).toBeGreaterThan(replies.length * 0.9);
}

/** A started game with a facilitator and a player on `app`'s socket. */
async function liveGame(ctx: TestContext) {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/ws`;
  const { roomId, staff, players } = await createRoomWithPeople(ctx.database, 1);
  const staffToken = (await signIn(ctx.app, staff)).body.accessToken;
  const playerToken = (await signIn(ctx.app, players[0]!)).body.accessToken;
  const m = (type: string, action: string, extra: object = {}) => ({
    type,
    payload: { action, roomId, ...extra },
  });
  const screen = (token: string) => {
    const s = gameClient(url, token);
    cleanups.push(async () => s.ws.terminate());
    return s;
  };
  const facilitator = screen(staffToken);
  const player = screen(playerToken);
  await Promise.all([facilitator.opened, player.opened]);
  facilitator.send(m('room_event', 'open_lobby'));
  await facilitator.next('set_game_state');
  player.send(m('room_event', 'join_room'));
  await player.next('join_room');
  facilitator.send(m('game_event', 'start_game'));
  await player.next('start_game');
  return { roomId, m, facilitator, player, staffToken, playerToken, screen, url };
}

/** `rounds` Rolls and resyncs a second apart while the database is down: every answer is the outage text. */
async function expectGameSaysUnavailable(game: Awaited<ReturnType<typeof liveGame>>, rounds: number) {
  const said = { facilitator: [] as string[], player: [] as string[] };
  // What the game's start sent is not an answer.
  game.facilitator.inbox.length = 0;
  game.player.inbox.length = 0;
  const answer = async (screen: GameClient, to: string[]) => {
    const frame = await screen.next(['error_event', 'get_random_roll', 'set_game_state']);
    to.push(frame.type === 'error_event' ? frame.payload.error : frame.type);
  };
  for (let i = 0; i < rounds; i++) {
    game.facilitator.send(game.m('game_event', 'get_roll'));
    await answer(game.facilitator, said.facilitator);
    game.player.send(game.m('room_event', 'reconnect', { lastSeq: 0 }));
    await answer(game.player, said.player);
    await sleep(1_000);
  }
  expect(said.facilitator).toEqual(Array(rounds).fill(english('game.unavailable')));
  expect(said.player).toEqual(Array(rounds).fill(english('game.unavailable')));
  // A new socket is refused at the upgrade with the outage's 503 (the web client tries again).
  await expect(game.screen(game.playerToken).opened).rejects.toThrow(/503/);
}

describe('the database down', () => {
  it('every route answers 503 with Retry-After and the outage text, and the game says unavailable', {
    timeout: 120_000,
  }, async () => {
    const ctx = await context();
    const routes = await everyRoute(ctx);
    const game = await liveGame(ctx);
    // PGlite closed, or the PostgreSQL pool ended: the database is gone for this app.
    await ctx.database.close();
    expectOutageReplies(await routes.replies());
    // Past the 6 s after which the game used to say 'Something went wrong'.
    await expectGameSaysUnavailable(game, 8);
  });

  it.runIf(onPostgres)(
    'PostgreSQL closed to connections and its sessions killed: 503s and unavailable, then all recovers',
    { timeout: 120_000 },
    async () => {
      const ctx = await context();
      const routes = await everyRoute(ctx);
      const game = await liveGame(ctx);
      const name = new URL(ctx.database.url!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      cleanups.push(async () => {
        await admin.query(`alter database ${name} with allow_connections true`);
        await admin.end();
      });
      await admin.query(`alter database ${name} with allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);

      expectOutageReplies(await routes.replies());
      await expectGameSaysUnavailable(game, 8);

      // Back, without a restart: the same app and the same sockets work again.
      await admin.query(`alter database ${name} with allow_connections true`);
      const headers = { authorization: `Bearer ${game.staffToken}` };
      const room = await ctx.app.inject({ url: `${API_PREFIX}/getroombyid/${game.roomId}`, headers });
      expect(room.statusCode).toBe(200);
      game.facilitator.send(game.m('game_event', 'get_roll'));
      expect((await game.facilitator.next(['get_random_roll', 'error_event'])).type).toBe('get_random_roll');
      const again = game.screen(game.playerToken);
      await again.opened;
      again.send(game.m('room_event', 'reconnect', { lastSeq: 0 }));
      const snapshot = (await again.next('set_game_state')).payload;
      expect('bingoRolls' in snapshot && snapshot.bingoRolls).toHaveLength(1);
    },
  );
});

describe.runIf(onPostgres)('a connection lost inside a transaction', () => {
  it('fails that transaction as an outage and nothing else: the process goes on', async () => {
    const ctx = await context();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    cleanups.push(() => admin.end());
    let pid = 0;
    let killed!: () => void;
    const afterKill = new Promise<void>((resolve) => {
      killed = resolve;
    });
    const transaction = ctx.database.db.transaction(async (tx) => {
      const rows = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: { pid: number }[];
      };
      pid = rows.rows[0]!.pid;
      // Idle between two statements, checked out of the pool, while its session is killed: its
      // client's 'error' event used to have no listener and end the process.
      await afterKill;
      await tx.execute(sql`select 1`);
    });
    while (pid === 0) await sleep(10);
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await sleep(200);
    killed();
    const failure = await transaction.then(
      () => null,
      (err: unknown) => err,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    // The pool replaced the connection: the next statement works.
    const after = (await ctx.database.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] };
    expect(after.rows).toEqual([{ one: 1 }]);
  });
});

describe.runIf(redisUrl)('Redis down', () => {
  it('opening a lobby answers 503 with Retry-After, then works once Redis is back', async () => {
    const target = new URL(redisUrl!);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    cleanups.push(() => proxy.close());
    const redis = await connectRedis(`redis://127.0.0.1:${proxy.port}`);
    cleanups.push(async () => redis.disconnect());
    const ctx = await context({ redis, env: { REDIS_PREFIX: `outage-${process.pid}-${Date.now()}` } });
    const org = await createOrg(ctx.database);
    const { headers } = await signInNewUser(ctx, 'ADMIN', org.id);
    let rooms = 0;
    const lobby = async () =>
      ctx.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/rooms/${(await createRoom(ctx.database, org.id, `Room ${++rooms}`, `Workshop ${rooms}`)).id}/lobby`,
        headers,
      });

    await proxy.cut();
    while (redis.status === 'ready') await sleep(50);
    const down = await lobby();
    expect(down.statusCode).toBe(503);
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
    expect(down.json()).toMatchObject({ message: OUTAGE });

    await proxy.restore();
    // Back once the client and the game's bus have reconnected on their own (no restart).
    let back = await lobby();
    for (let i = 0; i < 100 && back.statusCode === 503; i++) {
      await sleep(100);
      back = await lobby();
    }
    expect(back.statusCode, back.body).toBeLessThan(300);
  });
});
