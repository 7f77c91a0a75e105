import type { RoomState } from '@playshop/shared';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { gameEvents, games } from '../db/schema';

export interface RoomActivityNow {
  state: RoomState;
  /** Players in the room now where this instance owns it, else the players holding a card in its game. */
  players: number;
}

/**
 * Where the dashboards learn what each room is doing now. One function so the live room registry
 * can take over from the event log without the dashboards changing: app.ts passes it in.
 */
export type RoomActivitySource = (roomIds: readonly number[]) => Promise<Map<number, RoomActivityNow>>;

const CLOSED: RoomActivityNow = { state: 'closed', players: 0 };
/**
 * Room state and player counts read from the game event log: the room's game that has not ended,
 * whether its lobby was opened and its game started, and the players holding a card in it (dealt
 * one, not removed). Presence is not stored (docs/decisions.md, The live game), so app.ts puts the
 * counts of the rooms this instance owns over these.
 */
export function roomActivityFromLog(db: Db): RoomActivitySource {
  return async (roomIds) => {
    const result = new Map<number, RoomActivityNow>(roomIds.map((id) => [id, CLOSED]));
    if (roomIds.length === 0) return result;
    const live = await db
      .select({ id: games.id, roomId: games.roomId })
      .from(games)
      .where(and(inArray(games.roomId, [...roomIds]), isNull(games.endedAt)));
    if (live.length === 0) return result;
    // A room has at most one game that has not ended; should two ever exist, the newest speaks.
    const gameOfRoom = new Map<number, number>();
    for (const g of live) gameOfRoom.set(g.roomId, Math.max(g.id, gameOfRoom.get(g.roomId) ?? 0));
    const gameIds = [...gameOfRoom.values()];

    const milestones = await db
      .selectDistinct({ gameId: gameEvents.gameId, type: gameEvents.type })
      .from(gameEvents)
      .where(
        and(inArray(gameEvents.gameId, gameIds), inArray(gameEvents.type, ['lobby_opened', 'game_started'])),
      );
    const holders = await db
      .select({
        gameId: gameEvents.gameId,
        players: sql<number>`(count(*) filter (where ${gameEvents.type} = 'player_joined')
          - count(*) filter (where ${gameEvents.type} = 'player_removed'))::int`,
      })
      .from(gameEvents)
      .where(
        and(
          inArray(gameEvents.gameId, gameIds),
          inArray(gameEvents.type, ['player_joined', 'player_removed']),
        ),
      )
      .groupBy(gameEvents.gameId);

    for (const [roomId, gameId] of gameOfRoom) {
      const has = (type: string) => milestones.some((m) => m.gameId === gameId && m.type === type);
      const state: RoomState = has('game_started') ? 'playing' : has('lobby_opened') ? 'lobby' : 'closed';
      const players = holders.find((h) => h.gameId === gameId)?.players ?? 0;
      result.set(roomId, { state, players });
    }
    return result;
  };
}
