// The runtime smoke test (scripts/ci-runtime-smoke.sh runs it): two instances started from the
// runtime tree the image holds, on one PostgreSQL and one Redis, driven as production would be:
// probes, a Prometheus scrape, a short game over real WebSockets (facilitator on one instance,
// players on the other), the game metrics moving, then SIGTERM: /readyz answers 503 before exit.
//   node scripts/runtime-smoke.mjs RUNTIME_DIR POSTGRES_URL REDIS_URL
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { frameInbox } from './frame-inbox.mjs';
import { serverNodeFlags } from './server-node-flags.mjs';

const [runtimeDir, postgresUrl, redisUrl] = process.argv.slice(2);
if (!runtimeDir || !postgresUrl || !redisUrl) {
  console.error('Usage: node scripts/runtime-smoke.mjs RUNTIME_DIR POSTGRES_URL REDIS_URL');
  process.exit(2);
}
const { version } = JSON.parse(readFileSync(path.join(runtimeDir, 'package.json'), 'utf8'));
const tag = `${process.pid}_${Date.now().toString(36)}`;
const dbName = `playshop_smoke_${tag}`;
const dataRoot = mkdtempSync(path.join(tmpdir(), 'playshop-smoke-'));
const adminPassword = randomBytes(12).toString('base64url');
const jwtSecret = randomBytes(48).toString('base64url');
const instances = [];
let checks = 0;

function check(ok, what, details) {
  if (!ok) throw new Error(`${what}${details === undefined ? '' : `: ${JSON.stringify(details)}`}`);
  checks++;
  console.log(`  ok  ${what}`);
}

async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const withDatabase = (url, name) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** Starts `node <start:prod's flags> apps/server/dist/main.js` in the runtime tree, as the image's CMD does. */
async function startInstance(name) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const flags = serverNodeFlags(path.join(runtimeDir, 'package.json'));
  const child = spawn(process.execPath, [...flags, 'apps/server/dist/main.js'], {
    cwd: runtimeDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: path.join(dataRoot, name),
      DATABASE_URL: withDatabase(postgresUrl, dbName),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `smoke-${tag}`,
      JWT_SECRET: jwtSecret,
      ADMIN_EMAIL: 'admin@smoke.test',
      ADMIN_PASSWORD: adminPassword,
      METRICS_ENABLED: 'true',
      SHUTDOWN_DRAIN_MS: '3000',
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  const instance = { name, base, child, exited, output: () => output, alive: true };
  void exited.then(() => (instance.alive = false));
  instances.push(instance);
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 60 s`)), 60_000);
    child.stdout.on('data', () => {
      if (output.includes('Playshop is listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => reject(new Error(`${name} exited with ${code}`)));
  });
  return instance;
}

async function json(instance, method, url, body, token) {
  const res = await fetch(`${instance.base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

/** Prometheus text → Map of series (name{labels}) to value. */
async function scrape(instance) {
  const res = await fetch(`${instance.base}/metrics`);
  if (res.status !== 200) throw new Error(`${instance.name} /metrics answered ${res.status}`);
  const series = new Map();
  for (const line of (await res.text()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    series.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return series;
}
const value = (m, series) => m.get(series) ?? 0;

/** A game client: keeps every frame and waits for the next one of a type. */
async function connect(instance, token) {
  const ws = new WebSocket(`${instance.base.replace('http', 'ws')}/ws?token=${encodeURIComponent(token)}`);
  const frames = frameInbox(10_000);
  ws.on('message', (data) => frames.add(JSON.parse(String(data))));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return {
    ws,
    send: (type, payload) => ws.send(JSON.stringify({ type, payload })),
    next: frames.next,
  };
}

async function main() {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();

  console.log('Starting two instances from the runtime tree…');
  const [a, b] = await Promise.all([startInstance('instance-a'), startInstance('instance-b')]);
  check(
    a.output().includes(`version ${version}, commit`),
    `start-up line names version ${version} and the commit`,
  );

  for (const instance of [a, b]) {
    const ready = await json(instance, 'GET', '/readyz');
    check(
      ready.status === 200 && ready.body.checks.database === 'ok' && ready.body.checks.redis === 'ok',
      `${instance.name} /readyz: database and Redis ok`,
      ready,
    );
  }
  const health = await json(a, 'GET', '/health');
  check(
    health.body.version === version && health.body.database === 'postgres',
    '/health has the version',
    health,
  );
  const page = await fetch(`${a.base}/`);
  check(page.status === 200 && (await page.text()).includes('<div id="root">'), 'the web app is served');
  const unknown = await json(a, 'GET', '/api/v1/no-such-thing');
  check(unknown.status === 404 && unknown.body.code === 'NOT_FOUND', 'unknown /api paths answer JSON 404');

  const before = { a: await scrape(a), b: await scrape(b) };
  check(before.a.has('process_cpu_user_seconds_total'), '/metrics is Prometheus text');

  // Staff on instance A, players on instance B: every frame between them crosses Redis.
  const login = await json(a, 'POST', '/api/v1/login', {
    email: 'admin@smoke.test',
    password: adminPassword,
  });
  check(login.status === 200, 'the super admin signs in', login.status);
  const staffToken = login.body.accessToken;
  const roomList = await json(a, 'GET', '/api/v1/getroomsbyorgname/Demo%20Org', undefined, staffToken);
  const roomId = roomList.body[0]?.id;
  check(typeof roomId === 'number', 'the demo room exists', roomList.body);
  const players = [];
  for (const username of ['demo-player-1', 'demo-player-2']) {
    // Player sign-in names the organization (or a room code).
    const res = await json(b, 'POST', '/api/v1/participantLogin', { username, org: 'Demo Org' });
    check(res.status === 200, `${username} signs in on instance B`, res.status);
    players.push(await connect(b, res.body.accessToken));
  }
  const staff = await connect(a, staffToken);

  staff.send('room_event', { action: 'open_lobby', roomId });
  await staff.next('set_game_state');
  for (const p of players) {
    p.send('room_event', { action: 'join_room', roomId });
    const joined = await p.next('join_room');
    check(Array.isArray(joined.payload.bingoBoard), 'a player on instance B is dealt a card');
  }
  staff.send('game_event', { action: 'start_game', roomId });
  for (const p of players) await p.next('start_game');
  const rolls = [];
  for (let i = 0; i < 5; i++) {
    staff.send('game_event', { action: 'get_roll', roomId });
    const roll = (await staff.next('get_random_roll')).payload.roll;
    for (const p of players) {
      const seen = (await p.next('get_random_roll')).payload.roll;
      if (seen !== roll) throw new Error(`a player saw ${seen}, the facilitator ${roll}`);
    }
    rolls.push(roll);
  }
  check(new Set(rolls).size === 5, `five rolls reached both players across instances (${rolls.join(', ')})`);

  const after = { a: await scrape(a), b: await scrape(b) };
  const moved = (which, series) => value(after[which], series) - value(before[which], series);
  check(
    moved('a', 'playshop_game_commands_total{type="game_event",action="get_roll"}') === 5,
    'A counted 5 get_roll commands',
  );
  check(
    moved('b', 'playshop_game_commands_total{type="room_event",action="join_room"}') === 2,
    'B counted 2 join_room commands',
  );
  check(
    value(after.a, 'playshop_ws_open_sockets') === 1 && value(after.b, 'playshop_ws_open_sockets') === 2,
    'open sockets: 1 on A, 2 on B',
  );
  check(
    moved('b', 'playshop_game_bus_lag_seconds_count') >= 6,
    'B measured the Redis bus lag of the game messages',
  );
  check(moved('b', 'playshop_game_fanout_seconds_count') >= 6, "B timed the fan-out to its players' sockets");
  check(
    [...after.a.keys()].some((k) =>
      k.startsWith('http_request_duration_seconds_count{method="POST",route="/api/v1/login"'),
    ),
    'HTTP latency is recorded by route',
  );

  // SIGTERM: A must leave the load balancer (/readyz 503) while it still runs, then exit cleanly.
  const closed = new Promise((resolve) => staff.ws.once('close', (code) => resolve(code)));
  a.child.kill('SIGTERM');
  let drainingSeen = false;
  for (let i = 0; i < 40 && a.alive && !drainingSeen; i++) {
    const res = await fetch(`${a.base}/readyz`).catch(() => undefined);
    if (res?.status === 503 && (await res.json()).status === 'draining' && a.alive) drainingSeen = true;
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  check(drainingSeen, 'after SIGTERM, A answered /readyz 503 (draining) before exiting');
  check((await a.exited) === 0, 'A exited with 0');
  const code = await Promise.race([
    closed,
    new Promise((resolve) => setTimeout(() => resolve('open'), 5000)),
  ]);
  check(typeof code === 'number', `A's game socket was closed by the shutdown (${code})`);
  const stillReady = await json(b, 'GET', '/readyz');
  check(stillReady.status === 200, 'B stays ready', stillReady);
  for (const p of players) p.ws.close();
}

async function cleanup() {
  for (const instance of instances) {
    if (instance.alive) {
      instance.child.kill('SIGTERM');
      await instance.exited;
    }
  }
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  rmSync(dataRoot, { recursive: true, force: true });
}

try {
  await main();
  await cleanup();
  console.log(`runtime smoke: all ${checks} checks ok`);
} catch (err) {
  console.error(`runtime smoke FAILED: ${err instanceof Error ? err.message : err}`);
  for (const instance of instances) console.error(`--- ${instance.name} output ---\n${instance.output()}`);
  await cleanup().catch((e) => console.error(`clean-up failed: ${e.message}`));
  process.exit(1);
}
