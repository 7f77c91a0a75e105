import { GAME_STATE_NAMES, ZWinPattern } from '@playshop/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { gameEvents, games, roomSessions } from '../db/schema';
import { unnestColumns } from '../db/unnest';
import type { GameEvent } from './engine';
import { openGameId } from './open-game';

interface StoredEvent {
  seq: number;
  event: GameEvent;
}

/** One event to make durable, with what else it changes in the same transaction. */
export interface Entry {
  gameId: number;
  seq: number;
  event: GameEvent;
  actorUserId: number | null;
  /** A session change is also the room session's current session, for the REST screens. */
  roomSession?: { roomId: number; workshopId: number };
}

const card = z.array(z.array(z.number().int()));
const state = z.enum(GAME_STATE_NAMES);
const ZPayload = z.record(z.string(), z.unknown());
/** Stored events are parsed, not cast: a row that does not fit stops the load with a clear error. */
const ZStoredEvent: z.ZodType<GameEvent> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('lobby_opened') }),
  z.object({ type: z.literal('game_started'), hideRollAnimation: z.boolean() }),
  z.object({ type: z.literal('player_joined'), userId: z.number(), username: z.string(), card }),
  z.object({ type: z.literal('player_returned'), userId: z.number() }),
  z.object({ type: z.literal('player_left'), userId: z.number() }),
  z.object({ type: z.literal('player_ready'), userId: z.number() }),
  z.object({ type: z.literal('card_marked'), userId: z.number(), number: z.number(), marked: z.boolean() }),
  z.object({ type: z.literal('ball_rolled'), number: z.number() }),
  z.object({
    type: z.literal('content_sent'),
    contentId: z.number(),
    contentType: z.string(),
    question: z
      .object({
        options: z.array(z.object({ id: z.number().int(), name: z.string() })),
        correct: z.number().int(),
      })
      .optional(),
    sessionId: z.number().int().optional(),
    present: z.array(z.number().int()).optional(),
  }),
  z.object({
    type: z.literal('question_answered'),
    contentId: z.number().int(),
    userId: z.number().int(),
    username: z.string(),
    choice: z.number().int(),
    at: z.string(),
  }),
  z.object({ type: z.literal('question_closed'), contentId: z.number().int() }),
  z.object({ type: z.literal('answer_revealed'), contentId: z.number().int() }),
  z.object({ type: z.literal('points_table_set'), shown: z.boolean() }),
  z.object({ type: z.literal('session_advanced'), sessionId: z.number() }),
  z.object({
    type: z.literal('timer_set'),
    seconds: z.number(),
    startedAt: z.string(),
    isRunning: z.boolean(),
    isPaused: z.boolean(),
  }),
  z.object({
    type: z.literal('bingo'),
    userId: z.number(),
    username: z.string(),
    lines: z.array(z.string()),
    at: z.string(),
    sound: z.string().optional(),
    prize: z.number().int().optional(),
  }),
  z.object({ type: z.literal('player_removed'), userId: z.number(), username: z.string() }),
  z.object({ type: z.literal('prizes_set'), prizes: z.array(ZWinPattern) }),
  z.object({ type: z.literal('auto_call_set'), seconds: z.number().int().nullable() }),
  z.object({ type: z.literal('auto_call_paused'), paused: z.boolean() }),
  z.object({ type: z.literal('state_set'), state }),
  z.object({ type: z.literal('roll_animation_set'), hidden: z.boolean() }),
  z.object({ type: z.literal('new_round'), cards: z.record(z.string(), card) }),
  z.object({ type: z.literal('game_ended'), present: z.array(z.number().int()).optional() }),
]);

export const parseStoredEvent = (row: { type: string; payload: unknown }): GameEvent =>
  ZStoredEvent.parse({ ...ZPayload.parse(row.payload), type: row.type });

/**
 * Events per INSERT: a join storm's flush holds thousands of cards, and embedded PGlite's memory grows
 * to the largest statement it has parsed and never shrinks.
 */
const INSERT_CHUNK = 1_000;

interface JournalStats {
  onBatch?: (events: number, ms: number) => void;
}

/**
 * The game event log, written by the rooms' one writer. Appends wait for the next flush; a flush
 * writes everything that arrived since the last one, across all rooms, in one transaction (group
 * commit), and only then are the events' frames sent. One flush at a time, so the log grows in order.
 */
export function createJournal(db: Db, stats: JournalStats = {}) {
  interface Pending {
    entries: Entry[];
    resolve: () => void;
    reject: (err: unknown) => void;
  }
  let queue: Pending[] = [];
  let flushing = false;
  let scheduled = false;

  function schedule() {
    if (scheduled || flushing) return;
    scheduled = true;
    // Everything that arrives in this turn of the event loop goes in one transaction.
    setImmediate(() => {
      scheduled = false;
      void flush();
    });
  }

  async function flush(): Promise<void> {
    if (flushing || queue.length === 0) return;
    flushing = true;
    const batch = queue;
    queue = [];
    const started = performance.now();
    try {
      await write(
        db,
        batch.flatMap((p) => p.entries),
      );
      for (const p of batch) p.resolve();
      stats.onBatch?.(
        batch.reduce((n, p) => n + p.entries.length, 0),
        performance.now() - started,
      );
    } catch (err) {
      // What queued behind a failed write builds on it: it fails too, and its rooms reload from the log.
      const failed = new Set(batch.flatMap((p) => p.entries.map((e) => e.gameId)));
      const behind = queue.filter((p) => p.entries.some((e) => failed.has(e.gameId)));
      queue = queue.filter((p) => !behind.includes(p));
      for (const p of [...batch, ...behind]) p.reject(err);
    } finally {
      flushing = false;
      if (queue.length > 0) schedule();
    }
  }

  return {
    /** Resolves once the entries are committed; rejects when their transaction failed. */
    append(entries: Entry[]): Promise<void> {
      if (entries.length === 0) return Promise.resolve();
      return new Promise((resolve, reject) => {
        queue.push({ entries, resolve, reject });
        schedule();
      });
    },

    /** The room's game that has not ended, with its log. */
    load: (roomId: number) => loadGame(db, roomId),

    /** A new game for the room; its events follow from seq 1. */
    async newGame(roomId: number): Promise<number> {
      const [created] = await db.insert(games).values({ roomId }).returning({ id: games.id });
      return created!.id;
    },
  };
}

export type Journal = ReturnType<typeof createJournal>;

/** One flush's entries, in one transaction. */
async function write(db: Db, entries: Entry[]) {
  const lastSeq = new Map<number, { seq: number; ended: boolean }>();
  const sessions = new Map<number, { workshopId: number; sessionId: number }>();
  for (const e of entries) {
    const last = lastSeq.get(e.gameId);
    lastSeq.set(e.gameId, { seq: e.seq, ended: (last?.ended ?? false) || e.event.type === 'game_ended' });
    if (e.roomSession && e.event.type === 'session_advanced') {
      sessions.set(e.roomSession.roomId, {
        workshopId: e.roomSession.workshopId,
        sessionId: e.event.sessionId,
      });
    }
  }
  // Column arrays through unnest (db/unnest.ts): a flush is a few statements, however many events.
  const finalSeqs = [...lastSeq];
  await db.transaction(async (tx) => {
    for (let i = 0; i < entries.length; i += INSERT_CHUNK) {
      const rows = unnestColumns(entries.slice(i, i + INSERT_CHUNK), [
        ['int', (e) => e.gameId],
        ['int', (e) => e.seq],
        ['text', (e) => e.event.type],
        ['jsonb', ({ event: { type, ...payload } }) => JSON.stringify(payload)],
        ['int', (e) => e.actorUserId],
      ]);
      await tx.execute(sql`
        insert into ${gameEvents} (game_id, seq, type, payload, actor_user_id) select * from ${rows}`);
    }
    const lastOfGame = unnestColumns(finalSeqs, [
      ['int', ([id]) => id],
      ['int', ([, { seq }]) => seq],
      ['boolean', ([, { ended }]) => ended],
    ]);
    await tx.execute(sql`
      update ${games} set last_seq = v.seq, updated_at = now(),
        ended_at = case when v.ended then now() else ${games.endedAt} end
      from ${lastOfGame} as v(id, seq, ended)
      where ${games.id} = v.id`);
    for (const [roomId, { workshopId, sessionId }] of sessions) {
      await tx
        .insert(roomSessions)
        .values({ roomId, workshopId, currentSessionId: sessionId })
        .onConflictDoUpdate({ target: roomSessions.roomId, set: { currentSessionId: sessionId } });
    }
  });
}

/** The room's game that has not ended, with its log. */
async function loadGame(db: Db, roomId: number): Promise<{ gameId: number; events: StoredEvent[] } | null> {
  const gameId = await openGameId(db, roomId);
  if (gameId === null) return null;
  const rows = await db
    .select({ seq: gameEvents.seq, type: gameEvents.type, payload: gameEvents.payload })
    .from(gameEvents)
    .where(eq(gameEvents.gameId, gameId))
    .orderBy(asc(gameEvents.seq));
  return { gameId, events: rows.map((row) => ({ seq: row.seq, event: parseStoredEvent(row) })) };
}
