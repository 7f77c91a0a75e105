/**
 * `npm run bench:ws`: join storm, roll fan-out latency and server memory per connection of the real
 * game server, each beside a bare `ws` broadcast server (bench/bare-ws-server.ts) driven by the same
 * load generator (bench/ws-load.ts, several processes) in the same run, plus a durability line.
 * Everything on loopback, bounded in sockets and time. Writes the bench:ws table of docs/performance.md.
 *
 *   scenarios: one room of 10,000 players; 300 rooms of 30 players (each with its facilitator)
 *   on PGlite; on PostgreSQL when BENCH_DATABASE_URL is set (a database of its own, dropped after);
 *   two server processes over PostgreSQL + Redis when BENCH_REDIS_URL is set too;
 *   durability: kill -9 the server during a burst of rolls, restart, compare what clients saw with the log.
 *
 * BENCH_ONLY=pglite/one-room (any comma-separated parts of the step names) runs those steps alone and
 * prints their figures without touching the docs. BENCH_REPEAT=N (default 3) runs each server N times
 * per step, alternating, and reports each figure's median. BENCH_PROFILE=cpu writes the real server's CPU
 * profiles to bench/profiles/; BENCH_PROFILE=heap writes a heap snapshot there once the players joined.
 * The real server runs with the product's node flags (package.json's start:prod); BENCH_V8_FLAGS='--flag …'
 * replaces them, and BENCH_V8_FLAGS= (empty) runs it with none, for an A/B of a flag.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import WebSocket from 'ws';
import { type DatabaseOptions, openDatabase } from '../apps/server/src/db/client';
import { gameEvents, games } from '../apps/server/src/db/schema';
import { serverNodeFlags } from '../scripts/server-node-flags.mjs';
import {
  bounded,
  type Fixture,
  Incomplete,
  root,
  type Server,
  seedPeople,
  startServer as startServerProcess,
  writePerformanceBlock,
} from './bench-server';
import type { HeldMemory, ServerHeldMemory } from './gc-on-message';
import { type Generator, startGenerator } from './load-generator';
import type { GeneratorStatus, LoadClient } from './ws-load';

const GENERATORS = Number(process.env.BENCH_GENERATORS ?? 4);

/** The real server's node flags: the product's, unless BENCH_V8_FLAGS replaces them for an A/B. */
const SERVER_V8_FLAGS =
  process.env.BENCH_V8_FLAGS === undefined
    ? serverNodeFlags(path.join(root, 'package.json'))
    : process.env.BENCH_V8_FLAGS.split(' ').filter(Boolean);
const PROFILE = process.env.BENCH_PROFILE as 'cpu' | 'heap' | undefined;
const PROFILE_DIR = path.join(root, 'bench/profiles');

interface Scenario {
  id: string;
  name: string;
  rooms: number;
  playersPerRoom: number;
  /** Rolls per room; all rooms roll at once. */
  rolls: number;
  /**
   * bench:ws:two: every client through the proxy (bench/ws-proxy.ts, one process per generator),
   * which keeps it on its instance as a device; players split evenly over the instances.
   */
  viaProxy?: boolean;
}
/** BENCH_SCALE=0.1 shrinks both scenarios, for a quick check of the bench itself. */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SCENARIOS: Scenario[] = [
  {
    id: 'one-room',
    name: 'one room of 10,000',
    rooms: 1,
    playersPerRoom: Math.round(10_000 * SCALE),
    rolls: 40,
  },
  { id: '300-rooms', name: '300 rooms of 30', rooms: Math.round(300 * SCALE), playersPerRoom: 30, rolls: 20 },
];
/** A join storm not over by then is reported as incomplete (with the refusals the players got). */
const JOIN_TIMEOUT_MS = Number(process.env.BENCH_JOIN_TIMEOUT_MS ?? 90_000);
/**
 * Every phase has a bound, so a run that stalls (a socket the server let go, a frame that never
 * comes) fails with the phase's name instead of waiting without end. Scaled with the sockets.
 */
const PHASE_MS = {
  start: 120_000,
  connect: 30_000 + 20 * Math.round(20_000 * SCALE),
  command: 30_000,
  roll: 30_000,
  close: 60_000,
  stop: 15_000,
};
/** A run's figures, or why there are none. */
/**
 * BENCH_REPEAT runs of each server (default 3), alternating, each figure the median of its runs: the
 * p99 of a roll phase is decided by its few slowest rolls, so one stall of the shared machine moved a
 * single run's ratio by ±0.4×. The spread says how far the runs' own ratios went.
 */
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));
const TIME_LIMIT_MS = Number(process.env.BENCH_TIME_LIMIT_MS ?? REPEAT * 20 * 60_000);
type Attempt = Result | { failure: string };
async function pairedRuns(
  bareRun: () => Promise<Attempt>,
  realRun: () => Promise<Attempt>,
  bareFirst: boolean,
) {
  const bares: Attempt[] = [];
  const reals: Attempt[] = [];
  for (let i = 0; i < REPEAT; i++) {
    if (bareFirst) bares.push(await bareRun());
    reals.push(await realRun());
    if (!bareFirst) bares.push(await bareRun());
  }
  const real = medianResult(reals);
  const bare = medianResult(bares);
  const spread = { p99: '', memory: '' };
  if (REPEAT > 1 && !('failure' in real) && !('failure' in bare)) {
    const okPairs = reals.flatMap((r, i) => {
      const b = bares[i]!;
      return 'failure' in r || 'failure' in b ? [] : [{ r, b }];
    });
    const range = (xs: number[], show: (x: number) => string) =>
      ` (runs ${show(Math.min(...xs))}–${show(Math.max(...xs))})`;
    spread.p99 = range(
      okPairs.map(({ r, b }) => r.p99 / b.p99),
      (x) => `${fmt(x)}×`,
    );
    spread.memory = range(
      okPairs.map(({ r }) => r.bytesPerConnection),
      (x) => fmt(x / 1024),
    );
  }
  return { real, bare, spread };
}
function medianResult(runs: Attempt[]): Attempt {
  const done = runs.filter((r): r is Result => !('failure' in r));
  // Most runs must finish; a failure in the minority is reported in the progress log, not the table.
  if (done.length * 2 <= runs.length) return runs.find((r) => 'failure' in r)!;
  const median = (pick: (r: Result) => number) => percentile(done.map(pick), 50);
  return {
    joinStormMs: median((r) => r.joinStormMs),
    p50: median((r) => r.p50),
    p99: median((r) => r.p99),
    bytesPerConnection: median((r) => r.bytesPerConnection),
    liveHeapPerConnection: median((r) => r.liveHeapPerConnection),
    wasmPerConnection: median((r) => r.wasmPerConnection),
    sockets: done[0]!.sockets,
  };
}

async function attempt(...args: Parameters<typeof runScenario>): Promise<Result | { failure: string }> {
  try {
    return await runScenario(...args);
  } catch (err) {
    if (!(err instanceof Incomplete)) throw err;
    progress(`${args[0].kind} ${args[2].name}: did not complete: ${err.message}`);
    return { failure: err.message };
  }
}
const DURABILITY = { rooms: 5, playersPerRoom: 10, rollIntervalMs: 1, killAfterSeen: 100, rounds: 75 };

type DbTarget =
  | { label: 'PGlite'; options: DatabaseOptions }
  | { label: 'PostgreSQL'; options: DatabaseOptions };
/** A bare baseline of two instances is two bare processes bridged by Redis (bench/bare-ws-server.ts). */
type Target = { kind: 'bare'; instances: 1 | 2 } | { kind: 'playshop'; db: DbTarget; instances: 1 | 2 };

const children = new Set<ChildProcess>();
const progress = (line: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One org; a room and facilitator per room of the largest scenario (and the durability rooms); the players. */
function seed(options: DatabaseOptions): Promise<Fixture> {
  return seedPeople(options, {
    rooms: Math.max(...SCENARIOS.map((s) => s.rooms), DURABILITY.rooms),
    players: Math.max(
      ...SCENARIOS.map((s) => s.rooms * s.playersPerRoom),
      DURABILITY.rooms * DURABILITY.playersPerRoom,
    ),
  });
}

interface ServerEnv {
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix?: string;
}

function startServer(kind: 'playshop' | 'bare', env: ServerEnv, tag: string = kind): Promise<Server> {
  const profile =
    kind === 'playshop' && PROFILE === 'cpu'
      ? ['--cpu-prof', `--cpu-prof-dir=${path.join(PROFILE_DIR, `${tag}-${Date.now()}`)}`]
      : kind === 'playshop' && PROFILE === 'heap'
        ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${PROFILE_DIR}`]
        : [];
  const gcHook = ['--expose-gc', '--import', path.join(root, 'bench/gc-on-message.ts')];
  const v8 = kind === 'playshop' ? SERVER_V8_FLAGS : [];
  return startServerProcess(kind, {
    nodeArgs: [...v8, ...profile, ...gcHook],
    env: {
      DATA_DIR: env.dataDir,
      DATABASE_URL: env.databaseUrl,
      // Two bare processes hear each other over Redis too (bench/bare-ws-server.ts).
      ...(env.redisUrl ? { REDIS_URL: env.redisUrl, REDIS_PREFIX: env.redisPrefix } : {}),
    },
    tag,
    children,
    startMs: PHASE_MS.start,
    stopMs: PHASE_MS.stop,
    progress,
  });
}

async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+) kB/)![1]) * 1024;
}

/**
 * The memory the servers hold: each runs a full collection (bench/gc-on-message.ts), then its resident
 * size is read once it has settled. Read straight after a join storm, the figure swung by a third
 * with whether V8 had collected the storm's garbage yet (7.2–17.8 KiB per connection in one run).
 */
async function heldMemory(servers: Server[]): Promise<HeldMemory> {
  const sizes = await Promise.all(
    servers.map(async ({ child }) => {
      const done = new Promise<ServerHeldMemory>((resolve) => {
        const onMessage = (message: unknown) => {
          const held = (message as { held?: ServerHeldMemory } | null)?.held;
          if (!held) return;
          child.off('message', onMessage);
          resolve(held);
        };
        child.on('message', onMessage);
      });
      child.send('gc');
      const held = await bounded('full collection', PHASE_MS.command, done);
      await sleep(1000);
      return { ...held, rss: await rssBytes(child.pid!) };
    }),
  );
  const sum = (part: keyof HeldMemory) => sizes.reduce((n, s) => n + s[part], 0);
  return { rss: sum('rss'), heap: sum('heap'), heapUsed: sum('heapUsed'), wasm: sum('wasm') };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

interface Result {
  joinStormMs: number;
  p50: number;
  p99: number;
  /** Resident memory per connection, and the parts of it that are live JS objects and PGlite's pages. */
  bytesPerConnection: number;
  liveHeapPerConnection: number;
  wasmPerConnection: number;
  sockets: number;
}

async function runScenario(
  target: Target,
  fixture: Fixture,
  scenario: Scenario,
  env: ServerEnv,
): Promise<Result> {
  const tag =
    target.kind === 'bare'
      ? `bare${target.instances > 1 ? `×${target.instances}` : ''}`
      : `${target.db.label}×${target.instances}`;
  const servers: Server[] = [];
  const proxies: Server[] = [];
  const generators: Generator[] = [];
  try {
    for (let i = 0; i < target.instances; i++)
      servers.push(await startServer(target.kind, env, target.instances > 1 ? `${tag}-${i}` : tag));
    if (scenario.viaProxy) {
      const targets = servers.map((s) => `http://127.0.0.1:${s.port}`).join(',');
      for (let g = 0; g < GENERATORS; g++) {
        proxies.push(
          await startServerProcess('proxy', {
            env: { TARGETS: targets },
            tag: `proxy-${g}`,
            children,
            startMs: PHASE_MS.start,
            stopMs: PHASE_MS.stop,
            progress,
          }),
        );
      }
    }
    // The Insights projector's worker thread starts with its first batch: started here, its fixed
    // cost (about 40 MB bundled, 210 MB under tsx, as the bench runs the server) is in the baseline,
    // not spread over the sockets as memory per connection.
    if (target.kind === 'playshop') {
      const token = fixture.facilitators[0]!.token;
      await bounded(
        'Insights before the baseline',
        PHASE_MS.command,
        Promise.all(servers.map((s) => readInsights(s.port, token))),
      );
    }
    const baseline = await heldMemory(servers);
    /** A client of generator g on an instance: straight to it, or through g's proxy process. */
    const client = (instance: number, token: string, g: number) =>
      scenario.viaProxy
        ? {
            url: `ws://127.0.0.1:${proxies[g]!.port}/ws?token=${encodeURIComponent(token)}`,
            device: instance,
          }
        : { url: `ws://127.0.0.1:${servers[instance]!.port}/ws?token=${encodeURIComponent(token)}` };
    const roomIds = fixture.roomIds.slice(0, scenario.rooms);

    // Rolls a generator saw in full, by room and roll number; a waiter registers before its roll is sent.
    const rollWaiters = new Map<string, { left: number; last: number; resolve: (last: number) => void }>();
    const onRolled = ({ roomId, n, last }: { roomId: number; n: number; last: number }) => {
      const w = rollWaiters.get(`${roomId}:${n}`)!;
      w.last = Math.max(w.last, last);
      if (--w.left === 0) {
        rollWaiters.delete(`${roomId}:${n}`);
        w.resolve(w.last);
      }
    };
    for (let g = 0; g < GENERATORS; g++)
      generators.push(startGenerator(onRolled, { stopMs: PHASE_MS.stop, children }));
    const statuses = () =>
      Promise.all(
        generators.map((gen) =>
          bounded('generator status', 5_000, gen.request<GeneratorStatus>({ op: 'status' })),
        ),
      );
    const status = async () => JSON.stringify(await statuses());
    const phase = <T>(what: string, ms: number, work: Promise<T>) =>
      bounded(`${tag} ${scenario.name}: ${what}`, ms, work, async () => `generators: ${await status()}`);
    /** Sockets the server closed while the run used them: a player let go is a failed run, said so. */
    const mustBeOpen = (what: string, reports: Pick<GeneratorStatus, 'closedByServer'>[]) => {
      const closed: Record<string, number> = {};
      for (const r of reports)
        for (const [why, n] of Object.entries(r.closedByServer)) closed[why] = (closed[why] ?? 0) + n;
      const total = Object.values(closed).reduce((a, b) => a + b, 0);
      if (total > 0) {
        throw new Incomplete(
          `${total} sockets closed by the server by the end of ${what}: ${JSON.stringify(closed)}`,
        );
      }
    };

    // Facilitators on the first instance; players spread over the instances and the generators.
    const perGenerator: LoadClient[][] = generators.map(() => []);
    const staffAt: { generator: number; id: number }[] = [];
    const holders = new Map<number, Set<number>>();
    roomIds.forEach((roomId, r) => {
      const g = r % GENERATORS;
      perGenerator[g]!.push({ id: r, ...client(0, fixture.facilitators[r]!.token, g), roomId, staff: true });
      staffAt.push({ generator: g, id: r });
      holders.set(roomId, new Set());
    });
    // A room that fits in one generator lives there whole, with its facilitator, so its rolls are
    // timed there without a trip through this process; one big room is spread over all of them.
    const whole = roomIds.length >= GENERATORS;
    let p = 0;
    for (const [r, roomId] of roomIds.entries()) {
      for (let i = 0; i < scenario.playersPerRoom; i++, p++) {
        const g = whole ? r % GENERATORS : p % GENERATORS;
        // Consecutive players of a generator alternate instances (through a proxy, both behind each).
        const instance = Math.floor(p / GENERATORS) % servers.length;
        perGenerator[g]!.push({
          id: roomIds.length + p,
          ...client(instance, fixture.players[p]!.token, g),
          roomId,
          staff: false,
        });
        holders.get(roomIds[r]!)!.add(g);
      }
    }
    const connectStarted = Date.now();
    const connected = await phase(
      'connect',
      PHASE_MS.connect,
      Promise.all(
        generators.map((gen, g) =>
          gen.request<{
            connected: number;
            failed: number;
            openFailures: Record<string, number>;
            closedByServer: Record<string, number>;
          }>({
            op: 'connect',
            clients: perGenerator[g]!,
            concurrency: 32,
          }),
        ),
      ),
    );
    const sockets = connected.reduce((n, c) => n + c.connected, 0);
    const failed = connected.reduce((n, c) => n + c.failed, 0);
    if (failed > 0) {
      const why: Record<string, number> = {};
      for (const c of connected)
        for (const [text, n] of Object.entries(c.openFailures)) why[text] = (why[text] ?? 0) + n;
      throw new Incomplete(`${failed} of ${sockets + failed} sockets failed to open: ${JSON.stringify(why)}`);
    }
    mustBeOpen('the connects', connected);
    progress(`${tag} ${scenario.name}: connects took ${Math.round((Date.now() - connectStarted) / 1000)} s`);
    progress(`${tag} ${scenario.name}: ${sockets} sockets open`);

    const staff = (r: number, message: unknown, expect: string) =>
      generators[staffAt[r]!.generator]!.request<{ at: number }>({
        op: 'staff',
        id: staffAt[r]!.id,
        message,
        expect,
      });
    /** Every room's staff sends `action` at once: the phase `label`, done when each has `expect`. */
    const inEveryRoom = (label: string, type: string, action: string, expect: string) =>
      phase(
        label,
        PHASE_MS.command,
        Promise.all(roomIds.map((roomId, r) => staff(r, { type, payload: { action, roomId } }, expect))),
      );
    await inEveryRoom('open the lobbies', 'room_event', 'open_lobby', 'set_game_state');

    // The join storm: every player asks to join at once; done when the last one has its card.
    const joins = await phase(
      'join storm',
      JOIN_TIMEOUT_MS + PHASE_MS.command,
      Promise.all(
        generators.map((gen) =>
          gen.request<{
            start: number;
            last: number;
            noCard: number;
            missing: number;
            errors: Record<string, number>;
            closedByServer: Record<string, number>;
          }>({ op: 'join', timeoutMs: JOIN_TIMEOUT_MS }),
        ),
      ),
    );
    mustBeOpen('the join storm', joins);
    const noCard = joins.reduce((n, j) => n + j.noCard, 0);
    const missing = joins.reduce((n, j) => n + j.missing, 0);
    if (noCard > 0 || missing > 0) {
      const errors: Record<string, number> = {};
      for (const j of joins)
        for (const [text, n] of Object.entries(j.errors)) errors[text] = (errors[text] ?? 0) + n;
      throw new Incomplete(
        `${missing} of ${sockets - roomIds.length} players had no card ${JOIN_TIMEOUT_MS / 1000} s after the join storm began (${noCard} joined without one); error_event frames received: ${JSON.stringify(errors)}`,
      );
    }
    const joinStormMs = Math.max(...joins.map((j) => j.last)) - Math.min(...joins.map((j) => j.start));
    progress(`${tag} ${scenario.name}: join storm ${Math.round(joinStormMs)} ms`);

    await inEveryRoom('start the games', 'game_event', 'start_game', 'start_game');
    // Read once every player has the start: frames still queued to sockets are sends in flight,
    // not memory held per connection.
    const players = sockets - roomIds.length;
    await phase(
      'every player has the start',
      PHASE_MS.command,
      (async () => {
        for (;;) {
          if ((await statuses()).reduce((n, r) => n + r.started, 0) >= players) return;
          await sleep(100);
        }
      })(),
    );
    const joined = await heldMemory(servers);
    const perConnection = (part: keyof HeldMemory) => (joined[part] - baseline[part]) / sockets;
    const bytesPerConnection = perConnection('rss');
    if (PROFILE === 'heap' && target.kind === 'playshop') {
      await mkdir(PROFILE_DIR, { recursive: true });
      for (const s of servers) s.child.kill('SIGUSR2');
      await sleep(20_000);
    }

    // Each room rolls, all rooms at once; one roll's latency is from the facilitator's send to the
    // last of that room's players receiving the ball.
    const latencies: number[] = [];
    const insights =
      target.kind === 'playshop' && INSIGHTS_EVERY_MS > 0
        ? readInsightsMeanwhile(servers[0]!.port, fixture.facilitators[0]!.token)
        : null;
    if (whole) {
      const local = await phase(
        'rolls',
        PHASE_MS.roll + scenario.rolls * 2_000,
        Promise.all(
          generators.map((gen) =>
            gen.request<{ latencies: number[] }>({ op: 'rolls', rolls: scenario.rolls }),
          ),
        ),
      );
      for (const l of local) latencies.push(...l.latencies);
    } else {
      await Promise.all(
        roomIds.map(async (roomId, r) => {
          for (let n = 1; n <= scenario.rolls; n++) {
            const arrived = new Promise<number>((resolve) =>
              rollWaiters.set(`${roomId}:${n}`, { left: holders.get(roomId)!.size, last: 0, resolve }),
            );
            const { sentAt } = await generators[staffAt[r]!.generator]!.request<{ sentAt: number }>({
              op: 'roll',
              id: staffAt[r]!.id,
            });
            latencies.push((await phase(`roll ${n}`, PHASE_MS.roll, arrived)) - sentAt);
          }
        }),
      );
    }
    if (insights) progress(`${tag} ${scenario.name}: ${await insights.stop()}`);
    mustBeOpen('the rolls', await phase('status', PHASE_MS.command, statuses()));
    // End every game, so the next scenario opens fresh lobbies on the same database.
    await inEveryRoom('end the games', 'game_event', 'game_over', 'game_end');
    await phase('close', PHASE_MS.close, Promise.all(generators.map((gen) => gen.request({ op: 'close' }))));
    const result = {
      joinStormMs,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      bytesPerConnection,
      liveHeapPerConnection: perConnection('heapUsed'),
      wasmPerConnection: perConnection('wasm'),
      sockets,
    };
    progress(
      `${tag} ${scenario.name}: fan-out p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${kib(bytesPerConnection)}/connection (${memoryParts(result)}; V8 heap ${kib(perConnection('heap'))})`,
    );
    return result;
  } finally {
    await Promise.all(generators.map((g) => g.stop()));
    await Promise.all(proxies.map((s) => s.stop()));
    await Promise.all(servers.map((s) => s.stop()));
  }
}

/**
 * BENCH_INSIGHTS_EVERY_MS=1000: while the rolls run, an Insights figure is asked for this often (the
 * first room's facilitator's summary), so the projector folds the room's log (its joins, then each
 * ball) while the room rolls, however busy the timer finds the server.
 */
const INSIGHTS_EVERY_MS = Number(process.env.BENCH_INSIGHTS_EVERY_MS ?? 0);

/** The first facilitator's Insights summary from one server: whether it answered. */
async function readInsights(port: number, token: string): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/insights/org/Bench%20Org/summary`, {
    headers: { authorization: `Bearer ${token}` },
  }).catch(() => null);
  await res?.arrayBuffer();
  return res?.ok === true;
}

function readInsightsMeanwhile(port: number, token: string) {
  const times: number[] = [];
  let failed = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      if (await readInsights(port, token)) times.push(performance.now() - started);
      else failed++;
      await sleep(INSIGHTS_EVERY_MS);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return `Insights read ${times.length} times meanwhile (${failed} failed), answer p50 ${(percentile(times, 50) ?? 0).toFixed(0)} ms, max ${Math.max(0, ...times).toFixed(0)} ms`;
    },
  };
}

interface DurabilityResult {
  sent: number;
  seen: number;
  logged: number;
  seenButLost: number;
  recovered: boolean;
}

/**
 * Kill -9 the server while rooms roll, restart it, and count the rolls some client saw that the log
 * (game_events of type ball_rolled, read from the database after the restart) does not hold.
 */
async function durability(db: DbTarget, fixture: Fixture, env: ServerEnv): Promise<DurabilityResult> {
  const roomIds = fixture.roomIds.slice(-DURABILITY.rooms);
  const staffOf = fixture.facilitators.slice(-DURABILITY.rooms);
  let server = await startServer('playshop', env, `${db.label}-durability`);
  const open = (
    token: string,
    onFrame: (m: { type: string; payload: Record<string, unknown>; seq: number }) => void,
  ) =>
    bounded(
      `${db.label} durability: open a socket`,
      PHASE_MS.command,
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws?token=${encodeURIComponent(token)}`);
        ws.on('message', (d) => onFrame(JSON.parse(String(d))));
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      }),
    );
  // What any client saw: room → seq → ball.
  const seen = new Map<number, Map<number, number>>(roomIds.map((id) => [id, new Map()]));
  let seenCount = 0;
  let killed = false;
  const waiters: {
    test: (m: { type: string; payload: Record<string, unknown> }) => boolean;
    resolve: () => void;
  }[] = [];
  const watch = (roomId: number) => (m: { type: string; payload: Record<string, unknown>; seq: number }) => {
    if (m.type === 'get_random_roll') {
      const room = seen.get(roomId)!;
      if (!room.has(m.seq)) seenCount += 1;
      room.set(m.seq, Number(m.payload.roll));
      if (seenCount >= DURABILITY.killAfterSeen && !killed) {
        killed = true;
        server.child.kill('SIGKILL');
      }
    }
    for (const [i, w] of waiters.entries()) {
      if (w.test(m)) {
        waiters.splice(i, 1);
        w.resolve();
        break;
      }
    }
  };
  const expect = (test: (m: { type: string; payload: Record<string, unknown> }) => boolean) =>
    bounded(
      `${db.label} durability: an awaited frame`,
      PHASE_MS.command,
      new Promise<void>((resolve) => waiters.push({ test, resolve })),
    );
  const facilitators = await Promise.all(roomIds.map((roomId, r) => open(staffOf[r]!.token, watch(roomId))));
  for (const [r, roomId] of roomIds.entries()) {
    const opened = expect((m) => m.type === 'set_game_state' && m.payload.roomId === roomId);
    facilitators[r]!.send(JSON.stringify({ type: 'room_event', payload: { action: 'open_lobby', roomId } }));
    await opened;
  }
  const players: WebSocket[] = [];
  for (const [r, roomId] of roomIds.entries()) {
    for (let i = 0; i < DURABILITY.playersPerRoom; i++) {
      const ws = await open(fixture.players[r * DURABILITY.playersPerRoom + i]!.token, watch(roomId));
      const joined = expect((m) => m.type === 'join_room');
      ws.send(JSON.stringify({ type: 'room_event', payload: { action: 'join_room', roomId } }));
      await joined;
      players.push(ws);
    }
  }
  for (const [r, roomId] of roomIds.entries()) {
    const started = expect((m) => m.type === 'start_game');
    facilitators[r]!.send(JSON.stringify({ type: 'game_event', payload: { action: 'start_game', roomId } }));
    await started;
  }
  // The burst: every room rolls every few ms until the server dies.
  const died = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  let sent = 0;
  for (let n = 0; n < DURABILITY.rounds && !killed; n++) {
    for (const [r, roomId] of roomIds.entries()) {
      if (facilitators[r]!.readyState !== WebSocket.OPEN) continue;
      facilitators[r]!.send(JSON.stringify({ type: 'game_event', payload: { action: 'get_roll', roomId } }));
      sent += 1;
    }
    await sleep(DURABILITY.rollIntervalMs);
  }
  if (!killed) server.child.kill('SIGKILL');
  await bounded(`${db.label} durability: the killed server's exit`, PHASE_MS.stop, died);
  for (const ws of [...facilitators, ...players]) ws.terminate();
  progress(`${db.label} durability: killed after ${seenCount} rolls seen (${sent} sent)`);

  // Restart; the room comes back from the log. A facilitator's snapshot shows what it recovered.
  server = await startServer('playshop', env, `${db.label}-restart`);
  let recovered = true;
  for (const [r, roomId] of roomIds.entries()) {
    let snapshotRolls: number[] = [];
    const ws = await open(staffOf[r]!.token, (m) => {
      if (m.type === 'set_game_state' && Array.isArray(m.payload.bingoRolls))
        snapshotRolls = m.payload.bingoRolls as number[];
      watch(roomId)(m);
    });
    const snap = expect((m) => m.type === 'set_game_state');
    ws.send(JSON.stringify({ type: 'room_event', payload: { action: 'join_room', roomId } }));
    await snap;
    const saw = [...seen.get(roomId)!.values()];
    if (!saw.every((ball) => snapshotRolls.includes(ball))) recovered = false;
    ws.terminate();
  }
  await server.stop();

  // The log itself, read from the database once the server is gone (PGlite allows one process).
  const database = await openDatabase(db.options);
  let logged = 0;
  let seenButLost = 0;
  try {
    const rows = await database.db
      .select({ roomId: games.roomId, seq: gameEvents.seq, payload: gameEvents.payload })
      .from(gameEvents)
      .innerJoin(games, eq(games.id, gameEvents.gameId))
      .where(and(inArray(games.roomId, roomIds), isNull(games.endedAt), eq(gameEvents.type, 'ball_rolled')));
    logged = rows.length;
    const log = new Map(
      rows.map((row) => [`${row.roomId}:${row.seq}`, (row.payload as { number: number }).number]),
    );
    for (const [roomId, balls] of seen) {
      for (const [seq, ball] of balls) if (log.get(`${roomId}:${seq}`) !== ball) seenButLost += 1;
    }
  } finally {
    await database.close();
  }
  const result = { sent, seen: seenCount, logged, seenButLost, recovered };
  progress(`${db.label} durability: ${JSON.stringify(result)}`);
  return result;
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const ratio = (a: number, b: number) => `${fmt(a / b)}×`;
const kib = (bytes: number) => `${fmt(bytes / 1024)} KiB`;
/** What of a memory reading is live JS objects, and PGlite's pages where it has any. */
const memoryParts = (r: Result) =>
  `live JS heap ${kib(r.liveHeapPerConnection)}${r.wasmPerConnection > 0 ? `, PGlite ${kib(r.wasmPerConnection)}` : ''}`;

/**
 * "met", or "missed by N%", for a value that must stay at or below its limit; a miss shows as many
 * decimals as it takes to tell the figure from its limit (1.31 > 1.3).
 */
const verdict = (value: number, limit: number) => {
  if (value <= limit) return 'met';
  const digits = [1, 2, 3].find((d) => fmt(value, d) !== fmt(limit, d)) ?? 3;
  const by = (value / limit - 1) * 100;
  return `**missed** (${fmt(value, digits)} > ${limit}, by ${by < 1 ? fmt(by) : Math.round(by)}%)`;
};

async function main() {
  const deadline = setTimeout(() => {
    console.error(`bench:ws exceeded its time limit (${TIME_LIMIT_MS / 60_000} min)`);
    for (const c of children) c.kill('SIGKILL');
    process.exit(1);
  }, TIME_LIMIT_MS);
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  const wanted = (step: string) => !only || only.some((o) => step.includes(o));
  const started = Date.now();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'playshop-bench-'));
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const redisUrl = process.env.BENCH_REDIS_URL;
  const redisPrefix = `bench-${process.pid}`;
  const pgName = `playshop_bench_${process.pid}`;
  let admin: pg.Client | null = null;
  const rows: string[] = [];
  const targets: string[] = [];
  const durabilityLines: string[] = [];
  try {
    const dbs: { db: DbTarget; env: ServerEnv }[] = [
      {
        db: { label: 'PGlite', options: { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') } },
        env: { dataDir },
      },
    ];
    if (pgUrl) {
      admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database ${pgName}`);
      const url = new URL(pgUrl);
      url.pathname = `/${pgName}`;
      dbs.push({
        db: { label: 'PostgreSQL', options: { kind: 'postgres', url: url.toString() } },
        env: { dataDir, databaseUrl: url.toString() },
      });
    }
    const onePg = new Map<string, Result>();
    for (const { db, env } of dbs) {
      const steps = SCENARIOS.filter((s) => wanted(`${db.label.toLowerCase()}/${s.id}`));
      const durable = wanted(`durability/${db.label.toLowerCase()}`);
      const twoSteps =
        db.label === 'PostgreSQL' && redisUrl ? SCENARIOS.filter((s) => wanted(`two-instances/${s.id}`)) : [];
      if (steps.length === 0 && twoSteps.length === 0 && !durable) continue;
      const fixture = await seed(db.options);
      progress(`${db.label}: seeded ${fixture.roomIds.length} rooms, ${fixture.players.length} players`);
      for (const scenario of steps) {
        // BENCH_BARE_LAST=1 runs the baseline after the real server, to check that the order does not matter.
        const bareFirst = process.env.BENCH_BARE_LAST !== '1';
        const { real, bare, spread } = await pairedRuns(
          () => attempt({ kind: 'bare', instances: 1 }, fixture, scenario, env),
          () => attempt({ kind: 'playshop', db, instances: 1 }, fixture, scenario, env),
          bareFirst,
        );
        const fanLimit = scenario.id === 'one-room' ? 1.3 : 1.5;
        if ('failure' in real || 'failure' in bare) {
          const why =
            'failure' in real
              ? `Playshop: ${real.failure}`
              : `bare: ${(bare as { failure: string }).failure}`;
          rows.push(`| ${scenario.name}, ${db.label} | did not complete | ${why} | | |`);
          targets.push(`| ${scenario.name}, ${db.label} | all targets | did not complete | **missed** |`);
          continue;
        }
        if (db.label === 'PostgreSQL') onePg.set(scenario.id, real);
        rows.push(
          `| ${scenario.name}, ${db.label} | join storm (all have a card) | ${fmt(real.joinStormMs, 0)} ms | ${fmt(bare.joinStormMs, 0)} ms | ${ratio(real.joinStormMs, bare.joinStormMs)} |`,
          `| | roll fan-out p50 | ${fmt(real.p50)} ms | ${fmt(bare.p50)} ms | ${ratio(real.p50, bare.p50)} |`,
          `| | roll fan-out p99 | ${fmt(real.p99)} ms | ${fmt(bare.p99)} ms | ${ratio(real.p99, bare.p99)}${spread.p99} |`,
          `| | server memory per connection | ${kib(real.bytesPerConnection)}${spread.memory}; ${memoryParts(real)} | ${kib(bare.bytesPerConnection)}; ${memoryParts(bare)} | ${ratio(real.bytesPerConnection, bare.bytesPerConnection)} |`,
        );
        if (scenario.id === 'one-room') {
          targets.push(
            `| join storm of 10,000, ${db.label} | ≤ 5× bare | ${ratio(real.joinStormMs, bare.joinStormMs)} | ${verdict(real.joinStormMs / bare.joinStormMs, 5)} |`,
          );
        }
        targets.push(
          `| roll fan-out p99, ${scenario.name}, ${db.label} | ≤ ${fanLimit}× bare | ${ratio(real.p99, bare.p99)} | ${verdict(real.p99 / bare.p99, fanLimit)} |`,
          `| memory per connection, ${scenario.name}, ${db.label} | ≤ 16 KiB | ${kib(real.bytesPerConnection)} | ${verdict(real.bytesPerConnection / 1024, 16)} |`,
        );
      }
      if (redisUrl) {
        for (const scenario of twoSteps) {
          const twoRuns: Attempt[] = [];
          for (let i = 0; i < REPEAT; i++) {
            twoRuns.push(
              await attempt({ kind: 'playshop', db, instances: 2 }, fixture, scenario, {
                ...env,
                redisUrl,
                redisPrefix,
              }),
            );
          }
          const two = medianResult(twoRuns);
          if ('failure' in two) {
            rows.push(
              `| ${scenario.name}, two instances (PostgreSQL + Redis) | did not complete | ${two.failure} | | |`,
            );
            targets.push(
              `| two instances, ${scenario.name} | fan-out p99 ≤ 1.5× one instance | did not complete | **missed** |`,
            );
            continue;
          }
          const one = onePg.get(scenario.id);
          rows.push(
            `| ${scenario.name}, two instances (PostgreSQL + Redis) | join storm (all have a card) | ${fmt(two.joinStormMs, 0)} ms | ${one ? `${fmt(one.joinStormMs, 0)} ms (one instance)` : '–'} | ${one ? ratio(two.joinStormMs, one.joinStormMs) : '–'} |`,
            `| | roll fan-out p50 | ${fmt(two.p50)} ms | ${one ? `${fmt(one.p50)} ms (one instance)` : '–'} | ${one ? ratio(two.p50, one.p50) : '–'} |`,
            `| | roll fan-out p99 | ${fmt(two.p99)} ms | ${one ? `${fmt(one.p99)} ms (one instance)` : '–'} | ${one ? ratio(two.p99, one.p99) : '–'} |`,
            `| | server memory per connection (both processes) | ${kib(two.bytesPerConnection)}; ${memoryParts(two)} | ${one ? `${kib(one.bytesPerConnection)} (one instance)` : '–'} | ${one ? ratio(two.bytesPerConnection, one.bytesPerConnection) : '–'} |`,
          );
          if (one) {
            targets.push(
              `| two instances, fan-out p99, ${scenario.name} | ≤ 1.5× one instance | ${ratio(two.p99, one.p99)} | ${verdict(two.p99 / one.p99, 1.5)} |`,
            );
          }
          // The players are split over two processes, but the target is per connected player all the same.
          targets.push(
            `| two instances, memory per connection, ${scenario.name} | ≤ 16 KiB | ${kib(two.bytesPerConnection)} | ${verdict(two.bytesPerConnection / 1024, 16)} |`,
          );
        }
      }
      if (durable) {
        const d = await durability(db, fixture, env).catch((err: unknown) => {
          if (!(err instanceof Incomplete)) throw err;
          progress(`${db.label} durability: did not complete: ${err.message}`);
          return err.message;
        });
        if (typeof d === 'string') {
          durabilityLines.push(`| ${db.label} | did not complete: ${d} | | | | |`);
          targets.push(
            `| durability, ${db.label}: rolls seen but lost | 0 | did not complete | **missed** |`,
          );
          continue;
        }
        durabilityLines.push(
          `| ${db.label} | ${d.sent} | ${d.seen} | ${d.logged} | **${d.seenButLost}** | ${d.recovered ? 'yes' : '**no**'} |`,
        );
        targets.push(
          `| durability, ${db.label}: rolls seen but lost | 0 | ${d.seenButLost} | ${d.seenButLost === 0 ? 'met' : '**missed**'} |`,
        );
      }
    }
    const minutes = fmt((Date.now() - started) / 60_000);
    const section = [
      '<!-- bench:ws start -->',
      `Measured by \`npm run bench:ws\` on ${new Date().toISOString().slice(0, 10)} (${process.platform}, Node ${process.version}, ${GENERATORS} load-generator processes beside the server process(es) on one 2-core machine shared with other work; run took ${minutes} min).`,
      '',
      '| scenario | measure | Playshop | baseline (bare `ws` unless said) | ratio |',
      '|---|---|---|---|---|',
      ...rows,
      '',
      'Targets, each a ratio within this run:',
      '',
      '| target | limit | measured | verdict |',
      '|---|---|---|---|',
      ...targets,
      '',
      `Durability: kill -9 the server during a burst of rolls (${DURABILITY.rooms} rooms rolling every ${DURABILITY.rollIntervalMs} ms, killed once clients have seen ${DURABILITY.killAfterSeen} rolls, or when the burst of ${DURABILITY.rounds} rounds ends), restart it, read the log (\`game_events\` of type \`ball_rolled\`) from the database:`,
      '',
      '| database | rolls sent | seen by some client | in the log | seen but lost | restarted room shows every seen roll |',
      '|---|---|---|---|---|---|',
      ...durabilityLines,
      '<!-- bench:ws end -->',
    ].join('\n');
    console.log(section);
    if (only) return;
    const file = path.join(root, 'docs/performance.md');
    const current = await readFile(file, 'utf8');
    await writeFile(file, current.replace(/<!-- bench:ws start -->[\s\S]*<!-- bench:ws end -->/, section));
  } finally {
    clearTimeout(deadline);
    for (const c of children) c.kill('SIGKILL');
    if (admin) {
      await admin
        .query(`drop database if exists ${pgName} with (force)`)
        .catch((err) => progress(String(err)));
      await admin.end();
    }
    if (redisUrl) {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench:ws:two`: one room of 20,000 players, half on each of two instances (PostgreSQL +
 * Redis), every client through the proxy; its floor is two bare processes bridged by Redis behind the
 * same proxy. Paired runs as bench:ws (BENCH_REPEAT, medians); writes the bench:ws-two block of
 * docs/performance.md unless BENCH_SCALE shrinks the room.
 */
const TWO: Scenario = {
  id: 'two-instances-20k',
  name: 'one room of 20,000 over two instances',
  rooms: 1,
  playersPerRoom: Math.round(20_000 * SCALE),
  rolls: 40,
  viaProxy: true,
};

async function mainTwo() {
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const redisUrl = process.env.BENCH_REDIS_URL;
  if (!pgUrl || !redisUrl) {
    throw new Error('bench:ws:two needs BENCH_DATABASE_URL and BENCH_REDIS_URL (PostgreSQL and Redis)');
  }
  const deadline = setTimeout(() => {
    console.error(`bench:ws:two exceeded its time limit (${TIME_LIMIT_MS / 60_000} min)`);
    for (const c of children) c.kill('SIGKILL');
    process.exit(1);
  }, TIME_LIMIT_MS);
  const started = Date.now();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'playshop-bench-'));
  const redisPrefix = `bench-${process.pid}`;
  const pgName = `playshop_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${pgName}`);
    const url = new URL(pgUrl);
    url.pathname = `/${pgName}`;
    const db: DbTarget = { label: 'PostgreSQL', options: { kind: 'postgres', url: url.toString() } };
    const fixture = await seedPeople(db.options, { rooms: 1, players: TWO.playersPerRoom });
    progress(`PostgreSQL: seeded ${fixture.players.length} players`);
    const env: ServerEnv = { dataDir, databaseUrl: url.toString(), redisUrl, redisPrefix };
    const { real, bare, spread } = await pairedRuns(
      () => attempt({ kind: 'bare', instances: 2 }, fixture, TWO, env),
      () => attempt({ kind: 'playshop', db, instances: 2 }, fixture, TWO, env),
      process.env.BENCH_BARE_LAST !== '1',
    );
    const section = twoSection(real, bare, spread, (Date.now() - started) / 60_000);
    console.log(section);
    if (SCALE === 1) await writePerformanceBlock('ws-two', 'One room over two instances', section);
  } finally {
    clearTimeout(deadline);
    for (const c of children) c.kill('SIGKILL');
    await admin.query(`drop database if exists ${pgName} with (force)`).catch((err) => progress(String(err)));
    await admin.end();
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function twoSection(
  real: Attempt,
  bare: Attempt,
  spread: { p99: string; memory: string },
  minutes: number,
): string {
  const head = [
    `Measured by \`npm run bench:ws:two\` on ${new Date().toISOString().slice(0, 10)} (${process.platform}, Node ${process.version}; two instances, ${GENERATORS} proxy processes and ${GENERATORS} load-generator processes on one 2-core machine shared with other work; ${REPEAT} runs of each, alternating, medians; run took ${fmt(minutes)} min).`,
    '',
  ];
  if ('failure' in real || 'failure' in bare) {
    const why =
      'failure' in real ? `Playshop: ${real.failure}` : `bare: ${(bare as { failure: string }).failure}`;
    return [...head, `Did not complete: ${why}`].join('\n');
  }
  return [
    ...head,
    '| measure | Playshop, two instances | floor: two bare `ws` processes over Redis | ratio |',
    '|---|---|---|---|',
    `| join storm (all ${real.sockets - 1} have a card) | ${fmt(real.joinStormMs, 0)} ms | ${fmt(bare.joinStormMs, 0)} ms | ${ratio(real.joinStormMs, bare.joinStormMs)} |`,
    `| roll fan-out p50 | ${fmt(real.p50)} ms | ${fmt(bare.p50)} ms | ${ratio(real.p50, bare.p50)} |`,
    `| roll fan-out p99 | ${fmt(real.p99)} ms | ${fmt(bare.p99)} ms | ${ratio(real.p99, bare.p99)}${spread.p99} |`,
    `| memory per socket (both processes) | ${kib(real.bytesPerConnection)}${spread.memory}; ${memoryParts(real)} | ${kib(bare.bytesPerConnection)}; ${memoryParts(bare)} | ${ratio(real.bytesPerConnection, bare.bytesPerConnection)} |`,
    '',
    '| target | limit | measured | verdict |',
    '|---|---|---|---|',
    `| join storm of 20,000 over two instances | ≤ 5× floor | ${ratio(real.joinStormMs, bare.joinStormMs)} | ${verdict(real.joinStormMs / bare.joinStormMs, 5)} |`,
    `| roll fan-out p99 | ≤ 1.5× floor | ${ratio(real.p99, bare.p99)} | ${verdict(real.p99 / bare.p99, 1.5)} |`,
    `| memory per socket | ≤ 16 KiB | ${kib(real.bytesPerConnection)} | ${verdict(real.bytesPerConnection / 1024, 16)} |`,
  ].join('\n');
}

if (process.argv[2] === 'two') await mainTwo();
else await main();
