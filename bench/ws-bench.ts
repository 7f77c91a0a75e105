/**
 * `npm run bench:ws`: roll fan-out latency, join-storm time and server memory per connection of the
 * real game server, beside a bare `ws` broadcast server driven by the same load generator in the same
 * run. Everything on loopback; bounded in sockets and time. Writes docs/performance.md.
 *
 *   one room of 2,000 players, then 100 rooms of 30 players (each with its facilitator)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { accessTokens } from '../apps/server/src/auth/tokens';
import { openDatabase } from '../apps/server/src/db/client';
import { organizations, rooms, users, workshops } from '../apps/server/src/db/schema';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-bench';
const ROLLS = 20;
const SCENARIOS = [
  { name: 'one room of 2,000 players', rooms: 1, playersPerRoom: 2000 },
  { name: '100 rooms of 30 players', rooms: 100, playersPerRoom: 30 },
];
const TIME_LIMIT_MS = 8 * 60_000;

interface Fixture {
  orgId: number;
  orgName: string;
  roomIds: number[];
  facilitatorIds: number[];
  playerIds: number[];
}

/** The database the real server will open: one org, 100 rooms, 100 facilitators, 3,000 players. */
async function seed(dataDir: string): Promise<Fixture> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  await database.migrate();
  const { db } = database;
  const [org] = await db.insert(organizations).values({ name: 'Bench Org' }).returning();
  const [w] = await db.insert(workshops).values({ name: 'Bench workshop' }).returning();
  const maxRooms = Math.max(...SCENARIOS.map((s) => s.rooms));
  const maxPlayers = Math.max(...SCENARIOS.map((s) => s.rooms * s.playersPerRoom));
  const roomRows = await db
    .insert(rooms)
    .values(
      Array.from({ length: maxRooms }, (_, i) => ({ name: `Room ${i}`, orgId: org!.id, workshopId: w!.id })),
    )
    .returning({ id: rooms.id });
  const facilitators = await db
    .insert(users)
    .values(
      Array.from({ length: maxRooms }, (_, i) => ({
        email: `f${i}@bench.local`,
        role: 'FACILITATOR' as const,
        organizationId: org!.id,
      })),
    )
    .returning({ id: users.id });
  const players: { id: number }[] = [];
  for (let start = 0; start < maxPlayers; start += 500) {
    players.push(
      ...(await db
        .insert(users)
        .values(
          Array.from({ length: Math.min(500, maxPlayers - start) }, (_, i) => ({
            username: `bench-${start + i}`,
            role: 'PLAYER' as const,
            organizationId: org!.id,
          })),
        )
        .returning({ id: users.id })),
    );
  }
  await database.close();
  return {
    orgId: org!.id,
    orgName: org!.name,
    roomIds: roomRows.map((r) => r.id),
    facilitatorIds: facilitators.map((f) => f.id),
    playerIds: players.map((p) => p.id),
  };
}

async function startServer(
  kind: 'playshop' | 'bare',
  dataDir: string,
): Promise<{ child: ChildProcess; port: number }> {
  const args =
    kind === 'playshop'
      ? ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')]
      : ['--import', 'tsx', path.join(root, 'bench/bare-ws-server.ts')];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: kind === 'playshop' ? '3990' : '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'error',
      ADMIN_PASSWORD: 'bench-admin-password',
      PUBLIC_URL: 'http://127.0.0.1:3990',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const bare = out.match(/LISTENING (\d+)/);
      if (bare) resolve(Number(bare[1]));
      if (out.includes('Playshop is listening')) resolve(3990);
    });
    child.once('exit', (code) => reject(new Error(`${kind} server exited (${code}): ${out}`)));
  });
  return { child, port };
}

async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+) kB/)![1]) * 1024;
}

interface Client {
  ws: WebSocket;
  waitFor(type: string, count?: number): Promise<number>;
}

/** A socket that resolves, with the arrival time, the next `count` frames of a type. */
function openClient(url: string): Promise<Client> {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  const waiters = new Map<string, { left: number; resolve: (t: number) => void }[]>();
  ws.on('message', (data) => {
    // Frames start with {"type":"…": read the type without parsing the whole frame.
    const head = String(data).slice(0, 40);
    const type = head.slice(9, head.indexOf('"', 9));
    const list = waiters.get(type);
    const first = list?.[0];
    if (!first) return;
    first.left -= 1;
    if (first.left === 0) {
      list.shift();
      first.resolve(performance.now());
    }
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () =>
      resolve({
        ws,
        waitFor: (type, count = 1) =>
          new Promise((res) => {
            const list = waiters.get(type) ?? [];
            waiters.set(type, list);
            list.push({ left: count, resolve: res });
          }),
      }),
    );
    ws.once('error', reject);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

interface Result {
  joinStormMs: number;
  p50: number;
  p99: number;
  bytesPerConnection: number;
}

async function runScenario(
  kind: 'playshop' | 'bare',
  dataDir: string,
  fixture: Fixture,
  scenario: (typeof SCENARIOS)[number],
): Promise<Result> {
  const { child, port } = await startServer(kind, dataDir);
  const tokens = accessTokens(JWT_SECRET, 3600);
  const url = async (userId: number, role: 'PLAYER' | 'FACILITATOR') => {
    const token = await tokens.sign({
      userId,
      role,
      orgId: fixture.orgId,
      orgName: fixture.orgName,
      username: `u${userId}`,
    });
    return `ws://127.0.0.1:${port}/ws?token=${token}`;
  };
  try {
    await new Promise((r) => setTimeout(r, 500));
    const baseline = await rssBytes(child.pid!);
    const roomIds = fixture.roomIds.slice(0, scenario.rooms);
    const staff: Client[] = [];
    for (const [i, roomId] of roomIds.entries()) {
      const c = await openClient(await url(fixture.facilitatorIds[i]!, 'FACILITATOR'));
      const opened = c.waitFor(kind === 'bare' ? 'join_room' : 'set_game_state');
      c.ws.send(JSON.stringify({ type: 'room_event', payload: { action: 'open_lobby', roomId } }));
      await opened;
      staff.push(c);
    }
    // Connect every player first, then measure the storm of joins alone.
    const players: { client: Client; roomId: number }[] = [];
    for (const [r, roomId] of roomIds.entries()) {
      for (let i = 0; i < scenario.playersPerRoom; i++) {
        const userId = fixture.playerIds[r * scenario.playersPerRoom + i]!;
        players.push({ client: await openClient(await url(userId, 'PLAYER')), roomId });
      }
    }
    progress(`${kind}: ${staff.length} lobbies open, ${players.length} players connected`);
    const stormStart = performance.now();
    const joined = players.map(({ client, roomId }) => {
      const done = client.waitFor('join_room');
      client.ws.send(JSON.stringify({ type: 'room_event', payload: { action: 'join_room', roomId } }));
      return done;
    });
    const joinStormMs = Math.max(...(await Promise.all(joined))) - stormStart;
    progress(`${kind}: all joined in ${Math.round(joinStormMs)} ms`);
    if (kind === 'playshop') {
      await Promise.all(
        staff.map((c, i) => {
          const started = c.waitFor('start_game');
          c.ws.send(
            JSON.stringify({ type: 'game_event', payload: { action: 'start_game', roomId: roomIds[i] } }),
          );
          return started;
        }),
      );
    }
    progress(`${kind}: rolling`);
    const bytesPerConnection = ((await rssBytes(child.pid!)) - baseline) / (players.length + staff.length);

    // Each room rolls ROLLS times, all rooms at once; one roll's latency is from the facilitator's
    // send to the last of that room's players receiving the ball.
    const latencies: number[] = [];
    await Promise.all(
      staff.map(async (c, i) => {
        const members = players.filter((p) => p.roomId === roomIds[i]);
        for (let n = 0; n < ROLLS; n++) {
          const arrivals = members.map((m) => m.client.waitFor('get_random_roll'));
          const sent = performance.now();
          c.ws.send(
            JSON.stringify({ type: 'game_event', payload: { action: 'get_roll', roomId: roomIds[i] } }),
          );
          latencies.push(Math.max(...(await Promise.all(arrivals))) - sent);
        }
      }),
    );
    if (kind === 'playshop') {
      // End every game, so the next scenario opens fresh lobbies on the same database.
      await Promise.all(
        staff.map((c, i) => {
          const ended = c.waitFor('game_end');
          c.ws.send(
            JSON.stringify({ type: 'game_event', payload: { action: 'game_over', roomId: roomIds[i] } }),
          );
          return ended;
        }),
      );
    }
    for (const p of players) p.client.ws.terminate();
    for (const s of staff) s.ws.terminate();
    return {
      joinStormMs,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      bytesPerConnection,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const progress = (line: string) => console.error(`[bench] ${line}`);

async function main() {
  const deadline = setTimeout(() => {
    console.error('bench:ws exceeded its time limit');
    process.exit(1);
  }, TIME_LIMIT_MS);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'playshop-bench-'));
  try {
    const fixture = await seed(dataDir);
    const rows: string[] = [];
    // BENCH_ONLY=0 runs the first scenario alone, for quick comparisons while tuning.
    const only = process.env.BENCH_ONLY;
    for (const scenario of only === undefined ? SCENARIOS : [SCENARIOS[Number(only)]!]) {
      const bare = await runScenario('bare', dataDir, fixture, scenario);
      const real = await runScenario('playshop', dataDir, fixture, scenario);
      console.log(scenario.name, { bare, playshop: real });
      rows.push(
        `| ${scenario.name} | roll fan-out p50 | ${fmt(real.p50)} ms | ${fmt(bare.p50)} ms | ${fmt(real.p50 / bare.p50)}× |`,
        `| | roll fan-out p99 | ${fmt(real.p99)} ms | ${fmt(bare.p99)} ms | ${fmt(real.p99 / bare.p99)}× |`,
        `| | join storm (all joined) | ${fmt(real.joinStormMs, 0)} ms | ${fmt(bare.joinStormMs, 0)} ms | ${fmt(real.joinStormMs / bare.joinStormMs)}× |`,
        `| | server memory per connection | ${fmt(real.bytesPerConnection / 1024)} KiB | ${fmt(bare.bytesPerConnection / 1024)} KiB | ${fmt(real.bytesPerConnection / bare.bytesPerConnection)}× |`,
      );
    }
    const section = [
      '<!-- bench:ws start -->',
      `Measured by \`npm run bench:ws\` on ${new Date().toISOString().slice(0, 10)} (${process.platform}, Node ${process.version}, embedded PGlite, one server process, load generator in another process on the same 2-core machine; ${ROLLS} rolls per room, all rooms rolling at once).`,
      '',
      '| scenario | measure | Playshop | bare `ws` broadcast | ratio |',
      '|---|---|---|---|---|',
      ...rows,
      '<!-- bench:ws end -->',
    ].join('\n');
    const file = path.join(root, 'docs/performance.md');
    const current = await readFile(file, 'utf8').catch(
      () => '# Performance\n\n## WebSocket fan-out\n\n<!-- bench:ws start -->\n<!-- bench:ws end -->\n',
    );
    if (only !== undefined) return;
    await writeFile(file, current.replace(/<!-- bench:ws start -->[\s\S]*<!-- bench:ws end -->/, section));
    console.log(section);
  } finally {
    clearTimeout(deadline);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
