import type { BingoCard } from '@playshop/shared';
import type { Database } from '../db/client';
import { gameEvents, games } from '../db/schema';

/** A card for written logs: Insights never reads its numbers. */
export const TEST_CARD: BingoCard = [
  [1, 2, 3, 4, 5],
  [16, 17, 18, 19, 20],
  [31, 32, 0, 34, 35],
  [46, 47, 48, 49, 50],
  [61, 62, 63, 64, 65],
];

/** One stored event to write: seconds after the game's start, type, payload, actor. */
export type TimedEvent = [number, string, Record<string, unknown>, number | null];

/**
 * A game of `roomId` whose log is `events`, written straight into the tables with chosen times (the
 * journal stamps its own): for tests whose expected figures are worked out by hand.
 */
export async function writeGame(database: Database, roomId: number, start: string, events: TimedEvent[]) {
  const [game] = await database.db.insert(games).values({ roomId }).returning();
  await database.db.insert(gameEvents).values(
    events.map(([s, type, payload, actor], i) => ({
      gameId: game!.id,
      seq: i + 1,
      type,
      payload,
      actorUserId: actor,
      createdAt: new Date(Date.parse(start) + s * 1000),
    })),
  );
  return game!.id;
}

/** The ISO time `s` seconds after `start` (an answer's or a bingo's `at`). */
export const secondsAfter = (start: string, s: number) =>
  new Date(Date.parse(start) + s * 1000).toISOString();
