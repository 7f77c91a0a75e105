import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createJournal, type Entry } from '../game/journal';
import { createOrg, createRoom, createUser, openTestDatabase } from '../test/context';
import { createProjector } from './projector';
import { TEST_CARD } from './test-log';

/**
 * The server folds in a worker thread (issue 46): on PostgreSQL through a pool of its own, on
 * PGlite by sending its statements to the thread that holds the database. It must write what the
 * in-process projector writes, resume where a stopped worker left off, and survive a worker that dies
 * mid-batch (logged, another started, the server going on). Runs on PGlite and PostgreSQL.
 */
let database: Database;
let drop: () => Promise<void>;

const TABLES = ['insights_games', 'insights_players', 'insights_sends', 'insights_choices', 'insights_wins'];
const rows = async (q: string) =>
  ((await database.db.execute(sql.raw(q))) as unknown as { rows: unknown[] }).rows;
/** Every projection row, ordered: what the figures read. */
async function projections() {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) out[table] = await rows(`select * from ${table} order by 1, 2`);
  // The event a saved fold stands at depends on the batches: the fold itself must not.
  for (const game of out.insights_games as { state: { foldedTo?: number } }[]) delete game.state.foldedTo;
  out.months = await rows('select * from insights_months order by month');
  out.cursor = await rows('select last_event_id::float8 as at from insights_cursor');
  return out;
}
/** As before any fold: the projector starts again from the first event. */
async function reset() {
  for (const table of [...TABLES, 'insights_months'])
    await database.db.execute(sql.raw(`delete from ${table}`));
  await database.db.execute(sql`update insights_cursor set last_event_id = 0`);
}

const thread = () => ({ databaseUrl: database.url });
const logged: string[] = [];
const log = { warn: (_obj: object, msg: string) => void logged.push(msg) };
let folded: Awaited<ReturnType<typeof projections>>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const org = await createOrg(database);
  const players: number[] = [];
  for (let i = 0; i < 3; i++) players.push((await createUser(database, 'PLAYER', org.id)).id);
  const room = await createRoom(database, org.id, 'R', 'W');
  const journal = createJournal(database.db);
  // Two games, each started, joined, rolled, left by one player and ended: a dozen events.
  for (let g = 0; g < 2; g++) {
    const gameId = await journal.newGame(room.id);
    const entries: Entry[] = [
      { gameId, seq: 1, event: { type: 'game_started', hideRollAnimation: false }, actorUserId: null },
    ];
    for (const userId of players)
      entries.push({
        gameId,
        seq: entries.length + 1,
        event: { type: 'player_joined', userId, username: `u${userId}`, card: TEST_CARD },
        actorUserId: userId,
      });
    entries.push(
      { gameId, seq: entries.length + 1, event: { type: 'ball_rolled', number: 7 + g }, actorUserId: null },
      {
        gameId,
        seq: entries.length + 2,
        event: { type: 'player_left', userId: players[g]! },
        actorUserId: players[g]!,
      },
      { gameId, seq: entries.length + 3, event: { type: 'game_ended' }, actorUserId: null },
    );
    await journal.append(entries);
  }
  // What the projector folds in this thread: the figures the worker must write too.
  await createProjector(database.db).catchUp(60_000);
  folded = await projections();
});
afterAll(async () => {
  await database.close();
  await drop();
});

// Each worker boots with tsx, compiling the projector's modules in its thread: 1–2 s alone, over 10 s
// each on a loaded 2-core CI machine (the first test starts two), past the 30 s default.
describe('the projector in a worker thread', { timeout: 120_000 }, () => {
  it('writes what the in-process projector writes, and resumes where a stopped worker left off', async () => {
    expect(folded.insights_players).toHaveLength(6);
    await reset();
    // Two small batches (the second does not save the live game's fold), then the worker is
    // stopped, as when the server restarts: the next one refolds what the saved fold lacks.
    const first = createProjector(database.db, log, { batchIds: 3, thread: thread() });
    expect(await first.catchUp(0)).toBe(false);
    expect(await first.catchUp(0)).toBe(false);
    await first.close();
    const [cursor] = (await rows('select last_event_id::float8 as at from insights_cursor')) as {
      at: number;
    }[];
    expect(cursor!.at).toBeGreaterThan(0);
    expect(cursor!.at).toBeLessThan((folded.cursor![0] as { at: number }).at);
    const second = createProjector(database.db, log, { batchIds: 3, thread: thread() });
    expect(await second.catchUp(60_000)).toBe(true);
    await second.close();
    expect(await projections()).toEqual(folded);
  });

  it('a worker that dies mid-batch is logged and replaced, and the next catch-up folds everything', async () => {
    await reset();
    logged.length = 0;
    const projector = createProjector(database.db, log, { thread: thread() });
    // The cursor locked: the worker's first read waits there, so it surely dies inside the batch.
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holding = database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table insights_cursor in access exclusive mode`);
      locked();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await isLocked;
    const catchingUp = projector.catchUp(60_000);
    const worker = projector.worker();
    expect(worker).not.toBeNull();
    await worker!.terminate();
    await expect(catchingUp).rejects.toThrow(/projector worker exited/);
    expect(logged).toContain('insights: the projector worker exited; the next batch starts another');
    release();
    await holding;
    expect(await projector.catchUp(60_000)).toBe(true);
    expect(projector.worker()).not.toBe(worker);
    await projector.close();
    expect(await projections()).toEqual(folded);
  });
});
