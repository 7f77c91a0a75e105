/**
 * One organization's year of games for the Insights benches (bench/insights-bench.ts,
 * bench/insights-projector-bench.ts), seeded with SQL generate_series: BENCH_GAMES games (2,000)
 * over the last 365 days in 20 rooms by 10 facilitators, 100,000 players (50 a game), a workshop of
 * 4 sessions and 20 items (10 questions), and per game joins, sends, answers, balls, leaves, bingos,
 * the end and BENCH_FILLER × 20 card marks (65: 2,500 events a game, 5 M for 2,000 games).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
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

export const GAMES = Number(process.env.BENCH_GAMES ?? 2000);
export const PLAYERS = 100_000;
const PER_GAME = 50;
const ROOMS = 20;
const FACILITATORS = 10;
export const ITEMS = 20;
/** Card marks per content round: 65 makes 2,500 events a game (5 M for 2,000 games). */
export const FILLER = Number(process.env.BENCH_FILLER ?? 65);
const ROUND = 56 + FILLER;
export const EVENTS = 52 + ITEMS * ROUND + 12 + (FILLER > 0 ? 16 : 0);
const CARD = '[[1,2,3,4,5],[16,17,18,19,20],[31,32,0,34,35],[46,47,48,49,50],[61,62,63,64,65]]';

export const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
export const secs = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

export async function seed(database: Database, games = GAMES) {
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
      to_timestamp(${yearStart / 1000}::float8 + g * ${(365 * 86_400) / games}::float8),
      to_timestamp(${yearStart / 1000}::float8 + g * ${(365 * 86_400) / games}::float8 + ${EVENTS})
    from generate_series(0, ${games - 1}) g`);
  const [{ first }] = rowsOf<{ first: number }>(
    await db.execute(sql`select min(id)::int as first from games where room_id = ${firstRoom}`),
  ) as [{ first: number }];
  console.log(`seeded ${PLAYERS} players and ${games} games in ${secs(started)} s`);

  const A = 52 + ITEMS * ROUND; // after the content rounds: 8 leave, 3 bingos, filler, the end
  const chunk = database.kind === 'pglite' ? 50 : 250;
  const eventsStarted = performance.now();
  for (let g0 = 0; g0 < games; g0 += chunk) {
    await db.execute(sql`
      with x as (
        select gm.id as game_id, gm.id - ${first} as gi, s, gm.created_at + s * interval '1 second' as t,
          (s - 53) / ${ROUND} as r, (s - 53) % ${ROUND} as o,
          (${sql.param(fac)}::int[])[1 + (gm.id - ${first}) % ${FACILITATORS}] as fac
        from games gm cross join generate_series(1, ${EVENTS}) s
        where gm.id >= ${first + g0} and gm.id < ${first + Math.min(games, g0 + chunk)}),
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

/** A seed kept from an earlier run (BENCH_KEEP_DB=1), found by its organization; null when none. */
export async function seededBefore(database: Database) {
  const { db } = database;
  const [org] = rowsOf<{ id: number; name: string }>(
    await db.execute(
      sql`select id, name from organizations where name like 'Bench Org %' order by id limit 1`,
    ),
  );
  if (!org) return null;
  const staff = rowsOf<{ id: number }>(
    await db.execute(sql`
      select id from users where org_id = ${org.id} and role in ('ADMIN', 'FACILITATOR', 'SUPER_ADMIN')
      order by id`),
  );
  const [row] = rowsOf<{ room: number; player: number; events: number }>(
    await db.execute(sql`
      select (select min(id) from rooms where org_id = ${org.id})::int as room,
        (select min(id) from users where org_id = ${org.id} and role = 'PLAYER')::int as player,
        (select count(*) from game_events)::int as events`),
  );
  console.log(`reusing the kept seed: ${row!.events} events`);
  return {
    orgId: org.id,
    orgName: org.name,
    admin: staff[0]!,
    facilitator: staff[1]!,
    roomId: row!.room,
    playerId: row!.player,
    events: row!.events,
  };
}
