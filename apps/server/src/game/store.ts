import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { gameEvents, games } from '../db/schema';
import { type ApplyResult, fold, type GameEvent, type GameState, initialGameState } from './engine';

export interface StoredEvent {
  seq: number;
  event: GameEvent;
}

/** `states[i]` is the state right after `appended[i]`; `state` the last of them (or the unchanged state). */
export type ExecuteResult =
  | { appended: StoredEvent[]; states: GameState[]; state: GameState }
  | { error: string };

/**
 * The game event log in the database. Commands on one game are serialised twice over: one
 * transaction at a time per game on this instance, and a row lock on the game (`for update`) across
 * instances, so no ball is drawn twice and every true claim is recorded once. The folded state is cached per
 * instance and caught up from the log when another instance appended since.
 */
export function gameStore(db: Db) {
  const cache = new Map<number, GameState>();

  type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

  async function catchUp(tx: Db | Tx, gameId: number, lastSeq: number): Promise<GameState> {
    let state = cache.get(gameId) ?? initialGameState();
    if (state.seq < lastSeq) {
      const rows = await tx
        .select({ seq: gameEvents.seq, type: gameEvents.type, payload: gameEvents.payload })
        .from(gameEvents)
        .where(and(eq(gameEvents.gameId, gameId), gt(gameEvents.seq, state.seq)))
        .orderBy(asc(gameEvents.seq));
      for (const row of rows) state = fold(state, toEvent(row));
      cache.set(gameId, state);
    }
    return state;
  }

  interface Pending {
    actorUserId: number;
    decide: (state: GameState) => ApplyResult;
    resolve: (result: ExecuteResult) => void;
    reject: (err: unknown) => void;
  }
  const pending = new Map<number, Pending[]>();
  const draining = new Set<number>();

  /**
   * Group commit: the commands waiting for one game when its previous transaction ends go into one
   * transaction together, each deciding on the state its predecessors left. A join storm of 2,000
   * players becomes a handful of transactions instead of 2,000 in a row.
   */
  async function drain(gameId: number): Promise<void> {
    if (draining.has(gameId)) return;
    draining.add(gameId);
    try {
      for (let batch = pending.get(gameId); batch?.length; batch = pending.get(gameId)) {
        pending.delete(gameId);
        try {
          const results = await commit(gameId, batch);
          for (const [i, item] of batch.entries()) item.resolve(results[i]!);
        } catch (err) {
          // A failed transaction may have left a half-folded state nowhere; drop the cache to be safe.
          cache.delete(gameId);
          for (const item of batch) item.reject(err);
        }
      }
    } finally {
      draining.delete(gameId);
    }
  }

  async function commit(gameId: number, batch: Pending[]): Promise<ExecuteResult[]> {
    const { results, state } = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ lastSeq: games.lastSeq })
        .from(games)
        .where(eq(games.id, gameId))
        .for('update');
      if (!row) return { results: batch.map((): ExecuteResult => ({ error: 'Room Closed' })), state: null };
      let state = await catchUp(tx, gameId, row.lastSeq);
      const rows: (typeof gameEvents.$inferInsert)[] = [];
      let ended = false;
      const results = batch.map(({ decide, actorUserId }): ExecuteResult => {
        const result = decide(state);
        if ('error' in result) return { error: result.error };
        const appended: StoredEvent[] = [];
        const states: GameState[] = [];
        for (const event of result.events) {
          state = fold(state, event);
          appended.push({ seq: state.seq, event });
          states.push(state);
          const { type, ...payload } = event;
          rows.push({ gameId, seq: state.seq, type, payload, actorUserId });
          ended ||= event.type === 'game_ended';
        }
        return { appended, states, state };
      });
      if (rows.length > 0) {
        await tx.insert(gameEvents).values(rows);
        await tx
          .update(games)
          .set({ lastSeq: state.seq, ...(ended ? { endedAt: new Date() } : {}) })
          .where(eq(games.id, gameId));
      }
      return { results, state };
    });
    // Only a committed state enters the cache.
    if (state) cache.set(gameId, state);
    return results;
  }

  return {
    /** The room's game that has not ended, if any. */
    async activeGame(roomId: number): Promise<number | null> {
      const [row] = await db
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.roomId, roomId), isNull(games.endedAt)))
        .orderBy(desc(games.id))
        .limit(1);
      return row?.id ?? null;
    },

    /** The room's active game, or a new one; two instances opening one lobby get the same game. */
    async activeOrNewGame(roomId: number): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${0x706c6179}, ${roomId})`);
        const [row] = await tx
          .select({ id: games.id })
          .from(games)
          .where(and(eq(games.roomId, roomId), isNull(games.endedAt)))
          .limit(1);
        if (row) return row.id;
        const [created] = await tx.insert(games).values({ roomId }).returning({ id: games.id });
        return created!.id;
      });
    },

    async state(gameId: number): Promise<GameState> {
      const [row] = await db.select({ lastSeq: games.lastSeq }).from(games).where(eq(games.id, gameId));
      return catchUp(db, gameId, row?.lastSeq ?? 0);
    },

    /** Decides on the current state and appends what was decided, atomically, in arrival order. */
    execute(
      gameId: number,
      actorUserId: number,
      decide: (state: GameState) => ApplyResult,
    ): Promise<ExecuteResult> {
      return new Promise((resolve, reject) => {
        const queue = pending.get(gameId) ?? [];
        pending.set(gameId, queue);
        queue.push({ actorUserId, decide, resolve, reject });
        void drain(gameId);
      });
    },

    async eventsSince(gameId: number, seq: number): Promise<StoredEvent[]> {
      const rows = await db
        .select({ seq: gameEvents.seq, type: gameEvents.type, payload: gameEvents.payload })
        .from(gameEvents)
        .where(and(eq(gameEvents.gameId, gameId), gt(gameEvents.seq, seq)))
        .orderBy(asc(gameEvents.seq));
      return rows.map((row) => ({ seq: row.seq, event: toEvent(row) }));
    },

    /** Another instance appended: fold its events into this instance's cache, if they follow on. */
    absorb(gameId: number, appended: StoredEvent[]): void {
      const cached = cache.get(gameId);
      if (!cached) return;
      let state: GameState = cached;
      for (const { seq, event } of appended) {
        if (seq === state.seq + 1) state = fold(state, event);
      }
      cache.set(gameId, state);
    },
  };
}

export type GameStore = ReturnType<typeof gameStore>;

function toEvent(row: { type: string; payload: unknown }): GameEvent {
  return { type: row.type, ...(row.payload as object) } as GameEvent;
}
