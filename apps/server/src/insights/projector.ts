import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { gameEvents, games, rooms, users } from '../db/schema';
import { unnestColumns } from '../db/unnest';
import { parseStoredEvent } from '../game/journal';
import { FOLDED_TYPES, foldInsights, type GameFold, newGameFold, playerTallies } from './fold';
import {
  insightsChoices,
  insightsCursor,
  insightsGames,
  insightsMonths,
  insightsPlayers,
  insightsSends,
  insightsWins,
} from './schema';

/**
 * Event ids covered per transaction from the next one there (card marks are counted, not read).
 * Small on purpose: the projector shares the game server's event loop (and, on PGlite, its one
 * connection), so one batch must hold them only a few milliseconds (docs/decisions.md).
 */
const BATCH_IDS = 5_000;
/**
 * A gap in event ids is a transaction that took ids and has not committed yet (another instance's
 * flush) or never will (a rolled-back flush). Events past a gap wait until it is this old, so a late
 * commit below the cursor is not skipped.
 */
const GAP_GRACE_MS = 30_000;

interface EventRow {
  id: number;
  game_id: number;
  seq: number;
  type: string;
  payload: unknown;
  actor_user_id: number | null;
  at: number;
}

/**
 * The last id before the first gap in (after, hi] that is younger than GAP_GRACE_MS (a flush that
 * may still commit); `hi` when every gap is old (rolled back, or a deleted game's events).
 */
async function beforeFreshGap(db: Db, after: number, hi: number): Promise<number> {
  const [gap] = rowsOf<{ prev: number }>(
    await db.execute(sql`
      select prev from (
        select coalesce(lag(id) over (order by id), ${after})::float8 as prev, id, created_at
        from ${gameEvents} where id > ${after} and id <= ${hi}) ids
      where id <> prev + 1 and created_at > now() - ${`${GAP_GRACE_MS} milliseconds`}::interval
      order by id limit 1`),
  );
  return gap ? gap.prev : hi;
}

interface GameRow {
  gameId: number;
  orgId: number;
  roomId: number;
  workshopId: number;
  fold: GameFold;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Folds the game event log into the Insights tables, reading past a stored cursor (the last event id
 * folded). It never touches the journal's write path: it catches up when an Insights request
 * arrives (bounded) and on a timer. Each batch is one transaction that locks the cursor row, so
 * several instances (or overlapping calls) never fold an event twice.
 */
export function createProjector(db: Db, log: { warn: (obj: object, msg: string) => void } = console) {
  let running: Promise<boolean> | null = null;

  /** One batch; false when it found nothing more to fold. */
  async function batch(): Promise<boolean> {
    // Most requests find the log folded already: one read, no lock.
    const [head] = rowsOf<{ at: number | null; hi: number | null }>(
      await db.execute(sql`
        select (select last_event_id from ${insightsCursor} where id = 1)::float8 as at,
          (select max(id) from ${gameEvents})::float8 as hi`),
    );
    if (head?.hi == null || (head.at !== null && head.at >= head.hi)) return false;
    return db.transaction(async (tx) => {
      await tx.insert(insightsCursor).values({ id: 1, lastEventId: 0 }).onConflictDoNothing();
      const [cursor] = rowsOf<{ last_event_id: string | number }>(
        await tx.execute(sql`select last_event_id from ${insightsCursor} where id = 1 for update`),
      );
      const after = Number(cursor!.last_event_id);
      // First which ids are there (all committed when none is missing), then the events below the
      // first fresh gap: an event that commits later is never passed over.
      const [top] = rowsOf<{ hi: number | null; n: number }>(
        await tx.execute(sql`
          select max(id)::float8 as hi, count(*)::float8 as n from ${gameEvents}
          where id > ${after}
            and id < (select min(id) from ${gameEvents} where id > ${after}) + ${BATCH_IDS}`),
      );
      if (!top?.hi) return false;
      const last =
        top.n === top.hi - after ? top.hi : await beforeFreshGap(tx as unknown as Db, after, top.hi);
      if (last === after) return false;
      // Only the events a figure reads leave the database (card marks are most of a log).
      const folding = rowsOf<EventRow>(
        await tx.execute(sql`
          select e.id::float8 as id, e.game_id, e.seq, e.type, e.payload, e.actor_user_id,
            (extract(epoch from e.created_at) * 1000)::float8 as at
          from ${gameEvents} e
          where e.id > ${after} and e.id <= ${last} and e.type = any(${sql.param([...FOLDED_TYPES])}::text[])
          order by e.id`),
      );
      const gameIds = [...new Set(folding.map((e) => e.game_id))];
      const known = await tx
        .select({
          gameId: insightsGames.gameId,
          orgId: insightsGames.orgId,
          roomId: insightsGames.roomId,
          workshopId: insightsGames.workshopId,
          startedAt: insightsGames.startedAt,
          state: insightsGames.state,
        })
        .from(insightsGames)
        .where(sql`${insightsGames.gameId} = any(${sql.param(gameIds)}::int[])`);
      const touched = new Map<number, GameRow & { startedAt: number }>();
      for (const g of known)
        touched.set(g.gameId, { ...g, fold: g.state as GameFold, startedAt: g.startedAt.getTime() });
      const fresh = gameIds.filter((id) => !touched.has(id));
      const places = new Map(
        rowsOf<{ id: number; room_id: number; org_id: number; workshop_id: number }>(
          fresh.length === 0
            ? { rows: [] }
            : await tx.execute(sql`
                select g.id, g.room_id, r.org_id, r.workshop_id from ${games} g join ${rooms} r on r.id = g.room_id
                where g.id = any(${sql.param(fresh)}::int[])`),
        ).map((p) => [p.id, p]),
      );
      for (const row of folding) {
        let game = touched.get(row.game_id);
        if (!game) {
          const place = places.get(row.game_id);
          // Deleted since (with its room): its events go with it.
          if (!place) continue;
          game = {
            gameId: row.game_id,
            orgId: place.org_id,
            roomId: place.room_id,
            workshopId: place.workshop_id,
            fold: newGameFold(),
            startedAt: row.at,
          };
          touched.set(row.game_id, game);
        }
        let event: ReturnType<typeof parseStoredEvent>;
        try {
          event = parseStoredEvent(row);
        } catch (error) {
          // The game's own load stops on such a row; Insights skips it rather than stop every figure.
          log.warn({ err: error, eventId: row.id }, 'insights: skipped an event that does not parse');
          continue;
        }
        foldInsights(game.fold, { seq: row.seq, at: row.at, actorUserId: row.actor_user_id, event });
      }
      if (touched.size > 0) {
        await writeGames(tx as unknown as Db, [...touched.values()]);
        await refreshMonths(
          tx as unknown as Db,
          [...touched.values()].filter((g) => g.fold.started).map((g) => g.startedAt),
        );
      }
      await tx.update(insightsCursor).set({ lastEventId: last, updatedAt: new Date() }).where(sql`id = 1`);
      // More may follow: the next batch finds out.
      return last === top.hi;
    });
  }

  async function run(budgetMs: number): Promise<boolean> {
    const until = performance.now() + budgetMs;
    for (;;) {
      const started = performance.now();
      if (!(await batch())) return true;
      if (performance.now() > until) return false;
      // Rolls, frames and the journal's flushes waiting behind this batch go first, and get as long
      // again as the batch took: while behind, the projector holds at most half the event loop.
      await new Promise((resolve) => setTimeout(resolve, performance.now() - started));
    }
  }

  return {
    /**
     * Folds new events until none are left or `budgetMs` has passed; overlapping calls share one run.
     * Resolves to whether it caught up.
     */
    catchUp(budgetMs = 250): Promise<boolean> {
      running ??= run(budgetMs).finally(() => {
        running = null;
      });
      return running;
    },
    /** Resolves when no catch-up is running (closing waits for the current one). */
    async settled(): Promise<void> {
      await running?.catch(() => undefined);
    },
  };
}

export type Projector = ReturnType<typeof createProjector>;

/**
 * Recounts the product rollup (insights_months) for the months of these games' starts: one month's
 * games and distinct players, read through the started-games index (a month of every organization).
 */
async function refreshMonths(db: Db, startedAt: number[]) {
  const months = [...new Set(startedAt.map((ms) => `${new Date(ms).toISOString().slice(0, 7)}-01`))];
  for (const month of months) {
    // Two index reads, not a join the planner may turn into nested scans (PGlite keeps no statistics).
    const ids = rowsOf<{ game_id: number }>(
      await db.execute(sql`
        select game_id from ${insightsGames}
        where started and started_at >= ${month}::timestamp at time zone 'UTC'
          and started_at < (${month}::date + interval '1 month')::timestamp at time zone 'UTC'`),
    ).map((g) => g.game_id);
    const [players] = rowsOf<{ n: number }>(
      await db.execute(sql`
        select count(distinct user_id)::int as n from ${insightsPlayers}
        where game_id = any(${sql.param(ids)}::int[])`),
    );
    await db.execute(sql`
      insert into ${insightsMonths} (month, games, players) values (${month}::date, ${ids.length}, ${players?.n ?? 0})
      on conflict (month) do update set games = excluded.games, players = excluded.players`);
  }
}

/** Rewrites the summary rows of the games a batch touched from their folds. */
async function writeGames(db: Db, touched: (GameRow & { startedAt: number })[]) {
  const ids = touched.map((g) => g.gameId);
  const playerIds = [...new Set(touched.flatMap((g) => Object.keys(g.fold.players).map(Number)))];
  const registered = new Set(
    rowsOf<{ id: number }>(
      playerIds.length === 0
        ? { rows: [] }
        : await db.execute(sql`
            select id from ${users} where id = any(${sql.param(playerIds)}::int[]) and not is_guest`),
    ).map((u) => u.id),
  );
  const anyId = (column: unknown) => sql`${column} = any(${sql.param(ids)}::int[])`;
  const players = touched.flatMap((g) => {
    const tallies = playerTallies(g.fold);
    return Object.entries(g.fold.players).map(([userId, p]) => {
      const t = tallies.get(Number(userId));
      return {
        gameId: g.gameId,
        userId: Number(userId),
        joinedAt: iso(p.joinedAt)!,
        guest: !registered.has(Number(userId)),
        leftEarly: g.fold.endedAt !== null && !p.present,
        bingos: t?.bingos ?? 0,
        answers: t?.answers ?? 0,
        right: t?.right ?? 0,
      };
    });
  });
  const sends = touched.flatMap((g) => g.fold.sends.map((s) => ({ gameId: g.gameId, ...s })));
  const choices = sends.flatMap((s) => {
    if (!s.question) return [];
    const counts = new Map(s.question.options.map((id) => [id, 0]));
    for (const [choice] of Object.values(s.question.answers))
      counts.set(choice, (counts.get(choice) ?? 0) + 1);
    const correct = s.question.correct;
    return [...counts].map(([choice, n]) => ({ ...s, choice, correct: choice === correct, n }));
  });
  const wins = touched.flatMap((g) => g.fold.wins.map((w) => ({ gameId: g.gameId, ...w })));

  await db.execute(sql`
    insert into ${insightsGames} (game_id, org_id, room_id, workshop_id, facilitator_id, started_at, ended_at,
      started, players, left_early, winners, state)
    select v.game_id, v.org_id, v.room_id, v.workshop_id, v.facilitator_id, v.started_at::timestamptz,
      v.ended_at::timestamptz, v.started, v.players, v.left_early, v.winners, v.state
    from ${unnestColumns(touched, [
      ['int', (g) => g.gameId],
      ['int', (g) => g.orgId],
      ['int', (g) => g.roomId],
      ['int', (g) => g.workshopId],
      ['int', (g) => g.fold.facilitatorId],
      ['text', (g) => iso(g.startedAt)],
      ['text', (g) => iso(g.fold.endedAt)],
      ['boolean', (g) => g.fold.started],
      ['int', (g) => Object.keys(g.fold.players).length],
      [
        'int',
        (g) => (g.fold.endedAt === null ? 0 : Object.values(g.fold.players).filter((p) => !p.present).length),
      ],
      ['int', (g) => new Set(g.fold.wins.map((w) => w.userId)).size],
      ['jsonb', (g) => JSON.stringify(g.fold)],
    ])} as v(game_id, org_id, room_id, workshop_id, facilitator_id, started_at, ended_at, started, players,
      left_early, winners, state)
    on conflict (game_id) do update set facilitator_id = excluded.facilitator_id,
      ended_at = excluded.ended_at, started = excluded.started, players = excluded.players,
      left_early = excluded.left_early, winners = excluded.winners, state = excluded.state`);

  for (const table of [insightsPlayers, insightsSends, insightsChoices, insightsWins]) {
    await db.delete(table).where(anyId(table.gameId));
  }
  if (players.length > 0) {
    await db.execute(sql`
      insert into ${insightsPlayers} (game_id, user_id, joined_at, guest, left_early, bingos, answers, right_answers)
      select v.g, v.u, v.j::timestamptz, v.guest, v.l, v.b, v.a, v.r from ${unnestColumns(players, [
        ['int', (p) => p.gameId],
        ['int', (p) => p.userId],
        ['text', (p) => p.joinedAt],
        ['boolean', (p) => p.guest],
        ['boolean', (p) => p.leftEarly],
        ['int', (p) => p.bingos],
        ['int', (p) => p.answers],
        ['int', (p) => p.right],
      ])} as v(g, u, j, guest, l, b, a, r)`);
  }
  if (sends.length > 0) {
    await db.execute(sql`
      insert into ${insightsSends} (game_id, seq, content_id, content_type, session_id, sent_at, present,
        is_question, answers, right_answers, answer_ms)
      select v.g, v.s, v.c, v.t, v.sess, v.at::timestamptz, v.p, v.q, v.a, v.r, v.ms::bigint
      from ${unnestColumns(sends, [
        ['int', (s) => s.gameId],
        ['int', (s) => s.seq],
        ['int', (s) => s.contentId],
        ['text', (s) => s.contentType],
        ['int', (s) => s.sessionId],
        ['text', (s) => iso(s.sentAt)],
        ['int', (s) => s.present],
        ['boolean', (s) => s.question !== null],
        ['int', (s) => (s.question ? Object.keys(s.question.answers).length : 0)],
        [
          'int',
          (s) =>
            s.question
              ? Object.values(s.question.answers).filter(([c]) => c === s.question!.correct).length
              : 0,
        ],
        [
          'text',
          (s) => String(s.question ? Object.values(s.question.answers).reduce((n, [, ms]) => n + ms, 0) : 0),
        ],
      ])} as v(g, s, c, t, sess, at, p, q, a, r, ms)`);
  }
  if (choices.length > 0) {
    await db.execute(sql`
      insert into ${insightsChoices} (game_id, seq, content_id, choice, correct, players)
      select * from ${unnestColumns(choices, [
        ['int', (c) => c.gameId],
        ['int', (c) => c.seq],
        ['int', (c) => c.contentId],
        ['int', (c) => c.choice],
        ['boolean', (c) => c.correct],
        ['int', (c) => c.n],
      ])}`);
  }
  if (wins.length > 0) {
    await db.execute(sql`
      insert into ${insightsWins} (game_id, seq, round, prize, pattern, balls, user_id, first)
      select * from ${unnestColumns(wins, [
        ['int', (w) => w.gameId],
        ['int', (w) => w.seq],
        ['int', (w) => w.round],
        ['int', (w) => w.prize],
        ['text', (w) => w.pattern],
        ['int', (w) => w.balls],
        ['int', (w) => w.userId],
        ['boolean', (w) => w.first],
      ])}`);
  }
}
