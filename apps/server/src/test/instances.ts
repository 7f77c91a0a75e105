/**
 * Game servers and screens for the tests that play over real sockets with more than one instance
 * (game/failover, game/blips, game/restart-and-scale): an app in this process, the real server in a
 * process of its own (to be stopped or killed like a machine), and a screen's WebSocket.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerMessage } from '@playshop/shared';
import type { Redis } from 'ioredis';
import { afterAll, expect } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Whatever a test file left running goes with it.
const children = new Set<ChildProcess>();
const sockets = new Set<WebSocket>();
afterAll(() => {
  for (const ws of sockets) ws.terminate();
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** The app in this process on a free port (closed by the caller); its game socket's address. */
export async function startInstance(options: {
  database: Database;
  redis?: Redis;
  redisPrefix: string;
  jwtSecret: string;
}) {
  const config = loadConfig({
    REDIS_PREFIX: options.redisPrefix,
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/playshop-unused',
    JWT_SECRET: options.jwtSecret,
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database: options.database, logger: false, redis: options.redis });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws` };
}

/**
 * The real server (main.ts, production mode) in a process of its own, once it listens. `env` adds
 * to and overrides the defaults (JWT_SECRET, DATABASE_URL and REDIS_URL are the caller's).
 */
export async function spawnInstance(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'error',
      DATA_DIR: await mkdtemp(path.join(tmpdir(), 'playshop-instance-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  let log = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      log += d;
      if (log.includes('Playshop is listening')) resolve();
    });
    void exited.then((code) => reject(new Error(`server exited (${code}): ${log}`)));
  });
  return { child, exited, url: `ws://127.0.0.1:${port}/ws`, log: () => log };
}

/** A frame as a screen received it, stamped with its arrival (Date.now()). */
export type Frame = ServerMessage & { at: number };

/**
 * A screen's game socket: what it received, in order, and the next frame of a type. It opens with
 * an access token, or with a resume ticket (`resume`) as the web client does after a drop.
 */
export function gameClient(url: string, token: string, param: 'token' | 'resume' = 'token') {
  const ws = new WebSocket(`${url}?${param}=${encodeURIComponent(token)}`);
  sockets.add(ws);
  /** Frames not yet taken by `next`. */
  const inbox: Frame[] = [];
  /** Every frame. */
  const all: Frame[] = [];
  ws.on('message', (d) => {
    const frame = { ...JSON.parse(String(d)), at: Date.now() };
    inbox.push(frame);
    all.push(frame);
  });
  const closed = new Promise<number>((resolve) =>
    ws.once('close', (code) => {
      sockets.delete(ws);
      resolve(code);
    }),
  );
  return {
    ws,
    inbox,
    all,
    closed,
    opened: new Promise<void>((resolve, reject) => ws.once('open', () => resolve()).once('error', reject)),
    send: (m: unknown) => ws.send(JSON.stringify(m)),
    /** The next frame of one of these types, within `ms`. */
    async next<T extends ServerMessage['type']>(
      types: T | T[],
      ms = 10_000,
    ): Promise<Extract<Frame, { type: T }>> {
      const wanted: string[] = Array.isArray(types) ? types : [types];
      for (const end = Date.now() + ms; Date.now() < end; ) {
        const i = inbox.findIndex((m) => wanted.includes(m.type));
        if (i >= 0) return inbox.splice(i, 1)[0] as Extract<Frame, { type: T }>;
        await sleep(10);
      }
      throw new Error(`no ${wanted.join(' or ')} within ${ms} ms`);
    },
  };
}
export type GameClient = ReturnType<typeof gameClient>;

/** The last resume ticket a screen was handed (`pong.resume`). */
export function ticketOf(screen: GameClient): string {
  const last = screen.all.filter((f) => f.type === 'pong' && f.payload.resume).at(-1);
  if (last?.type !== 'pong' || !last.payload.resume) throw new Error('no resume ticket');
  return last.payload.resume;
}

/** A client message: a type, an action and its fields, about the test's room. */
export type Say = (type: string, action: string, extra?: object) => object;

/** `count` balls rolled by the facilitator's screen, in the order `player` received them. */
export async function rollBalls(facilitator: GameClient, player: GameClient, count: number, say: Say) {
  const rolls: number[] = [];
  for (let i = 0; i < count; i++) {
    facilitator.send(say('game_event', 'get_roll'));
    rolls.push((await player.next('get_random_roll')).payload.roll);
  }
  return rolls;
}

/**
 * Only a rolled number can be marked: rolls until at least `atLeast` balls are out and one of them
 * is on `card`, then `player` marks it and sees it marked. The rolls, and the number marked.
 */
export async function rollAndMark(
  facilitator: GameClient,
  player: GameClient,
  card: number[][],
  atLeast: number,
  say: Say,
) {
  const onCard = (n: number) => card.some((row) => row.includes(n));
  const rolls: number[] = [];
  while (rolls.length < atLeast || !rolls.some(onCard))
    rolls.push(...(await rollBalls(facilitator, player, 1, say)));
  const marked = rolls.find(onCard)!;
  player.send(say('game_event', 'mark', { number: marked, marked: true }));
  expect((await player.next('marks')).payload.markedCells).toContain(marked);
  return { rolls, marked };
}
