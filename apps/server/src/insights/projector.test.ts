import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/client';
import { insightsGames, insightsPlayers } from '../db/insights-schema';
import { users } from '../db/schema';
import { createJournal, type Entry } from '../game/journal';
import { createOrg, createRoom, createUser, openTestDatabase } from '../test/context';
import { createProjector } from './projector';
import { TEST_CARD } from './test-log';

/**
 * A batch writes only the player rows that changed, and keeps the folds it wrote for the next one:
 * the rows must still be those a full rewrite gives, with accounts deleted since and with another
 * instance folding in between.
 */
let database: Database;
let drop: () => Promise<void>;
let roomId: number;
let players: number[];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const org = await createOrg(database);
  players = [];
  for (let i = 0; i < 3; i++) players.push((await createUser(database, 'PLAYER', org.id)).id);
  const room = await createRoom(database, org.id, 'R', 'W');
  roomId = room.id;
});
afterAll(async () => {
  await database.close();
  await drop();
});

const joined = (gameId: number, seq: number, userId: number): Entry => ({
  gameId,
  seq,
  event: { type: 'player_joined', userId, username: `u${userId}`, card: TEST_CARD },
  actorUserId: userId,
});
const rowsOf = (gameId: number) =>
  database.db
    .select({
      userId: insightsPlayers.userId,
      leftEarly: insightsPlayers.leftEarly,
    })
    .from(insightsPlayers)
    .where(eq(insightsPlayers.gameId, gameId))
    .orderBy(asc(insightsPlayers.userId));

describe('the projector writes what changed', () => {
  it('a player whose account was deleted since keeps their row (attendance reads the account now)', async () => {
    const journal = createJournal(database.db);
    const projector = createProjector(database.db);
    const gameId = await journal.newGame(roomId);
    const [a, b] = players as [number, number];
    await journal.append([
      { gameId, seq: 1, event: { type: 'game_started', hideRollAnimation: false }, actorUserId: null },
      joined(gameId, 2, a),
      joined(gameId, 3, b),
    ]);
    await projector.catchUp();
    expect(await rowsOf(gameId)).toEqual([
      { userId: a, leftEarly: false },
      { userId: b, leftEarly: false },
    ]);
    await database.db.delete(users).where(eq(users.id, b));
    // A ball changes no player's row; b's account is gone, which the figures read when asked.
    await journal.append([{ gameId, seq: 4, event: { type: 'ball_rolled', number: 7 }, actorUserId: null }]);
    await projector.catchUp();
    expect(await rowsOf(gameId)).toEqual([
      { userId: a, leftEarly: false },
      { userId: b, leftEarly: false },
    ]);
  });

  it('two instances folding in turn leave the rows and the fold a single one would', async () => {
    const journal = createJournal(database.db);
    const first = createProjector(database.db);
    const second = createProjector(database.db);
    const gameId = await journal.newGame(roomId);
    const [, , c] = players as [number, number, number];
    const a = players[0]!;
    await journal.append([
      { gameId, seq: 1, event: { type: 'game_started', hideRollAnimation: false }, actorUserId: null },
      joined(gameId, 2, a),
    ]);
    await first.catchUp();
    // The second instance folds the next events: the first's kept fold is out of date.
    await journal.append([
      joined(gameId, 3, c),
      { gameId, seq: 4, event: { type: 'player_left', userId: a }, actorUserId: a },
    ]);
    await second.catchUp();
    await journal.append([{ gameId, seq: 5, event: { type: 'game_ended' }, actorUserId: null }]);
    await first.catchUp();
    expect(await rowsOf(gameId)).toEqual([
      { userId: a, leftEarly: true },
      { userId: c, leftEarly: false },
    ]);
    const [game] = await database.db
      .select({ players: insightsGames.players, leftEarly: insightsGames.leftEarly })
      .from(insightsGames)
      .where(eq(insightsGames.gameId, gameId));
    expect(game).toEqual({ players: 2, leftEarly: 1 });
  });
});

describe('a catch-up asked while one runs', () => {
  it("folds what was written after that one read the log (a request just after a game's write)", async () => {
    // The database as the projector sees it: a read can be held after its answer, as a loaded machine
    // holds the reply of a run's last read (the timer's) while a request comes in.
    let hold: { reached: () => void; release: Promise<void> } | null = null;
    const held = new Proxy(database.db, {
      get(target, key) {
        if (key === 'execute')
          return async (query: Parameters<Db['execute']>[0]) => {
            const rows = await target.execute(query);
            const h = hold;
            hold = null;
            if (h) {
              h.reached();
              await h.release;
            }
            return rows;
          };
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Db;
    const journal = createJournal(database.db);
    const projector = createProjector(held);
    const gameId = await journal.newGame(roomId);
    // The first test deleted the second player's account.
    const [a, , c] = players as [number, number, number];
    await journal.append([
      { gameId, seq: 1, event: { type: 'game_started', hideRollAnimation: false }, actorUserId: null },
      joined(gameId, 2, a),
    ]);
    await projector.catchUp();

    // A run reads the log (nothing new) and is held before it ends.
    let release!: () => void;
    const reached = new Promise<void>((resolve) => {
      hold = { reached: resolve, release: new Promise((r) => (release = r)) };
    });
    const running = projector.catchUp();
    await reached;
    // Meanwhile a player joins and a request asks for the figures.
    await journal.append([joined(gameId, 3, c)]);
    const asked = projector.catchUp();
    release();
    expect(await running).toBe(true);
    expect(await asked).toBe(true);
    expect(await rowsOf(gameId)).toEqual([
      { userId: a, leftEarly: false },
      { userId: c, leftEarly: false },
    ]);
    await projector.settled();
  });
});
