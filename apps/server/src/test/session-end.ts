import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { gameEvents, games } from '../db/schema';
import { type GameClient, gameClient } from './instances';

/** A client message about a room: its type and action (issue 43's tests send no fields). */
export const roomMessage = (roomId: number, type: string, action: string) => ({
  type,
  payload: { action, roomId },
});

/** How many events of `type` the room's games logged. */
export async function roomEvents(db: Database['db'], roomId: number, type: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(gameEvents)
    .innerJoin(games, eq(games.id, gameEvents.gameId))
    .where(and(eq(games.roomId, roomId), eq(gameEvents.type, type)));
  return row!.n;
}

/** A staff screen on the socket at `url` with the room's lobby open, and the resume ticket it was handed. */
export async function lobbyScreen(url: string, token: string, roomId: number) {
  const screen = gameClient(url, token);
  await screen.opened;
  const ticket = (await screen.next('pong')).payload.resume!;
  screen.send(roomMessage(roomId, 'room_event', 'open_lobby'));
  await screen.next('set_game_state');
  return { screen, ticket };
}

/**
 * Signs the session of `refreshCookie` out on `app` (204); the next command `screen` sends closes it
 * (4403) instead of being applied.
 */
export async function logOutClosesScreen(
  app: FastifyInstance,
  refreshCookie: string,
  screen: GameClient,
  roomId: number,
) {
  const out = await app.inject({
    method: 'POST',
    url: '/api/v1/logout',
    cookies: { playshop_refresh: refreshCookie },
  });
  expect(out.statusCode).toBe(204);
  screen.send(roomMessage(roomId, 'room_event', 'close_lobby'));
  expect(await screen.closed).toBe(4403);
}

/** Comes back with a ticket to the socket at `url`: refused before the upgrade, not one frame received. */
export async function expectTicketRefused(url: string, ticket: string) {
  const back = gameClient(url, ticket, 'resume');
  await expect(back.opened).rejects.toThrow(/401/);
  await back.closed;
  expect(back.all).toEqual([]);
}
