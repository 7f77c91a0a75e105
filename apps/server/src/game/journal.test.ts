import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { games, rooms, workshops } from '../db/schema';
import { createOrg, createUser, useTestDatabase } from '../test/context';
import type { GameEvent } from './engine';
import { createJournal } from './journal';

const database = useTestDatabase();

async function room() {
  const org = await createOrg(database());
  const [w] = await database()
    .db.insert(workshops)
    .values({ name: `Journal workshop ${randomInt(1e9)}` })
    .returning();
  const [r] = await database()
    .db.insert(rooms)
    .values({ name: `Journal room ${randomInt(1e9)}`, orgId: org.id, workshopId: w!.id })
    .returning();
  return { roomId: r!.id, player: await createUser(database(), 'PLAYER', org.id) };
}

describe('the game journal', () => {
  it('stores one flush of several games as it was given, texts with quotes, backslashes and accents included', async () => {
    const journal = createJournal(database().db);
    const [a, b] = [await room(), await room()];
    const [gameA, gameB] = [await journal.newGame(a.roomId), await journal.newGame(b.roomId)];
    const username = `O'Brien "Zoë" \\ {1,2} NULL`;
    const card = [
      [1, 2, 3, 4, 5],
      [16, 17, 18, 19, 20],
      [31, 32, 0, 34, 35],
      [46, 47, 48, 49, 50],
      [61, 62, 63, 64, 65],
    ];
    const eventsA: GameEvent[] = [
      { type: 'lobby_opened' },
      { type: 'player_joined', userId: a.player.id, username, card },
      { type: 'ball_rolled', number: 7 },
    ];
    const eventsB: GameEvent[] = [{ type: 'lobby_opened' }, { type: 'game_ended' }];
    // Appended in one turn of the event loop: one transaction for both games.
    await Promise.all([
      journal.append(
        eventsA.map((event, i) => ({
          gameId: gameA,
          seq: i + 1,
          event,
          actorUserId: i === 2 ? null : a.player.id,
        })),
      ),
      journal.append(eventsB.map((event, i) => ({ gameId: gameB, seq: i + 1, event, actorUserId: null }))),
    ]);

    const loaded = await journal.load(a.roomId);
    expect(loaded).toEqual({ gameId: gameA, events: eventsA.map((event, i) => ({ seq: i + 1, event })) });
    // The ended game is over: no game of room b is live, and its row says where the log ends.
    expect(await journal.load(b.roomId)).toBeNull();
    const rows = await database().db.select().from(games).where(eq(games.roomId, b.roomId));
    expect(rows).toMatchObject([{ id: gameB, lastSeq: 2 }]);
    expect(rows[0]!.endedAt).toBeInstanceOf(Date);
    const [rowA] = await database().db.select().from(games).where(eq(games.id, gameA));
    expect(rowA).toMatchObject({ lastSeq: 3, endedAt: null });
  });
});
