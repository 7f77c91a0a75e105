/**
 * `npm run bench:ws:venue`: what a venue does to a live room (issue 29), on PostgreSQL + Redis.
 *   reconnect-storm  every socket of one room dropped at once reconnects: time until each has its
 *                    snapshot (p50/p99/all), against a bare `ws` server answering the same rejoins;
 *   slow-consumer    5% of the room's sockets stop reading: the others' roll fan-out p50/p99 against
 *                    the same room all fast;
 *   failover         two instances, the room's owner killed (-9): time from the kill until each
 *                    socket has its snapshot again (those on the dead instance reconnect to the other,
 *                    with the web client's jittered backoff), and until the facilitator's next roll;
 *   rolling-restart  two instances, SIGTERM on the owner: each socket's longest time without a
 *                    frame while the facilitator rolls every 500 ms, and the errors screens got.
 * The players' screens live in generator processes (bench/venue-load.ts, BENCH_GENERATORS, default
 * 4), so that the client is not what is measured; the staff screens and the clock run here.
 * BENCH_DATABASE_URL (a server it may create a database on) and BENCH_REDIS_URL are required.
 * BENCH_SIZE sets the room (default 10,000 sockets); BENCH_ONLY=failover,… runs some scenarios.
 * Prints a markdown table; BENCH_WRITE_DOCS=1 also replaces its section of docs/performance.md.
 * Loopback only; every phase is bounded.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { serverNodeFlags } from '../scripts/server-node-flags.mjs';
import { bounded, type Fixture, root, type Server, seedPeople, startServer } from './bench-server';
import type { VenueCommand, VenueReply } from './venue-load';

const SIZE = Number(process.env.BENCH_SIZE ?? 10_000);
const SLOW_SHARE = 0.05;
/** How often the facilitator presses Roll during a failover or restart (BENCH_ROLL_EVERY_MS). */
const ROLL_EVERY_MS = Number(process.env.BENCH_ROLL_EVERY_MS ?? 500);
const TIME_LIMIT_MS = Number(process.env.BENCH_TIME_LIMIT_MS ?? 20 * 60_000);
/**
 * BENCH_STARVE_SURVIVOR=0.5: from the fault on, the surviving instance is stopped (SIGSTOP) that share
 * of every 200 ms, as on a machine whose other work leaves it half the CPU: the 10,000-player runs'
 * starved survivor, at a size this shared machine can take.
 */
const STARVE = Number(process.env.BENCH_STARVE_SURVIVOR ?? 0);
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const wanted = (name: string) => !only || only.includes(name);
const children = new Set<ChildProcess>();
const progress = (line: string) => console.error(`[venue ${new Date().toISOString().slice(11, 19)}] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function pct(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : '–');

/**
 * BENCH_PROFILE=cpu: the instance that receives the sockets (the survivor of a failover or restart,
 * the reconnect storm's server) writes a CPU profile to bench/profiles/ when it stops.
 */
const PROFILE = process.env.BENCH_PROFILE === 'cpu';
const cpuProfile = (name: string) => [
  '--cpu-prof',
  `--cpu-prof-dir=${path.join(root, 'bench/profiles')}`,
  `--cpu-prof-name=venue-${name}-${Date.now()}.cpuprofile`,
];

/** The real server with the product's node flags (start:prod), or the bare baseline. */
const serve = (kind: 'playshop' | 'bare', env: Record<string, string>, profileAs?: string) =>
  startServer(kind, {
    env,
    nodeArgs: [
      ...(kind === 'playshop' ? serverNodeFlags(path.join(root, 'package.json')) : []),
      ...(PROFILE && profileAs ? cpuProfile(profileAs) : []),
    ],
    children,
    stopMs: 20_000,
    progress,
  });

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
/** Generator processes holding the players' screens (BENCH_GENERATORS, default 4). */
const GENERATORS = Number(process.env.BENCH_GENERATORS ?? 4);

/**
 * A staff screen, held here (one or two a room): when it heard each frame type. The players' screens
 * live in generator processes (bench/venue-load.ts), read on the same monotonic clock.
 */
class Screen {
  ws!: WebSocket;
  lastSeq = 0;
  errors: string[] = [];
  /** When each frame type arrived, in order. */
  readonly arrivals = new Map<string, number[]>();
  private waiters: { type: string; resolve: (at: number) => void }[] = [];

  constructor(readonly token: string) {}

  open(url: string): Promise<void> {
    this.ws = new WebSocket(`${url}?token=${encodeURIComponent(this.token)}`, { perMessageDeflate: false });
    this.ws.on('message', (data) => {
      const now = nowMs();
      const text = String(data);
      const type = text.slice(9, text.indexOf('"', 9));
      if (type === 'error_event') this.errors.push(JSON.parse(text).payload.error);
      const times = this.arrivals.get(type) ?? [];
      times.push(now);
      this.arrivals.set(type, times);
      const i = this.waiters.findIndex((w) => w.type === type);
      if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(now);
    });
    this.ws.on('error', () => undefined);
    return new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
  }
  next(type: string): Promise<number> {
    return new Promise((resolve) => this.waiters.push({ type, resolve }));
  }
  send(message: unknown) {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }
}

type Ask = DistributiveOmit<VenueCommand, 'rid'>;
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/** The players' screens, spread over generator processes; a command goes to all of them. */
class Players {
  private constructor(private readonly procs: ChildProcess[]) {}
  private rid = 0;
  private readonly pending = new Map<number, (reply: VenueReply) => void>();

  static async start(count: number): Promise<Players> {
    const procs = Array.from({ length: count }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/venue-load.ts')], {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.add(child);
      child.once('exit', () => children.delete(child));
      return child;
    });
    const players = new Players(procs);
    for (const child of procs) {
      child.on('message', (reply: VenueReply) => {
        const resolve = players.pending.get(reply.rid);
        players.pending.delete(reply.rid);
        resolve?.(reply);
      });
    }
    return players;
  }

  /** Sends `cmd` to every generator (or `each(i)` to the i-th); their replies, in order. */
  async all<T = Record<string, unknown>>(cmd: Ask | ((i: number) => Ask)): Promise<T[]> {
    const replies = await Promise.all(
      this.procs.map(
        (child, i) =>
          new Promise<VenueReply>((resolve) => {
            const rid = ++this.rid;
            this.pending.set(rid, resolve);
            child.send({ ...(typeof cmd === 'function' ? cmd(i) : cmd), rid });
          }),
      ),
    );
    for (const r of replies) if (r.error) throw new Error(`generator: ${r.error}`);
    return replies as unknown as T[];
  }

  async stop() {
    await Promise.all(
      this.procs.map(async (child) => {
        const exited = new Promise((r) => child.once('exit', r));
        if (child.exitCode !== null || child.signalCode !== null) return;
        if (child.connected) child.disconnect();
        await bounded('generator stop', 10_000, exited).catch(() => child.kill('SIGKILL'));
      }),
    );
  }
}

const msg = (roomId: number, type: string, action: string, extra: object = {}) => ({
  type,
  payload: { action, roomId, ...extra },
});
/** NaN (a screen not back within the bound) crosses IPC as null. */
const numbers = (values: (number | null)[]) => values.map((v) => v ?? Number.NaN);
const flat = (replies: { times: number[] }[]) => numbers(replies.flatMap((r) => r.times));
const sum = (replies: Record<string, unknown>[], key: string) =>
  replies.reduce((n, r) => n + Number(r[key] ?? 0), 0);

/**
 * A room on `urls`: the facilitator opens it on the first (which so owns it), every player joins
 * (player i on urls[i % urls.length], spread over the generators), the game starts.
 */
async function game(roomId: number, fixture: Fixture, urls: string[]) {
  const facilitator = new Screen(fixture.facilitators[0]!.token);
  await facilitator.open(urls[0]!);
  const opened = facilitator.next('set_game_state');
  facilitator.send(msg(roomId, 'room_event', 'open_lobby'));
  await bounded('open lobby', 30_000, opened);
  const players = await Players.start(GENERATORS);
  const screens = fixture.players.map((p, i) => ({ id: i, token: p.token, url: urls[i % urls.length]! }));
  const opens = await bounded(
    'connect',
    180_000,
    players.all((g) => ({
      op: 'open',
      screens: screens.filter((_, i) => i % GENERATORS === g),
      concurrency: 50,
    })),
  );
  const failed = sum(opens, 'failed');
  if (failed > 0) throw new Error(`${failed} screens could not connect`);
  const joined = await players.all({
    op: 'send',
    message: msg(roomId, 'room_event', 'join_room'),
    expect: 'join_room',
    timeoutMs: 180_000,
  });
  if (sum(joined, 'missing') > 0) throw new Error(`${sum(joined, 'missing')} players got no join_room`);
  const before = nowMs();
  facilitator.send(msg(roomId, 'game_event', 'start_game'));
  const started = await players.all({ op: 'wait', type: 'start_game', after: before, timeoutMs: 60_000 });
  if (sum(started, 'missing') > 0) throw new Error(`${sum(started, 'missing')} players did not start`);
  return { facilitator, players };
}

/** One roll: the time (ms) until each (fast) player has it. */
async function roll(roomId: number, facilitator: Screen, players: Players): Promise<number[]> {
  const sent = nowMs();
  const seen = players.all<{ times: number[]; missing: number }>({
    op: 'wait',
    type: 'get_random_roll',
    after: sent,
    timeoutMs: 30_000,
  });
  facilitator.send(msg(roomId, 'game_event', 'get_roll'));
  const replies = await seen;
  if (sum(replies, 'missing') > 0) throw new Error(`${sum(replies, 'missing')} players missed a roll`);
  return flat(replies).map((at) => at - sent);
}

async function endGame(roomId: number, staff: Screen[], players: Players) {
  staff[0]?.send(msg(roomId, 'game_event', 'game_over'));
  await sleep(200);
  for (const s of staff) s.ws.terminate();
  await players.all({ op: 'terminate' }).catch(() => undefined);
  await players.stop();
}

async function reconnectStorm(kind: 'playshop' | 'bare', server: Server, roomId: number, fixture: Fixture) {
  const { facilitator, players } = await game(roomId, fixture, [server.url]);
  await roll(roomId, facilitator, players);
  await players.all({ op: 'terminate' });
  await sleep(200);
  const start = nowMs();
  const replies = await bounded(
    `${kind} reconnect storm`,
    200_000,
    players.all<{ times: number[]; refused: number }>({
      op: 'storm',
      url: server.url,
      roomId,
      bare: kind === 'bare',
      start,
      timeoutMs: 180_000,
    }),
  );
  const times = flat(replies);
  await endGame(roomId, [facilitator], players);
  const missing = times.filter(Number.isNaN).length;
  if (missing > 0) progress(`${kind} reconnect storm: ${missing} screens not back within the bound`);
  const back = times.filter(Number.isFinite);
  return {
    p50: pct(back, 50),
    p99: pct(back, 99),
    all: missing > 0 ? Number.NaN : Math.max(...back),
    refused: sum(replies, 'refused'),
  };
}

async function slowConsumers(server: Server, roomId: number, fixture: Fixture, slow: boolean) {
  const { facilitator, players } = await game(roomId, fixture, [server.url]);
  const perGenerator = Math.round((fixture.players.length / GENERATORS) * SLOW_SHARE);
  if (slow) await players.all({ op: 'slow', count: perGenerator });
  const latencies: number[] = [];
  try {
    for (let i = 0; i < 15; i++) {
      latencies.push(...(await roll(roomId, facilitator, players)));
      await sleep(300);
    }
  } finally {
    await players.all({ op: 'slow', count: 0 });
  }
  await endGame(roomId, [facilitator], players);
  return { p50: pct(latencies, 50), p99: pct(latencies, 99) };
}

/** Two instances; the owner killed (-9) or stopped (SIGTERM): how each screen comes back. */
async function ownerLeaves(
  how: 'SIGKILL' | 'SIGTERM',
  env: Record<string, string>,
  roomId: number,
  fixture: Fixture,
) {
  const a = await serve(
    'playshop',
    { ...env, SHUTDOWN_DRAIN_MS: '500' },
    how === 'SIGTERM' ? 'draining' : undefined,
  );
  const b = await serve('playshop', env, how === 'SIGKILL' ? 'failover' : 'restart');
  try {
    const { facilitator, players } = await game(roomId, fixture, [a.url, b.url]);
    // The facilitator's screen is on the survivor; the room is A's (it opened there).
    const staff = new Screen(fixture.facilitators[0]!.token);
    await staff.open(b.url);
    const staffIn = staff.next('set_game_state');
    staff.send(msg(roomId, 'room_event', 'join_room'));
    await staffIn;
    await roll(roomId, staff, players);
    facilitator.ws.terminate();
    // The last roll's frames reach every screen before the clock starts.
    await sleep(1_000);
    // The generators are told first (IPC takes a moment); the fault comes at `start`.
    const start = nowMs() + 300;
    await players.all({ op: 'watch', from: start });
    // Screens of A come back on B as the web client does: 1012 at once (jittered by 250 ms),
    // anything else after the first jittered backoff step. Screens on B stay connected: back when
    // the new owner's snapshot reaches them (a kill), or never interrupted (a handed-off room: their
    // next frame is the measure).
    type Phases = Record<'closed' | 'upgrade' | 'snapshot', number[]>;
    const moved = players.all<{
      times: number[];
      refused: number;
      phases: Phases;
      why: Record<string, number>;
    }>({
      op: 'move',
      leaving: a.url,
      to: b.url,
      roomId,
      stayedOn: how === 'SIGKILL' ? 'set_game_state' : 'get_random_roll',
      start,
      timeoutMs: 150_000,
    });
    await sleep(Math.max(0, start - nowMs()));
    a.child.kill(how);
    const starving =
      STARVE > 0
        ? setInterval(() => {
            b.child.kill('SIGSTOP');
            setTimeout(() => b.child.kill('SIGCONT'), 200 * STARVE);
          }, 200)
        : undefined;
    let rolling = true;
    const rolledAfter = () => (staff.arrivals.get('get_random_roll') ?? []).some((at) => at > start);
    // The facilitator presses Roll every ROLL_EVERY_MS (refusals and all). After a kill, until the
    // first ball comes back (the room's recovery; rolling on would load the recovering room with
    // 10,000 writes a ball); in a restart, throughout, so that every screen has a frame to wait for.
    const keepRolling = (async () => {
      while (rolling && !(how === 'SIGKILL' && rolledAfter())) {
        staff.send(msg(roomId, 'game_event', 'get_roll'));
        await sleep(ROLL_EVERY_MS);
      }
    })();
    const replies = await bounded(`${how} recovery`, 160_000, moved);
    const times = flat(replies);
    const phase = (name: 'closed' | 'upgrade' | 'snapshot') => {
      const all = replies.flatMap((r) => r.phases[name]);
      return `${ms(pct(all, 50))} / ${ms(pct(all, 99))}`;
    };
    const phases = `told to move (or closed) ${phase('closed')} after the fault, upgrade ${phase('upgrade')}, snapshot ${phase('snapshot')} after it (p50 / p99)`;
    progress(`${how}: the moving screens: ${phases}`);
    const why = new Map<string, number>();
    for (const r of replies) for (const [k, n] of Object.entries(r.why)) why.set(k, (why.get(k) ?? 0) + n);
    if (why.size > 0)
      progress(`${how}: upgrades refused: ${[...why].map(([k, n]) => `${n}× ${k}`).join('; ')}`);
    // The facilitator's first ball after the fault, however late (bounded), then time for it to land.
    await bounded(
      'first roll after the fault',
      60_000,
      (async () => {
        while (!rolledAfter()) await sleep(100);
      })(),
    ).catch((err) => progress(String(err)));
    await sleep(2_000);
    rolling = false;
    await keepRolling;
    clearInterval(starving);
    await sleep(200);
    b.child.kill('SIGCONT');
    const balls = (staff.arrivals.get('get_random_roll') ?? []).filter((t) => t > start);
    const firstRoll = balls.length > 0 ? balls[0]! - start : Number.NaN;
    progress(
      `${how}: the facilitator's balls after the fault at ${balls.map((t) => Math.round(t - start)).join(', ')} ms`,
    );
    const summaries = await players.all<{
      gaps: number[];
      movedGaps: number[];
      errors: number;
      firstRolls: number[];
    }>({
      op: 'summary',
      start,
      firstRoll,
    });
    const playersFirstRoll = numbers(summaries.flatMap((r) => r.firstRolls));
    const noRoll = playersFirstRoll.filter((t) => Number.isNaN(t)).length;
    const gaps = summaries.flatMap((r) => r.gaps);
    const movedGaps = summaries.flatMap((r) => r.movedGaps);
    const missing = times.filter(Number.isNaN).length;
    if (missing > 0) progress(`${how}: ${missing} screens not back within the bound`);
    const back = times.filter(Number.isFinite);
    await endGame(roomId, [staff], players);
    return {
      p50: pct(back, 50),
      p99: pct(back, 99),
      all: missing > 0 ? Number.NaN : Math.max(...back),
      firstRoll,
      rollP50: pct(playersFirstRoll.filter(Number.isFinite), 50),
      rollP99: pct(playersFirstRoll.filter(Number.isFinite), 99),
      noRoll,
      gapP50: pct(gaps, 50),
      gapP99: pct(gaps, 99),
      movedGapP50: pct(movedGaps, 50),
      movedGapP99: pct(movedGaps, 99),
      // What players saw; the facilitator's refusals (pressing Roll while the room moves) are apart.
      errors: sum(summaries, 'errors'),
      staffErrors: [...new Set(staff.errors)].join('; ') || 'none',
      staffRolls: balls.length,
      refused: sum(replies, 'refused'),
      phases,
    };
  } finally {
    await a.stop();
    await b.stop();
  }
}

async function main() {
  const deadline = setTimeout(() => {
    console.error(`bench:ws:venue exceeded its time limit (${TIME_LIMIT_MS / 60_000} min)`);
    for (const c of children) c.kill('SIGKILL');
    process.exit(1);
  }, TIME_LIMIT_MS);
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const redisUrl = process.env.BENCH_REDIS_URL;
  if (!pgUrl || !redisUrl) throw new Error('bench:ws:venue needs BENCH_DATABASE_URL and BENCH_REDIS_URL');
  const pgName = `playshop_venue_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${pgName}`);
  const rows: string[] = [];
  try {
    const url = new URL(pgUrl);
    url.pathname = `/${pgName}`;
    const fixture = await seedPeople({ kind: 'postgres', url: url.toString() }, { rooms: 8, players: SIZE });
    progress(`seeded ${fixture.players.length} players`);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'playshop-venue-'));
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `venue-${process.pid}`,
    };
    let room = 0;
    if (wanted('reconnect-storm')) {
      const bare = await serve('bare', {});
      const b = await reconnectStorm('bare', bare, fixture.roomIds[room++]!, fixture).finally(() =>
        bare.stop(),
      );
      const real = await serve('playshop', env, 'storm');
      const r = await reconnectStorm('playshop', real, fixture.roomIds[room++]!, fixture).finally(() =>
        real.stop(),
      );
      progress(`reconnect storm: all back in ${ms(r.all)} (bare ${ms(b.all)})`);
      rows.push(
        `| reconnect storm: all ${SIZE} dropped at once | time until each has its snapshot p50 / p99 / all: ${ms(r.p50)} / ${ms(r.p99)} / ${ms(r.all)} | bare ${ms(b.p50)} / ${ms(b.p99)} / ${ms(b.all)} | ${(r.all / b.all).toFixed(2)}× (goal ≤ 5×)${r.refused ? `; ${r.refused} upgrades refused (503) and tried again` : ''} |`,
      );
    }
    if (wanted('slow-consumer')) {
      const real = await serve('playshop', env);
      try {
        const fast = await slowConsumers(real, fixture.roomIds[room++]!, fixture, false);
        const slow = await slowConsumers(real, fixture.roomIds[room++]!, fixture, true);
        progress(`slow consumers: p99 ${ms(slow.p99)} (all fast ${ms(fast.p99)})`);
        rows.push(
          `| slow consumers: ${Math.round(SLOW_SHARE * 100)}% read one frame a second | the others' roll fan-out p50 / p99: ${ms(slow.p50)} / ${ms(slow.p99)} | all fast ${ms(fast.p50)} / ${ms(fast.p99)} | p99 ${(slow.p99 / fast.p99).toFixed(2)}× (goal ≤ 1.3×) |`,
        );
      } finally {
        await real.stop();
      }
    }
    if (wanted('failover')) {
      const f = await ownerLeaves('SIGKILL', env, fixture.roomIds[room++]!, fixture);
      progress(
        `failover: all back in ${ms(f.all)}, facilitator's first roll ${ms(f.firstRoll)}, players' p99 ${ms(f.rollP99)} (${f.staffRolls} rolls back; ${f.noRoll} players without one; facilitator refused: ${f.staffErrors})`,
      );
      rows.push(
        `| failover: owner killed (-9), half the sockets on it | time until each screen has its snapshot p50 / p99 / all: ${ms(f.p50)} / ${ms(f.p99)} / ${ms(f.all)}; the facilitator's first roll back ${ms(f.firstRoll)} (refused meanwhile: ${f.staffErrors}); each player has that ball (live or in its snapshot) p50 / p99: ${ms(f.rollP50)} / ${ms(f.rollP99)}${f.noRoll ? `, ${f.noRoll} without one` : ''}${f.refused ? `; ${f.refused} upgrades refused and tried again` : ''} | – | goal: all within 10 s |`,
      );
    }
    if (wanted('rolling-restart')) {
      const f = await ownerLeaves('SIGTERM', env, fixture.roomIds[room++]!, fixture);
      progress(
        `rolling restart: longest silence p99 ${ms(f.gapP99)} (moving screens ${ms(f.movedGapP99)}), errors ${f.errors}`,
      );
      rows.push(
        `| rolling restart: SIGTERM on the owner, half the sockets on it | each screen's longest time without a frame p50 / p99: ${ms(f.gapP50)} / ${ms(f.gapP99)} (the moving screens': ${ms(f.movedGapP50)} / ${ms(f.movedGapP99)}); error frames on players' screens: ${f.errors} (the facilitator's: ${f.staffErrors}); all back ${ms(f.all)}${f.refused ? `; ${f.refused} upgrades refused and tried again` : ''}; the moving screens ${f.phases} | – | goal: ≤ 2 s, no error |`,
      );
    }
  } finally {
    for (const c of children) c.kill('SIGKILL');
    await admin.query(`drop database if exists ${pgName} with (force)`).catch(() => undefined);
    await admin.end();
    clearTimeout(deadline);
  }
  const table = [
    `Room of ${SIZE} sockets, PostgreSQL + Redis, ${cpus().length} cores, ${new Date().toISOString().slice(0, 10)}:`,
    '',
    '| scenario | Playshop | baseline | ratio / goal |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
  console.log(table);
  if (process.env.BENCH_WRITE_DOCS === '1') {
    const file = path.join(root, 'docs/performance.md');
    const doc = await readFile(file, 'utf8');
    const begin = '<!-- bench:ws:venue -->';
    const end = '<!-- /bench:ws:venue -->';
    const block = `${begin}\n${table}\n${end}`;
    const next = doc.includes(begin)
      ? doc.replace(new RegExp(`${begin}[\\s\\S]*?${end}`), block)
      : `${doc.trimEnd()}\n\n${block}\n`;
    await writeFile(file, next);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    for (const c of children) c.kill('SIGKILL');
    process.exit(1);
  },
);
