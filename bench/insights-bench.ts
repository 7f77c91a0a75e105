/**
 * Insights on a year of one organization (issue 33 item 3): seeds 2,000 games, 100,000 players and
 * (by default) 5 million game events with SQL generate_series, lets the projector fold the whole log
 * (events/s), then times each Insights request through the whole HTTP stack (fastify.inject, token
 * check included): p50/p95 over RUNS calls each, against a bare baseline in the same run (the org
 * dashboard, an existing one-organization read) and against scanning the log per request.
 *
 * Run: npx tsx bench/insights-bench.ts pglite            (PGlite in memory)
 *      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/insights-bench.ts postgres
 * BENCH_FILLER=0 leaves out the card marks (they change no figure): 1,184 events a game instead of 2,500.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { accessTokens } from '../apps/server/src/auth/tokens';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import {
  answers,
  categories,
  content,
  organizations,
  questions,
  rooms,
  sessionContent,
  sessions,
  users,
  workshops,
} from '../apps/server/src/db/schema';
import { createProjector } from '../apps/server/src/insights/projector';
import { withScratchPostgres } from './scratch-postgres';

const SECRET = 'bench-secret-that-is-long-enough-for-hs256!!';
const GAMES = Number(process.env.BENCH_GAMES ?? 2000);
const PLAYERS = 100_000;
const PER_GAME = 50;
const ROOMS = 20;
const FACILITATORS = 10;
const ITEMS = 20;
/** Card marks per content round: 65 makes 2,500 events a game (5 M for 2,000 games). */
const FILLER = Number(process.env.BENCH_FILLER ?? 65);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const ROUND = 56 + FILLER;
const EVENTS = 52 + ITEMS * ROUND + 12 + (FILLER > 0 ? 16 : 0);
const CARD = '[[1,2,3,4,5],[16,17,18,19,20],[31,32,0,34,35],[46,47,48,49,50],[61,62,63,64,65]]';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const secs = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

async function seed(database: Database) {
  const { db } = database;
  const [org] = await db
    .insert(organizations)
    .values({ name: `Bench Org ${randomUUID().slice(0, 6)}` })
    .returning();
  const orgId = org!.id;
  const [workshop] = await db
    .insert(workshops)
    .values({ name: `Bench workshop ${orgId}` })
    .returning();
  const sess = await db
    .insert(sessions)
    .values([0, 1, 2, 3].map((i) => ({ workshopId: workshop!.id, name: `Session ${i + 1}`, orderIndex: i })))
    .returning();
  const [category] = await db
    .insert(categories)
    .values({ name: `Bench ${orgId}` })
    .returning();
  // 20 items, every other one a question with three options (the first right).
  const payloads: unknown[] = [];
  for (let r = 0; r < ITEMS; r++) {
    const isQuestion = r % 2 === 0;
    const [item] = await db
      .insert(content)
      .values({
        title: `Item ${r + 1}`,
        description: 'd',
        type: isQuestion ? 'QUESTION' : 'IMAGE',
        categoryId: category!.id,
      })
      .returning();
    await db
      .insert(sessionContent)
      .values({ sessionId: sess[Math.floor(r / 5)]!.id, contentId: item!.id, orderIndex: r });
    if (!isQuestion) {
      payloads.push({ contentId: item!.id, contentType: 'IMAGE' });
      continue;
    }
    const [q] = await db
      .insert(questions)
      .values({ contentId: item!.id, question: `Question ${r}` })
      .returning();
    const opts = await db
      .insert(answers)
      .values([0, 1, 2].map((i) => ({ questionId: q!.id, name: `Option ${i}`, isCorrect: i === 0 })))
      .returning();
    payloads.push({
      contentId: item!.id,
      contentType: 'QUESTION',
      question: { options: opts.map((o) => ({ id: o.id, name: o.name })), correct: opts[0]!.id },
    });
  }
  const roomRows = await db
    .insert(rooms)
    .values(
      Array.from({ length: ROOMS }, (_, i) => ({ name: `Room ${i + 1}`, orgId, workshopId: workshop!.id })),
    )
    .returning();
  const staff = await db
    .insert(users)
    .values(
      Array.from({ length: FACILITATORS + 1 }, (_, i) => ({
        email: `bench-${orgId}-${i}@example.com`,
        role: i === 0 ? ('ADMIN' as const) : ('FACILITATOR' as const),
        orgId,
      })),
    )
    .returning();
  const started = performance.now();
  await db.execute(sql`
    insert into users (username, role, org_id)
    select 'bench-' || ${orgId} || '-' || i, 'PLAYER', ${orgId} from generate_series(1, ${PLAYERS}) i`);
  const [{ base }] = rowsOf<{ base: number }>(
    await db.execute(sql`select min(id)::int as base from users where org_id = ${orgId} and role = 'PLAYER'`),
  ) as [{ base: number }];
  // A year of games, spread evenly, ending yesterday.
  const yearStart = Date.now() - 366 * 86_400_000;
  const firstRoom = roomRows[0]!.id;
  const fac = staff.slice(1).map((u) => u.id);
  await db.execute(sql`
    insert into games (room_id, last_seq, created_at, ended_at)
    select ${firstRoom} + (g % ${ROOMS}), ${EVENTS},
      to_timestamp(${yearStart / 1000}::float8 + g * ${(365 * 86_400) / GAMES}::float8),
      to_timestamp(${yearStart / 1000}::float8 + g * ${(365 * 86_400) / GAMES}::float8 + ${EVENTS})
    from generate_series(0, ${GAMES - 1}) g`);
  const [{ first }] = rowsOf<{ first: number }>(
    await db.execute(sql`select min(id)::int as first from games where room_id = ${firstRoom}`),
  ) as [{ first: number }];
  console.log(`seeded ${PLAYERS} players and ${GAMES} games in ${secs(started)} s`);

  const A = 52 + ITEMS * ROUND; // after the content rounds: 8 leave, 3 bingos, filler, the end
  const chunk = database.kind === 'pglite' ? 50 : 250;
  const eventsStarted = performance.now();
  for (let g0 = 0; g0 < GAMES; g0 += chunk) {
    await db.execute(sql`
      with x as (
        select gm.id as game_id, gm.id - ${first} as gi, s, gm.created_at + s * interval '1 second' as t,
          (s - 53) / ${ROUND} as r, (s - 53) % ${ROUND} as o,
          (${sql.param(fac)}::int[])[1 + (gm.id - ${first}) % ${FACILITATORS}] as fac
        from games gm cross join generate_series(1, ${EVENTS}) s
        where gm.id >= ${first + g0} and gm.id < ${first + Math.min(GAMES, g0 + chunk)}),
      y as (
        select x.*, case
            when s = 1 then 'lobby_opened'
            when s <= 51 then 'player_joined'
            when s = 52 then 'game_started'
            when s <= ${A} then case
              when o = 0 and r % 5 = 0 then 'session_advanced'
              when o = 1 then 'content_sent'
              when o between 2 and 51 and r % 2 = 0 then 'question_answered'
              when o between 52 and 54 then 'ball_rolled'
              else 'card_marked' end
            when s <= ${A + 8} then 'player_left'
            when s <= ${A + 11} then 'bingo'
            when s = ${EVENTS} then 'game_ended'
            else 'card_marked' end as type,
          case
            when s <= 51 then s - 1
            when s > 52 and s <= ${A} and o between 2 and 51 then o - 1
            when s > ${A} and s <= ${A + 8} then s - ${A}
            when s > ${A + 8} and s <= ${A + 11} then 10 + s - ${A + 8}
            else 1 + s % ${PER_GAME} end as k
        from x),
      z as (select y.*, ${base} + ((gi * 53 + k * 1999) % ${PLAYERS}) as pid,
          to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as iso,
          (${JSON.stringify(payloads)}::jsonb) -> r as item
        from y)
      insert into game_events (game_id, seq, type, payload, actor_user_id, created_at)
      select game_id, s, type, case type
          when 'player_joined' then jsonb_build_object('userId', pid, 'username', 'p' || pid, 'card', ${CARD}::jsonb)
          when 'game_started' then '{"hideRollAnimation": false}'::jsonb
          when 'session_advanced' then jsonb_build_object('sessionId', (${sql.param(sess.map((x) => x.id))}::int[])[1 + r / 5])
          when 'content_sent' then item
          when 'question_answered' then jsonb_build_object('contentId', (item ->> 'contentId')::int, 'userId', pid,
            'username', 'p' || pid, 'choice', (item -> 'question' -> 'options' -> ((gi + k) % 3)::int ->> 'id')::int, 'at', iso)
          when 'ball_rolled' then jsonb_build_object('number', r * 3 + o - 51)
          when 'player_left' then jsonb_build_object('userId', pid)
          when 'bingo' then jsonb_build_object('userId', pid, 'username', 'p' || pid, 'lines', '["row"]'::jsonb, 'at', iso, 'prize', 0)
          when 'card_marked' then jsonb_build_object('userId', pid, 'number', 1 + s % 75, 'marked', true)
          else '{}'::jsonb end,
        case when type in ('player_joined', 'question_answered', 'player_left', 'bingo', 'card_marked') then pid else fac end,
        t
      from z`);
  }
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from game_events`),
  ) as [{ n: number }];
  console.log(`seeded ${n} events (${EVENTS} a game) in ${secs(eventsStarted)} s`);
  return {
    orgId,
    orgName: org!.name,
    admin: staff[0]!,
    facilitator: staff[1]!,
    roomId: firstRoom,
    playerId: base,
    events: n,
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function run(kind: string, database: Database) {
  console.log(`\n== ${kind}: ${GAMES} games, ${PLAYERS} players, ${EVENTS} events a game`);
  await database.migrate();
  const s = await seed(database);

  const projecting = performance.now();
  const projector = createProjector(database.db);
  while (!(await projector.catchUp(60_000))) {
    /* keep folding */
  }
  const projectSecs = (performance.now() - projecting) / 1000;
  console.log(
    `projected ${s.events} events in ${projectSecs.toFixed(1)} s (${Math.round(s.events / projectSecs)} events/s)`,
  );

  const dataDir = await mkdtemp(path.join(tmpdir(), 'playshop-bench-'));
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: SECRET, LOG_LEVEL: 'silent' }),
    database,
    logger: false,
  });
  await app.ready();
  const tokens = accessTokens(SECRET);
  const bearer = async (userId: number, role: 'ADMIN' | 'FACILITATOR' | 'PLAYER' | 'SUPER_ADMIN') => ({
    authorization: `Bearer ${await tokens.sign({ userId, role, orgId: s.orgId, orgName: s.orgName, username: 'b' })}`,
  });
  const admin = await bearer(s.admin.id, 'ADMIN');
  const facilitator = await bearer(s.facilitator.id, 'FACILITATOR');
  const player = await bearer(s.playerId, 'PLAYER');
  const superAdmin = await bearer(s.admin.id, 'SUPER_ADMIN');
  await database.db.execute(sql`update users set role = 'SUPER_ADMIN' where id = ${s.admin.id}`);
  const org = encodeURIComponent(s.orgName);
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 366 * 86_400_000).toISOString().slice(0, 10);
  const year = `from=${yearAgo}&to=${today}`;

  const requests: [string, string, Record<string, string>][] = [
    ['baseline: GET /dashboard/org (existing)', `/dashboard/org/${org}`, superAdmin],
    ...['summary', 'games', 'questions', 'content', 'bingo', 'weeks'].map(
      (f) =>
        [`${f} (admin, a year)`, `/insights/org/${org}/${f}?${year}`, superAdmin] as [
          string,
          string,
          Record<string, string>,
        ],
    ),
    ['summary (default 12 weeks)', `/insights/org/${org}/summary`, superAdmin],
    ['questions (one room, a year)', `/insights/org/${org}/questions?${year}&roomId=${s.roomId}`, superAdmin],
    ['summary (a facilitator, a year)', `/insights/org/${org}/summary?${year}`, facilitator],
    ['export/games CSV (a year)', `/insights/org/${org}/export/games?${year}`, superAdmin],
    ['product (super admin)', `/insights/product`, superAdmin],
    ['me (a player)', '/insights/me', player],
  ];
  void admin;
  console.log(
    `${'request'.padEnd(42)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'× base'.padStart(7)}`,
  );
  let baseP95 = 1;
  for (const [label, url, headers] of requests) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const t = performance.now();
      const res = await app.inject({ url: `/api/v1${url}`, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (i >= 3) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const p95 = quantile(times, 0.95);
    if (label.startsWith('baseline')) baseP95 = p95;
    console.log(
      `${label.padEnd(42)} ${quantile(times, 0.5).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${(p95 / baseP95).toFixed(1).padStart(7)}`,
    );
  }
  // What one figure costs when read from the log itself: the right answers of a year, per request.
  const scan = performance.now();
  await database.db.execute(sql`
    select count(*) from game_events e join games g on g.id = e.game_id join rooms r on r.id = g.room_id
    where r.org_id = ${s.orgId} and e.type = 'question_answered'`);
  console.log(
    `for comparison, one scan of the log (answers of the year): ${(performance.now() - scan).toFixed(0)} ms`,
  );
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}

const kind = process.argv[2] ?? 'pglite';
if (kind === 'postgres') {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('Set BENCH_DATABASE_URL');
  await withScratchPostgres(url, 'playshop_insights_bench', (postgres) =>
    run('PostgreSQL (loopback)', postgres),
  );
} else {
  const pglite = await openDatabase({ kind: 'pglite' });
  await run('PGlite (in memory)', pglite);
  await pglite.close();
}
