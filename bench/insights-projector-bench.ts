/**
 * Does the Insights projector hurt live games? (issue 33) The real app (buildApp, listening on
 * loopback, its own projector timer) over a log with a backlog of BENCH_GAMES past games (200 by
 * default: 500,000 events, as after an upgrade), and one live room: a facilitator and 30 players on
 * real WebSockets from a load-generator process (bench/ws-load.ts). The facilitator rolls (one
 * every 100 ms, up to BENCH_ROLLS times) while the projector catches up the backlog, then, once it
 * has caught up, BENCH_ROLLS times in the same room with the projector idle. A roll's latency is
 * from the facilitator's send to the last player receiving the ball; the event loop's delay is read
 * in each phase too.
 *
 * Run: npx tsx bench/insights-projector-bench.ts pglite
 *      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/insights-projector-bench.ts postgres
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/client';
import { organizations, rooms, users, workshops } from '../apps/server/src/db/schema';
import { accessTokens } from '../apps/server/src/sessions/tokens';
import { bounded } from './bench-server';
import { benchSessions } from './bench-sessions';
import { rowsOf, seed } from './insights-seed';
import { type Command, startGenerator } from './load-generator';
import { onBenchDatabase } from './scratch-postgres';

const SECRET = 'bench-secret-that-is-long-enough-for-hs256!!';
const BACKLOG_GAMES = Number(process.env.BENCH_GAMES ?? 200);
const PLAYERS = 30;
/** Per phase; two phases stay within one round's 75 balls. */
const ROLLS = Number(process.env.BENCH_ROLLS ?? 30);
const PAUSE_MS = 100;

/** Every request bounded, as a stuck generator must not hang the bench. */
function boundedGenerator(onRolled: Parameters<typeof startGenerator>[0]) {
  const gen = startGenerator(onRolled, { stopMs: 10_000 });
  return {
    request: <T = Record<string, unknown>>(cmd: Command) => bounded(cmd.op, 120_000, gen.request<T>(cmd)),
    stop: gen.stop,
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function run(kind: string, database: Database) {
  console.log(`\n== ${kind}: a backlog of ${BACKLOG_GAMES} games, one live room of ${PLAYERS} players`);
  await database.migrate();
  const { db } = database;
  const backlog = await seed(database, BACKLOG_GAMES);
  const [{ top }] = rowsOf<{ top: number }>(
    await db.execute(sql`select max(id)::float8 as top from game_events`),
  ) as [{ top: number }];

  // The backlog waits, as if folded, until the live room plays (below): connecting the room must
  // not outlast the catch-up.
  await db.execute(sql`insert into insights_cursor (id, last_event_id) values (1, ${top})`);

  const [org] = await db.insert(organizations).values({ name: 'Live org' }).returning();
  const [workshop] = await db.insert(workshops).values({ name: 'Live workshop' }).returning();
  const [room] = await db
    .insert(rooms)
    .values({ name: 'Live room', orgId: org!.id, workshopId: workshop!.id })
    .returning();
  const [facilitator] = await db
    .insert(users)
    .values({ email: 'live-facilitator@example.com', role: 'FACILITATOR', orgId: org!.id })
    .returning();
  const players = await db
    .insert(users)
    .values(
      Array.from({ length: PLAYERS }, (_, i) => ({
        username: `live-${i}`,
        role: 'PLAYER' as const,
        orgId: org!.id,
      })),
    )
    .returning();
  const tokens = accessTokens(SECRET);
  const sign = async (id: number, role: 'PLAYER' | 'FACILITATOR') => {
    const [sessionId] = await benchSessions(db, [{ userId: id, orgId: org!.id }]);
    return tokens.sign({
      userId: id,
      role,
      orgId: org!.id,
      orgName: org!.name,
      username: `u${id}`,
      sessionId: sessionId!,
    });
  };

  const dataDir = await mkdtemp(path.join(tmpdir(), 'playshop-bench-'));
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: SECRET, LOG_LEVEL: 'silent' }),
    database,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const url = (token: string) => `ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(token)}`;

  const waiters = new Map<number, (at: number) => void>();
  const gen = boundedGenerator((r) => waiters.get(r.n)?.(r.last));
  const roomId = room!.id;
  try {
    await gen.request({
      op: 'connect',
      concurrency: 8,
      clients: [
        { id: 0, url: url(await sign(facilitator!.id, 'FACILITATOR')), roomId, staff: true },
        ...(await Promise.all(
          players.map(async (p, i) => ({
            id: i + 1,
            url: url(await sign(p.id, 'PLAYER')),
            roomId,
            staff: false,
          })),
        )),
      ],
    });
    const staff = (message: unknown, expect: string) => gen.request({ op: 'staff', id: 0, message, expect });
    await staff({ type: 'room_event', payload: { action: 'open_lobby', roomId } }, 'set_game_state');
    await gen.request({ op: 'join', timeoutMs: 10_000 });
    await staff({ type: 'game_event', payload: { action: 'start_game', roomId } }, 'start_game');

    const cursor = async () =>
      Number(
        rowsOf<{ at: number | null }>(
          await db.execute(
            sql`select (select last_event_id from insights_cursor where id = 1)::float8 as at`,
          ),
        )[0]?.at ?? 0,
      );
    let n = 0;
    /** Up to ROLLS rolls; with `behind`, only while the projector has not caught up the backlog. */
    const phase = async (behind: boolean) => {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const latencies: number[] = [];
      for (let i = 0; i < ROLLS; i++) {
        if (behind && (await cursor()) >= top) break;
        n += 1;
        const arrived = new Promise<number>((resolve) => waiters.set(n, resolve));
        const { sentAt } = await gen.request<{ sentAt: number }>({ op: 'roll', id: 0 });
        latencies.push((await bounded(`roll ${n}`, 120_000, arrived)) - sentAt);
        waiters.delete(n);
        await sleep(PAUSE_MS);
      }
      delay.disable();
      return { latencies, loopP99: delay.percentile(99) / 1e6, loopMax: delay.max / 1e6 };
    };
    const line = (label: string, p: Awaited<ReturnType<typeof phase>>) =>
      console.log(
        `${label.padEnd(34)} ${String(p.latencies.length).padStart(2)} rolls: p50 ${percentile(p.latencies, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(p.latencies, 95).toFixed(1).padStart(7)} ms  max ${Math.max(
          ...p.latencies,
        )
          .toFixed(1)
          .padStart(7)} ms  loop delay p99 ${p.loopP99.toFixed(1)} ms, max ${p.loopMax.toFixed(1)} ms`,
      );

    // Now the backlog: every projection dropped and the cursor at 0 (a rebuild, as after an
    // upgrade), under the cursor's lock so no batch runs meanwhile. The app's timer starts within 5 s.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from insights_cursor where id = 1 for update`);
      for (const table of [
        'insights_choices',
        'insights_sends',
        'insights_wins',
        'insights_players',
        'insights_games',
      ])
        await tx.execute(sql.raw(`delete from ${table}`));
      await tx.execute(sql`update insights_cursor set last_event_id = 0 where id = 1`);
    });
    const began = performance.now();
    while ((await cursor()) === 0) await sleep(200);
    const busy = await phase(true);
    while ((await cursor()) < top) await sleep(1000);
    const caughtUpSecs = (performance.now() - began) / 1000;
    await sleep(6_000);
    const idle = await phase(false);
    console.log(
      `backlog ${backlog.events} events, caught up in ${caughtUpSecs.toFixed(1)} s (${Math.round(backlog.events / caughtUpSecs)} events/s); ${ROLLS} rolls a phase, ${PLAYERS} players`,
    );
    line('while the projector catches up', busy);
    line('projector idle (same room)', idle);
    console.log(
      `ratio (catching up ÷ idle): p50 ${(percentile(busy.latencies, 50) / percentile(idle.latencies, 50)).toFixed(2)}, p95 ${(percentile(busy.latencies, 95) / percentile(idle.latencies, 95)).toFixed(2)}`,
    );
    await gen.request({ op: 'close' });
  } finally {
    await gen.stop();
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await onBenchDatabase('playshop_insights_projector_bench', run);
