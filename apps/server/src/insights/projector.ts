import { performance } from 'node:perf_hooks';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { insightsCursor, insightsGames } from '../db/insights-schema';
import { gameEvents, games, rooms } from '../db/schema';
import { parseStoredEvent } from '../game/journal';
import { FOLDED_TYPES, foldInsights, type GameFold, newGameFold } from './fold';
import { dbStore, type EventRow, type ProjectorStore, statementOf } from './projector-store';
import { type BatchSize, type Log, projectorThread } from './projector-thread';
import { refreshMonths, storedPlayerRows, type TouchedGame, writeGames } from './write-projections';
import { xapiQueueWrites } from './xapi-queue';

/**
 * Event ids covered per batch from the next one there (card marks are counted, not read). Small on
 * purpose: on PGlite the batch's statements run on the game server's thread and its one connection,
 * so one batch must hold them only a few milliseconds (docs/decisions.md).
 */
const BATCH_IDS = 5_000;
/**
 * A gap in event ids is a transaction that took ids and has not committed yet (another instance's
 * flush) or never will (a rolled-back flush). Events past a gap wait until it is this old, so a late
 * commit below the cursor is not skipped.
 */
const GAP_GRACE_MS = 30_000;
/**
 * A live game's fold is saved at most this often (and when it ends); in between, a projector that
 * starts without it refolds the game's events after the saved one (storedGames).
 */
const STATE_EVERY_MS = 60_000;

/** A read of the batch, through its store. */
const read = <T>(store: ProjectorStore, q: SQL) => store.read<T>(statementOf(q));

/** An EventRow of each event read, from `game_events e` (the batch's, or those a stored fold missed). */
const selectEvents = sql`
  select e.id::float8 as id, e.game_id, e.seq, e.type, e.payload, e.actor_user_id,
    (extract(epoch from e.created_at) * 1000)::float8 as at
  from ${gameEvents} e`;
/** Of the event types, those the figures read (FOLDED_TYPES). */
const foldedType = sql`e.type = any(${sql.param([...FOLDED_TYPES])}::text[])`;

/**
 * The last id before the first gap in (after, hi] that is younger than GAP_GRACE_MS (a flush that
 * may still commit); `hi` when every gap is old (rolled back, or a deleted game's events).
 */
async function beforeFreshGap(store: ProjectorStore, after: number, hi: number): Promise<number> {
  const [gap] = await read<{ prev: number }>(
    store,
    sql`
      select prev from (
        select coalesce(lag(id) over (order by id), ${after})::float8 as prev, id, created_at
        from ${gameEvents} where id > ${after} and id <= ${hi}) ids
      where id <> prev + 1 and created_at > now() - ${`${GAP_GRACE_MS} milliseconds`}::interval
      order by id limit 1`,
  );
  return gap ? gap.prev : hi;
}

/**
 * The events of the next batch past the cursor as read (`after`), and how far it takes the cursor:
 * none when nothing is ready. Read outside a transaction: the write's compare-and-set on the cursor
 * finds out whether another instance folded them meanwhile.
 */
async function nextEvents(
  store: ProjectorStore,
  after: number,
  batchIds: number,
): Promise<{ last: number; caughtUp: boolean; events: EventRow[] } | null> {
  // First which ids are there (all committed when none is missing), then the events below the
  // first fresh gap: an event that commits later is never passed over.
  const [top] = await read<{ hi: number | null; n: number }>(
    store,
    sql`
      select max(id)::float8 as hi, count(*)::float8 as n from ${gameEvents}
      where id > ${after}
        and id < (select min(id) from ${gameEvents} where id > ${after}) + ${batchIds}`,
  );
  if (!top?.hi) return null;
  const last = top.n === top.hi - after ? top.hi : await beforeFreshGap(store, after, top.hi);
  if (last === after) return null;
  // Only the events a figure reads leave the database (card marks are most of a log).
  const events = await read<EventRow>(
    store,
    sql`
      ${selectEvents}
      where e.id > ${after} and e.id <= ${last} and ${foldedType}
      order by e.id`,
  );
  return { last, caughtUp: last === top.hi, events };
}

/**
 * Games folded before, from insights_games: each stored fold, and the events after the one it
 * stands at (`foldedTo`; a batch saves a live game's fold only now and then) up to the cursor
 * folded into it again, so it is the fold at the cursor.
 */
async function storedGames(store: ProjectorStore, gameIds: number[], after: number, log: Log) {
  // The fold as text, parsed here (in the worker), not by the driver on the database's thread.
  const known = await read<{
    game_id: number;
    org_id: number;
    room_id: number;
    workshop_id: number;
    started_at: number;
    state: string;
  }>(
    store,
    sql`
      select game_id, org_id, room_id, workshop_id,
        (extract(epoch from started_at) * 1000)::float8 as started_at, state::text as state
      from ${insightsGames} where game_id = any(${sql.param(gameIds)}::int[])`,
  );
  const stored = new Map<number, TouchedGame>();
  const behind: [number, number][] = [];
  for (const g of known) {
    // A fold stored before foldedTo was kept stands at the cursor.
    const { foldedTo = after, ...fold } = JSON.parse(g.state) as GameFold & { foldedTo?: number };
    if (foldedTo < after) behind.push([g.game_id, foldedTo]);
    stored.set(g.game_id, {
      gameId: g.game_id,
      orgId: g.org_id,
      roomId: g.room_id,
      workshopId: g.workshop_id,
      fold,
      startedAt: g.started_at,
      // Rows read off an older fold: rows changed since are written again, unchanged.
      storedPlayers: storedPlayerRows(g.game_id, fold),
      // An old fold is saved again with this batch.
      stateSavedAt: foldedTo < after ? 0 : Date.now(),
    });
  }
  if (behind.length > 0) {
    const missed = await read<EventRow>(
      store,
      sql`
        ${selectEvents}
        join unnest(${sql.param(behind.map(([id]) => id))}::int[], ${sql.param(behind.map(([, to]) => to))}::float8[])
          as b(game_id, folded_to) on e.game_id = b.game_id and e.id > b.folded_to
        where e.id <= ${after} and ${foldedType}
        order by e.id`,
    );
    foldEvents(stored, missed, log);
  }
  return stored.values();
}

/**
 * The games these events belong to, with their folds so far: from insights_games when folded
 * before, else new, placed in their room's organization and workshop. A game deleted since (with its
 * room) is left out: its events go with it.
 */
async function touchedGames(
  store: ProjectorStore,
  events: EventRow[],
  after: number,
  cached: Map<number, TouchedGame>,
  log: Log,
): Promise<Map<number, TouchedGame>> {
  const touched = new Map<number, TouchedGame>();
  const gameIds = [...new Set(events.map((e) => e.game_id))].filter((id) => {
    const game = cached.get(id);
    if (game) touched.set(id, game);
    return !game;
  });
  if (gameIds.length === 0) return touched;
  for (const game of await storedGames(store, gameIds, after, log)) touched.set(game.gameId, game);
  const fresh = gameIds.filter((id) => !touched.has(id));
  if (fresh.length === 0) return touched;
  const places = await read<{ id: number; room_id: number; org_id: number; workshop_id: number }>(
    store,
    sql`
      select g.id, g.room_id, r.org_id, r.workshop_id from ${games} g join ${rooms} r on r.id = g.room_id
      where g.id = any(${sql.param(fresh)}::int[])`,
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
      stateSavedAt: 0,
    });
  }
  return touched;
}

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
export interface FoldCache {
  cursor: number;
  games: Map<number, TouchedGame>;
}

/**
 * The months whose rollup this batch may change: those of started games that are new to the
 * projections, started in this batch or gained players (a ball or an answer changes no month).
 */
function monthsToRecount(touched: TouchedGame[], before: Map<number, Before>) {
  return touched
    .filter((g) => {
      const was = before.get(g.gameId)!;
      return (
        g.fold.started && (was.fresh || !was.started || Object.keys(g.fold.players).length !== was.players)
      );
    })
    .map((g) => g.startedAt);
}

/** The batch's writes: the games' projections, then the months they may have changed. */
function batchWrites(all: TouchedGame[], before: Map<number, Before>, last: number, live: boolean): SQL[] {
  const now = Date.now();
  for (const g of all) {
    // A game's fold (half a megabyte of JSON at 10,000 players, parsed and compressed by PGlite on
    // the game's thread) is saved when new or ended, else at most once per STATE_EVERY_MS, and on
    // PGlite not while games are live (one such statement held the connection 86-300 ms, and a
    // roll's journal write behind it): a restart then refolds the events after the saved fold.
    g.saveState =
      g.storedPlayers === null ||
      g.fold.endedAt !== null ||
      (!live && now - g.stateSavedAt >= STATE_EVERY_MS);
    if (g.saveState) g.stateSavedAt = now;
  }
  return [...writeGames(all, last), ...refreshMonths(monthsToRecount(all, before))];
}

/** A touched game before the batch's events: new to the projections, started, its players. */
interface Before {
  fresh: boolean;
  started: boolean;
  players: number;
}

/** What one batch did: whether more may follow, and how many event ids it found to fold. */
export interface Folded {
  more: boolean;
  covered: number;
}
const NOTHING: Folded = { more: false, covered: 0 };

/**
 * One batch: the events past the cursor and the games they touch are read, folded here, and written
 * in one transaction that first moves the cursor from where the batch read it (compare-and-set),
 * so several instances (or overlapping calls) never fold an event twice. `more` is false when it found
 * nothing more to fold; `covered` counts the ids it found to fold (past the cursor, up to its end).
 */
export async function foldBatch(
  store: ProjectorStore,
  log: Log,
  cache: { current: FoldCache | null },
  { ids: batchIds, live }: BatchSize,
): Promise<Folded> {
  // Most requests find the log folded already: one read.
  const [head] = await read<{ at: number | null; hi: number | null }>(
    store,
    sql`
      select (select last_event_id from ${insightsCursor} where id = 1)::float8 as at,
        (select max(id) from ${gameEvents})::float8 as hi`,
  );
  if (head?.hi == null || (head.at !== null && head.at >= head.hi)) return NOTHING;
  const after = head.at ?? 0;
  // Folds change in place: a batch that fails leaves none behind to be trusted.
  const cached = cache.current;
  cache.current = null;
  const next = await nextEvents(store, after, batchIds);
  if (!next) return NOTHING;
  const covered = next.last - after;
  const touched = await touchedGames(
    store,
    next.events,
    after,
    cached?.cursor === after ? cached.games : new Map(),
    log,
  );
  const all = [...touched.values()];
  const before = new Map<number, Before>(
    all.map((g) => [
      g.gameId,
      {
        fresh: g.storedPlayers === null,
        started: g.fold.started,
        players: Object.keys(g.fold.players).length,
      },
    ]),
  );
  foldEvents(touched, next.events, log);
  // The batch's xAPI statements (issue 47) are queued in its own transaction: folded once, sent once.
  const queued = await xapiQueueWrites(store, touched, next.events);
  const statements = [
    // Creates the cursor on the first batch; otherwise moves it only from where this batch read it.
    sql`
      insert into ${insightsCursor} (id, last_event_id, updated_at) values (1, ${next.last}, now())
      on conflict (id) do update set last_event_id = excluded.last_event_id, updated_at = excluded.updated_at
      where ${insightsCursor}.last_event_id = ${after}
      returning id`,
    ...(all.length > 0 ? batchWrites(all, before, next.last, live) : []),
  ];
  // Another instance folded from here first: its projections stand, the next batch starts after them.
  if (!(await store.write([...statements.map(statementOf), ...queued]))) return { more: true, covered };
  // More may follow unless the batch stopped at a fresh gap: the next batch finds out.
  cache.current = { cursor: next.last, games: touched };
  return { more: next.caughtUp, covered };
}

/** A catch-up waiting for the one under way (createProjector). */
interface QueuedCatchUp {
  budgetMs: number;
  yieldAbove: number | undefined;
  done: Promise<boolean>;
}

export interface ProjectorOptions {
  /** The ids a batch covers (tests stop a fold between small batches). */
  batchIds?: number;
  /**
   * Folds in a worker thread (the server), off the game's event loop: with PostgreSQL's URL the
   * worker reads and writes through a pool of its own; without one (embedded PGlite, which lives in
   * this thread) it sends its statements here, each read one statement and each write one short
   * transaction of statements.
   */
  thread?: { databaseUrl?: string };
}

/**
 * Folds the game event log into the Insights tables, reading past a stored cursor (the last event id
 * folded). It never touches the journal's write path: it catches up when an Insights request
 * arrives (bounded) and on a timer. Each batch writes in one transaction that moves the cursor from
 * where the batch read it, so several instances (or overlapping calls) never fold an event twice.
 */
export function createProjector(
  db: Db,
  log: Log = console,
  { batchIds = BATCH_IDS, thread }: ProjectorOptions = {},
) {
  let running: Promise<boolean> | null = null;
  /**
   * A catch-up asked for while one runs: that one may have read the log before the caller's events
   * were written (an Insights request just after a game's write, with the timer's run finishing), so
   * this one starts when it ends. Those asked meanwhile share it, with the longest budget asked and no
   * yielding if any caller asked for none.
   */
  let queued: QueuedCatchUp | null = null;
  const cache: { current: FoldCache | null } = { current: null };
  const store = dbStore(db);
  const worker = thread ? projectorThread(db, log, { databaseUrl: thread.databaseUrl, batchIds }) : null;
  const batch = () =>
    worker
      ? worker.batch()
      : foldBatch(store, log, cache, { ids: batchIds, live: false }).then((f) => f.more);

  async function run(budgetMs: number, yieldAbove?: number): Promise<boolean> {
    const until = performance.now() + budgetMs;
    for (;;) {
      const started = performance.now();
      if (!(await batch())) return true;
      if (performance.now() > until) return false;
      // Rolls, frames and the journal's flushes waiting behind this batch go first, and get as long
      // again as the batch took: while behind, the projector holds at most half the database.
      const before = performance.eventLoopUtilization();
      await new Promise((resolve) => setTimeout(resolve, performance.now() - started));
      // The game used more than that share of the pause (a room fanning out): leave it the loop.
      if (yieldAbove !== undefined && performance.eventLoopUtilization(before).utilization > yieldAbove)
        return false;
    }
  }

  const start = (budgetMs: number, yieldAbove?: number) => {
    running = run(budgetMs, yieldAbove).finally(() => {
      running = null;
    });
    return running;
  };
  const settled = async () => {
    while (running || queued) await (queued?.done ?? running)?.catch(() => undefined);
  };
  return {
    /**
     * Folds new events until none are left or `budgetMs` has passed, or (`yieldAbove`, the timer's
     * runs) the game kept more than that share of the event loop busy between two batches. A call
     * while one runs gets the run after it (one for all such calls). Resolves to whether it caught up.
     */
    catchUp(budgetMs = 250, yieldAbove?: number): Promise<boolean> {
      if (!running) return start(budgetMs, yieldAbove);
      if (queued) {
        queued.budgetMs = Math.max(queued.budgetMs, budgetMs);
        queued.yieldAbove =
          queued.yieldAbove === undefined || yieldAbove === undefined
            ? undefined
            : Math.max(queued.yieldAbove, yieldAbove);
        return queued.done;
      }
      const next: QueuedCatchUp = { budgetMs, yieldAbove, done: Promise.resolve(false) };
      next.done = running
        .catch(() => undefined)
        .then(() => {
          queued = null;
          return start(next.budgetMs, next.yieldAbove);
        });
      queued = next;
      return next.done;
    },
    /** Resolves when no catch-up is running (closing waits for the current one). */
    settled,
    /** Waits for the catch-up under way, then stops the worker (if any). */
    async close(): Promise<void> {
      await settled();
      await worker?.close();
    },
    /** The worker folding now, if any (tests end it to prove a crash is survived). */
    worker: () => worker?.current() ?? null,
  };
}

export type Projector = ReturnType<typeof createProjector>;
