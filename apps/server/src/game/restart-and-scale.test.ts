import type { AddressInfo } from 'node:net';
import type { ServerMessage } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { rooms, workshops } from '../db/schema';
import { createOrg, createUser, openTestDatabase, signIn } from '../test/context';

let database: Database;
let drop: () => Promise<void>;
let roomId: number;
const apps: FastifyInstance[] = [];
const redisClients: Redis[] = [];

// A prefix of this run's own: other test runs may share the Redis server.
const REDIS_PREFIX = `test-${process.pid}-${Date.now()}`;

async function startInstance(redis?: Redis) {
  const config = loadConfig({
    REDIS_PREFIX,
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/playshop-unused',
    JWT_SECRET: 'restart-test-secret-restart-test-secret!!',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database, logger: false, redis });
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  return { app, url: `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws` };
}

function client(url: string, token: string) {
  const ws = new WebSocket(`${url}?token=${encodeURIComponent(token)}`);
  const inbox: ServerMessage[] = [];
  ws.on('message', (d) => inbox.push(JSON.parse(String(d))));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    opened,
    send: (m: unknown) => ws.send(JSON.stringify(m)),
    async next<T extends ServerMessage['type']>(type: T): Promise<Extract<ServerMessage, { type: T }>> {
      for (let waited = 0; waited < 5000; waited += 10) {
        const i = inbox.findIndex((m) => m.type === type);
        if (i >= 0) return inbox.splice(i, 1)[0] as Extract<ServerMessage, { type: T }>;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no ${type}`);
    },
  };
}

let facilitatorToken: string;
let playerToken: string;
const msg = (type: string, action: string, extra: object = {}) => ({
  type,
  payload: { action, roomId, ...extra },
});

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const org = await createOrg(database);
  const [w] = await database.db.insert(workshops).values({ name: 'Scale workshop' }).returning();
  roomId = (
    await database.db
      .insert(rooms)
      .values({ name: 'Scale room', orgId: org.id, workshopId: w!.id })
      .returning()
  )[0]!.id;
  // Tokens are signed with the shared JWT secret, so any instance accepts them.
  const { app } = await startInstance();
  facilitatorToken = (await signIn(app, await createUser(database, 'FACILITATOR', org.id))).body.accessToken;
  playerToken = (await signIn(app, await createUser(database, 'PLAYER', org.id))).body.accessToken;
  await app.close();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const r of redisClients) r.disconnect();
  await database.close();
  await drop();
});

describe('a server restart mid-game', () => {
  it('brings back the same cards and rolls from the event log', async () => {
    const first = await startInstance();
    const facilitator = client(first.url, facilitatorToken);
    const player = client(first.url, playerToken);
    await Promise.all([facilitator.opened, player.opened]);
    facilitator.send(msg('room_event', 'open_lobby'));
    await facilitator.next('set_game_state');
    player.send(msg('room_event', 'join_room'));
    const joined = await player.next('join_room');
    facilitator.send(msg('game_event', 'start_game'));
    await player.next('start_game');
    facilitator.send(msg('game_event', 'get_roll'));
    facilitator.send(msg('game_event', 'get_roll'));
    const rolls = [
      (await player.next('get_random_roll')).payload.roll,
      (await player.next('get_random_roll')).payload.roll,
    ];
    await first.app.close();

    const second = await startInstance();
    const back = client(second.url, playerToken);
    await back.opened;
    back.send(msg('room_event', 'reconnect', { lastSeq: 0 }));
    const rejoined = await back.next('join_room');
    expect('bingoBoard' in rejoined.payload && rejoined.payload.bingoBoard).toEqual(
      'bingoBoard' in joined.payload && joined.payload.bingoBoard,
    );
    expect((await back.next('Reconnected')).payload.missedRolls).toEqual(rolls);
    const staff = client(second.url, facilitatorToken);
    await staff.opened;
    staff.send(msg('room_event', 'join_room'));
    await staff.next('set_game_state');
    staff.send(msg('game_event', 'get_roll'));
    const next = (await back.next('get_random_roll')).payload.roll;
    expect(rolls).not.toContain(next);
    staff.send(msg('game_event', 'game_over'));
    await back.next('game_end');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('[playshop] Two-instance game test skipped: TEST_REDIS_URL is not set.');

describe.runIf(redisUrl)('two instances over Redis', () => {
  it('serve one room together: facilitator on one, players on the other', async () => {
    const connect = () => {
      const r = new Redis(redisUrl!);
      redisClients.push(r);
      return r;
    };
    const a = await startInstance(connect());
    const b = await startInstance(connect());
    const facilitator = client(a.url, facilitatorToken);
    const player = client(b.url, playerToken);
    await Promise.all([facilitator.opened, player.opened]);
    facilitator.send(msg('room_event', 'open_lobby'));
    await facilitator.next('set_game_state');
    player.send(msg('room_event', 'join_room'));
    await player.next('join_room');
    expect((await facilitator.next('user_joined')).payload.username).toMatch(/^player-/);
    facilitator.send(msg('game_event', 'start_game'));
    await player.next('start_game');
    const seen: number[] = [];
    for (let i = 0; i < 10; i++) {
      facilitator.send(msg('game_event', 'get_roll'));
      seen.push((await player.next('get_random_roll')).payload.roll);
    }
    expect(new Set(seen).size).toBe(10);
    // Instance B rolls too (an admin on B): the log stays one sequence without repeats.
    const staffOnB = client(b.url, facilitatorToken);
    await staffOnB.opened;
    staffOnB.send(msg('room_event', 'join_room'));
    await staffOnB.next('set_game_state');
    staffOnB.send(msg('game_event', 'get_roll'));
    const fromB = (await player.next('get_random_roll')).payload.roll;
    expect(seen).not.toContain(fromB);
    facilitator.send(msg('game_event', 'game_over'));
    await player.next('game_end');
  });
});
