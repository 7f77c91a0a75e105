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
 * BENCH_DATABASE_URL (a server it may create a database on) and BENCH_REDIS_URL are required.
 * BENCH_SIZE sets the room (default 10,000 sockets); BENCH_ONLY=failover,… runs some scenarios.
 * Prints a markdown table; BENCH_WRITE_DOCS=1 also replaces its section of docs/performance.md.
 * Loopback only; every phase is bounded.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { serverNodeFlags } from '../scripts/server-node-flags.mjs';
import { bounded, type Fixture, root, type Server, seedPeople, startServer } from './bench-server';

const SIZE = Number(process.env.BENCH_SIZE ?? 10_000);
const SLOW_SHARE = 0.05;
const TIME_LIMIT_MS = Number(process.env.BENCH_TIME_LIMIT_MS ?? 20 * 60_000);
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

/** The real server with the product's node flags (start:prod), or the bare baseline. */
const serve = (kind: 'playshop' | 'bare', env: Record<string, string>) =>
  startServer(kind, {
    env,
    nodeArgs: kind === 'playshop' ? serverNodeFlags(path.join(root, 'package.json')) : [],
    children,
    stopMs: 20_000,
    progress,
  });

/** One screen: when it last heard anything, the frames it waits for, what it was refused. */
class Screen {
  ws!: WebSocket;
  lastFrameAt = 0;
  /** Longest silence (ms) while `watching` (set by the scenario). */
  longestGap = 0;
  watching = false;
  errors: string[] = [];
  closeCode: number | null = null;
  lastSeq = 0;
  /** When each frame type arrived, in order. */
  readonly arrivals = new Map<string, number[]>();
  private waiters: { type: string; resolve: (at: number) => void }[] = [];

  constructor(
    readonly token: string,
    readonly staff: boolean,
  ) {}

  open(url: string): Promise<void> {
    this.closeCode = null;
    this.ws = new WebSocket(`${url}?token=${encodeURIComponent(this.token)}`, { perMessageDeflate: false });
    this.ws.on('message', (data) => {
      const now = performance.now();
      if (this.watching && this.lastFrameAt > 0)
        this.longestGap = Math.max(this.longestGap, now - this.lastFrameAt);
      this.lastFrameAt = now;
      const text = String(data);
      const type = text.slice(9, text.indexOf('"', 9));
      const seq = /"seq":(\d+)}$/.exec(text);
      if (seq) this.lastSeq = Math.max(this.lastSeq, Number(seq[1]));
      if (type === 'error_event') this.errors.push(JSON.parse(text).payload.error);
      const times = this.arrivals.get(type) ?? [];
      times.push(now);
      this.arrivals.set(type, times);
      const i = this.waiters.findIndex((w) => w.type === type);
      if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(now);
    });
    this.ws.on('close', (code) => {
      this.closeCode = code;
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
  closed(): Promise<number> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve(this.closeCode ?? 1006);
    return new Promise((resolve) => this.ws.once('close', (code) => resolve(code)));
  }
}

/** Upgrades the server refused (503 while its database pool is saturated, …): the web client retries. */
let refusedOpens = 0;
/**
 * A screen coming back as the web client does: a refused upgrade is tried again after the client's
 * backoff step (0.5–1 s, then 1–2 s, …), up to five times.
 */
async function reopen(screen: Screen, url: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await screen.open(url);
    } catch (err) {
      if (attempt >= 5) throw err;
      refusedOpens += 1;
      const step = 500 * 2 ** (attempt - 1);
      await sleep(step + Math.random() * step);
    }
  }
}

/** Opens `screens` on `urls` (round robin), a few hundred at a time. */
async function openAll(screens: Screen[], urls: string[]) {
  for (let i = 0; i < screens.length; i += 200) {
    await Promise.all(screens.slice(i, i + 200).map((s, j) => s.open(urls[(i + j) % urls.length]!)));
  }
}

const msg = (roomId: number, type: string, action: string, extra: object = {}) => ({
  type,
  payload: { action, roomId, ...extra },
});

/**
 * A room on `urls`: the facilitator opens it on the first (which so owns it), every player joins
 * (round robin over the urls), the game starts and `rolls` balls are drawn.
 */
async function game(roomId: number, fixture: Fixture, urls: string[], bare: boolean) {
  const facilitator = new Screen(fixture.facilitators[0]!.token, true);
  await facilitator.open(urls[0]!);
  const opened = facilitator.next(bare ? 'set_game_state' : 'set_game_state');
  facilitator.send(msg(roomId, 'room_event', 'open_lobby'));
  await bounded('open lobby', 30_000, opened);
  const players = fixture.players.map((p) => new Screen(p.token, false));
  await bounded('connect', 120_000, openAll(players, urls));
  const joined = players.map((p) => p.next('join_room'));
  for (const p of players) p.send(msg(roomId, 'room_event', 'join_room'));
  await bounded('join storm', 180_000, Promise.all(joined));
  const started = players.map((p) => p.next('start_game'));
  facilitator.send(msg(roomId, 'game_event', 'start_game'));
  await bounded('start', 60_000, Promise.all(started));
  return { facilitator, players };
}

/** One roll: the time (ms) until each of `players` has it. */
async function roll(roomId: number, facilitator: Screen, players: Screen[]): Promise<number[]> {
  const seen = players.map((p) => p.next('get_random_roll'));
  const sent = performance.now();
  facilitator.send(msg(roomId, 'game_event', 'get_roll'));
  return (await bounded('roll fan-out', 30_000, Promise.all(seen))).map((at) => at - sent);
}

async function closeAll(screens: Screen[]) {
  for (const s of screens) s.ws.terminate();
  await sleep(200);
}

/** The web client's first reconnect delay (game-connection.ts): 0.5–1 s, jittered. */
const firstBackoff = () => 500 + Math.random() * 500;
/** The web client's wait after a restart's close (1012, game-connection.ts RESTART_SPREAD_MS). */
const restartSpread = () => Math.random() * 250;

async function reconnectStorm(kind: 'playshop' | 'bare', server: Server, roomId: number, fixture: Fixture) {
  const { facilitator, players } = await game(roomId, fixture, [server.url], kind === 'bare');
  await roll(roomId, facilitator, players);
  await closeAll(players);
  const refusedBefore = refusedOpens;
  const start = performance.now();
  const times = await bounded(
    `${kind} reconnect storm`,
    180_000,
    Promise.all(
      players.map(async (p) => {
        await reopen(p, server.url);
        const back = p.next(kind === 'bare' ? 'join_room' : 'set_game_state');
        p.send(
          kind === 'bare'
            ? msg(roomId, 'room_event', 'join_room')
            : msg(roomId, 'room_event', 'reconnect', { lastSeq: p.lastSeq }),
        );
        return (await back) - start;
      }),
    ),
  );
  facilitator.send(msg(roomId, 'game_event', 'game_over'));
  await closeAll([facilitator, ...players]);
  return {
    p50: pct(times, 50),
    p99: pct(times, 99),
    all: Math.max(...times),
    refused: refusedOpens - refusedBefore,
  };
}

async function slowConsumers(server: Server, roomId: number, fixture: Fixture, slow: boolean) {
  const { facilitator, players } = await game(roomId, fixture, [server.url], false);
  const slowCount = slow ? Math.round(players.length * SLOW_SHARE) : 0;
  // The slow phones read one frame a second at most: their TCP reading is paused, resumed briefly.
  const slowOnes = players.slice(0, slowCount);
  const pace = setInterval(() => {
    for (const p of slowOnes) {
      const socket = (p.ws as unknown as { _socket?: { pause(): void; resume(): void } })._socket;
      socket?.resume();
      setTimeout(() => socket?.pause(), 5);
    }
  }, 1000);
  for (const p of slowOnes) (p.ws as unknown as { _socket?: { pause(): void } })._socket?.pause();
  const fast = players.slice(slowCount);
  const latencies: number[] = [];
  try {
    for (let i = 0; i < 15; i++) {
      latencies.push(...(await roll(roomId, facilitator, fast)));
      await sleep(300);
    }
  } finally {
    clearInterval(pace);
  }
  facilitator.send(msg(roomId, 'game_event', 'game_over'));
  await closeAll([facilitator, ...players]);
  return { p50: pct(latencies, 50), p99: pct(latencies, 99) };
}

/** Two instances; the owner killed (-9) or stopped (SIGTERM): how each screen comes back. */
async function ownerLeaves(
  how: 'SIGKILL' | 'SIGTERM',
  env: Record<string, string>,
  roomId: number,
  fixture: Fixture,
) {
  const a = await serve('playshop', { ...env, SHUTDOWN_DRAIN_MS: '500' });
  const b = await serve('playshop', env);
  try {
    const { facilitator, players } = await game(roomId, fixture, [a.url, b.url], false);
    // The facilitator's screen is on the survivor; the room is A's (it opened there).
    const staff = new Screen(fixture.facilitators[0]!.token, true);
    await staff.open(b.url);
    const staffIn = staff.next('set_game_state');
    staff.send(msg(roomId, 'room_event', 'join_room'));
    await staffIn;
    await roll(roomId, staff, players);
    facilitator.ws.terminate();
    // The last roll's frames reach every screen before the clock starts.
    await sleep(1_000);
    const onA = players.filter((_, i) => i % 2 === 0);
    for (const s of [staff, ...players]) {
      s.watching = true;
      s.longestGap = 0;
    }
    const refusedBefore = refusedOpens;
    const start = performance.now();
    // Every screen of A reconnects to B as the web client does: 1012 at once (jittered by 250 ms),
    // anything else after the first jittered backoff step.
    const recovered: Promise<number>[] = onA.map(async (p) => {
      const code = await p.closed();
      await sleep(code === 1012 ? restartSpread() : firstBackoff());
      await reopen(p, b.url);
      const back = p.next('set_game_state');
      p.send(msg(roomId, 'room_event', 'reconnect', { lastSeq: p.lastSeq }));
      return (await back) - start;
    });
    // Screens on B stay connected: back when the new owner's snapshot reaches them (a kill), or
    // never interrupted (a handed-off room: their next frame is the measure).
    const onB = players.filter((_, i) => i % 2 === 1);
    const stayed = onB.map(
      async (p) => (await p.next(how === 'SIGKILL' ? 'set_game_state' : 'get_random_roll')) - start,
    );
    a.child.kill(how);
    let rolling = true;
    const rolledAfter = () => (staff.arrivals.get('get_random_roll') ?? []).some((at) => at > start);
    // The facilitator presses Roll every 500 ms (refusals and all). After a kill, until the first
    // ball comes back (the room's recovery; rolling on would load the recovering room with 10,000
    // writes a ball); in a restart, throughout, so that every screen has a frame to wait for.
    const keepRolling = (async () => {
      while (rolling && !(how === 'SIGKILL' && rolledAfter())) {
        staff.send(msg(roomId, 'game_event', 'get_roll'));
        await sleep(500);
      }
    })();
    const times = await bounded(`${how} recovery`, 120_000, Promise.all([...recovered, ...stayed]));
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
    const firstAfter = (s: Screen) => {
      const at = (s.arrivals.get('get_random_roll') ?? []).find((t) => t > start);
      return at === undefined ? Number.NaN : at - start;
    };
    const firstRoll = firstAfter(staff);
    progress(
      `${how}: the facilitator's balls after the fault at ${(staff.arrivals.get('get_random_roll') ?? [])
        .filter((t) => t > start)
        .map((t) => Math.round(t - start))
        .join(', ')} ms`,
    );
    // When each player has the first ball after the fault: live, if it was back before it was drawn,
    // else in the snapshot that brought it back.
    const backAt = new Map([...onA, ...onB].map((p, i) => [p, times[i]!]));
    const playersFirstRoll = players.map((p) =>
      backAt.get(p)! >= firstRoll ? backAt.get(p)! : firstAfter(p),
    );
    const noRoll = playersFirstRoll.filter((t) => Number.isNaN(t)).length;
    const gaps = [staff, ...players].map((s) => s.longestGap);
    // What players saw; the facilitator's refusals (pressing Roll while the room moves) are listed apart.
    const errors = players.reduce((n, s) => n + s.errors.length, 0);
    staff.send(msg(roomId, 'game_event', 'game_over'));
    await closeAll([staff, ...players]);
    return {
      p50: pct(times, 50),
      p99: pct(times, 99),
      all: Math.max(...times),
      firstRoll,
      rollP50: pct(playersFirstRoll.filter(Number.isFinite), 50),
      rollP99: pct(playersFirstRoll.filter(Number.isFinite), 99),
      noRoll,
      gapP50: pct(gaps, 50),
      gapP99: pct(gaps, 99),
      errors,
      staffErrors: [...new Set(staff.errors)].join('; ') || 'none',
      staffRolls: (staff.arrivals.get('get_random_roll') ?? []).filter((at) => at > start).length,
      refused: refusedOpens - refusedBefore,
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
      const real = await serve('playshop', env);
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
      progress(`rolling restart: longest silence p99 ${ms(f.gapP99)}, errors ${f.errors}`);
      rows.push(
        `| rolling restart: SIGTERM on the owner, half the sockets on it | each screen's longest time without a frame p50 / p99: ${ms(f.gapP50)} / ${ms(f.gapP99)}; error frames on players' screens: ${f.errors} (the facilitator's: ${f.staffErrors}); all back ${ms(f.all)}${f.refused ? `; ${f.refused} upgrades refused and tried again` : ''} | – | goal: ≤ 2 s, no error |`,
      );
    }
  } finally {
    for (const c of children) c.kill('SIGKILL');
    await admin.query(`drop database if exists ${pgName} with (force)`).catch(() => undefined);
    await admin.end();
    clearTimeout(deadline);
  }
  if (refusedOpens > 0)
    progress(`upgrades refused and tried again (as the web client does): ${refusedOpens}`);
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
