import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { gameEvents, games, rooms } from '../db/schema';
import { parseStoredEvent } from '../game/journal';
import { FOLDED_TYPES, foldInsights, type GameFold, newGameFold } from './fold';
import { insightsCursor, insightsGames } from './schema';
import { refreshMonths, rowsOf, storedPlayerRows, type TouchedGame, writeGames } from './write-projections';

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

/** The events of the next batch, and how far it takes the cursor: none when nothing is ready. */
async function nextEvents(
  tx: Db,
  batchIds: number,
): Promise<{ after: number; last: number; caughtUp: boolean; events: EventRow[] } | null> {
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
        and id < (select min(id) from ${gameEvents} where id > ${after}) + ${batchIds}`),
  );
  if (!top?.hi) return null;
  const last = top.n === top.hi - after ? top.hi : await beforeFreshGap(tx, after, top.hi);
  if (last === after) return null;
  // Only the events a figure reads leave the database (card marks are most of a log).
  const events = rowsOf<EventRow>(
    await tx.execute(sql`
      select e.id::float8 as id, e.game_id, e.seq, e.type, e.payload, e.actor_user_id,
        (extract(epoch from e.created_at) * 1000)::float8 as at
      from ${gameEvents} e
      where e.id > ${after} and e.id <= ${last} and e.type = any(${sql.param([...FOLDED_TYPES])}::text[])
      order by e.id`),
  );
  return { after, last, caughtUp: last === top.hi, events };
}

/**
 * The games these events belong to, with their folds so far: from insights_games when folded
 * before, else new, placed in their room's organization and workshop. A game deleted since (with its
 * room) is left out: its events go with it.
 */
async function touchedGames(
  tx: Db,
  events: EventRow[],
  cached: Map<number, TouchedGame>,
): Promise<Map<number, TouchedGame>> {
  const touched = new Map<number, TouchedGame>();
  const gameIds = [...new Set(events.map((e) => e.game_id))].filter((id) => {
    const game = cached.get(id);
    if (game) touched.set(id, game);
    return !game;
  });
  if (gameIds.length === 0) return touched;
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
  for (const { state, startedAt, ...g } of known) {
    const fold = state as GameFold;
    const storedPlayers = storedPlayerRows(g.gameId, fold);
    touched.set(g.gameId, { ...g, fold, startedAt: startedAt.getTime(), storedPlayers });
  }
  const fresh = gameIds.filter((id) => !touched.has(id));
  if (fresh.length === 0) return touched;
  const places = rowsOf<{ id: number; room_id: number; org_id: number; workshop_id: number }>(
    await tx.execute(sql`
      select g.id, g.room_id, r.org_id, r.workshop_id from ${games} g join ${rooms} r on r.id = g.room_id
      where g.id = any(${sql.param(fresh)}::int[])`),
  );
  const firstAt = new Map<number, number>();
  for (const e of events) if (!firstAt.has(e.game_id)) firstAt.set(e.game_id, e.at);
  for (const p of places) {
    touched.set(p.id, {
      gameId: p.id,
      orgId: p.org_id,
      roomId: p.room_id,
      workshopId: p.workshop_id,
      fold: newGameFold(),
      startedAt: firstAt.get(p.id)!,
      storedPlayers: null,
    });
  }
  return touched;
}

type Log = { warn: (obj: object, msg: string) => void };

/** Folds the events into their games' folds; an event that does not parse is skipped and logged. */
function foldEvents(touched: Map<number, TouchedGame>, events: EventRow[], log: Log) {
  for (const row of events) {
    const game = touched.get(row.game_id);
    if (!game) continue;
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
}

/**
 * The games the last batch wrote, as stored after it, valid while the cursor is where that batch
 * left it: nobody else has written the projections since, so the next batch of a live room need not
 * read back and parse its fold (the state of a 10,000-player game is half a megabyte of JSON).
 */
interface FoldCache {
  cursor: number;
  games: Map<number, TouchedGame>;
}

/** One batch in one transaction that locks the cursor; false when it found nothing more to fold. */
async function batch(
  db: Db,
  log: Log,
  cache: { current: FoldCache | null },
  batchIds: number,
): Promise<boolean> {
  // Most requests find the log folded already: one read, no lock.
  const [head] = rowsOf<{ at: number | null; hi: number | null }>(
    await db.execute(sql`
      select (select last_event_id from ${insightsCursor} where id = 1)::float8 as at,
        (select max(id) from ${gameEvents})::float8 as hi`),
  );
  if (head?.hi == null || (head.at !== null && head.at >= head.hi)) return false;
  // Folds change in place: a batch that fails leaves none behind to be trusted.
  const cached = cache.current;
  cache.current = null;
  const done = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const next = await nextEvents(tx, batchIds);
    if (!next) return { caughtUp: false, cache: cached };
    const fromCache = cached?.cursor === next.after ? cached.games : new Map<number, TouchedGame>();
    const touched = await touchedGames(tx, next.events, fromCache);
    foldEvents(touched, next.events, log);
    if (touched.size > 0) {
      const all = [...touched.values()];
      await writeGames(tx, all);
      await refreshMonths(
        tx,
        all.filter((g) => g.fold.started).map((g) => g.startedAt),
      );
    }
    await tx.update(insightsCursor).set({ lastEventId: next.last, updatedAt: new Date() }).where(sql`id = 1`);
    // More may follow: the next batch finds out.
    return { caughtUp: next.caughtUp, cache: { cursor: next.last, games: touched } };
  });
  cache.current = done.cache;
  return done.caughtUp;
}

/**
 * Folds the game event log into the Insights tables, reading past a stored cursor (the last event id
 * folded). It never touches the journal's write path: it catches up when an Insights request
 * arrives (bounded) and on a timer. Each batch is one transaction that locks the cursor row, so
 * several instances (or overlapping calls) never fold an event twice. `batchIds`: the ids a batch
 * covers (tests stop a fold between small batches).
 */
export function createProjector(db: Db, log: Log = console, { batchIds = BATCH_IDS } = {}) {
  let running: Promise<boolean> | null = null;
  const cache: { current: FoldCache | null } = { current: null };

  async function run(budgetMs: number, yieldAbove?: number): Promise<boolean> {
    const until = performance.now() + budgetMs;
    for (;;) {
      const started = performance.now();
      if (!(await batch(db, log, cache, batchIds))) return true;
      if (performance.now() > until) return false;
      // Rolls, frames and the journal's flushes waiting behind this batch go first, and get as long
      // again as the batch took: while behind, the projector holds at most half the event loop.
      const before = performance.eventLoopUtilization();
      await new Promise((resolve) => setTimeout(resolve, performance.now() - started));
      // The game used more than that share of the pause (a room fanning out): leave it the loop.
      if (yieldAbove !== undefined && performance.eventLoopUtilization(before).utilization > yieldAbove)
        return false;
    }
  }

  return {
    /**
     * Folds new events until none are left or `budgetMs` has passed, or (`yieldAbove`, the timer's
     * runs) the game kept more than that share of the event loop busy between two batches;
     * overlapping calls share one run. Resolves to whether it caught up.
     */
    catchUp(budgetMs = 250, yieldAbove?: number): Promise<boolean> {
      running ??= run(budgetMs, yieldAbove).finally(() => {
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
