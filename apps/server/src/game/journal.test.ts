import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { games } from '../db/schema';
import { createRoomWithPeople, useTestDatabase } from '../test/context';
import type { GameEvent } from './engine';
import { createJournal } from './journal';

const database = useTestDatabase();

describe('the game journal', () => {
  it('stores one flush of several games as it was given, texts with quotes, backslashes and accents included', async () => {
    const journal = createJournal(database().db);
    const [a, b] = [await createRoomWithPeople(database(), 1), await createRoomWithPeople(database(), 0)];
    const player = a.players[0]!;
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
      { type: 'player_joined', userId: player.id, username, card },
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
          actorUserId: i === 2 ? null : player.id,
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
