import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { games } from '../db/schema';

/** The room's running game (its lobby is open): the newest game not ended. */
export async function openGameId(db: Db, roomId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.roomId, roomId), isNull(games.endedAt)))
    .orderBy(desc(games.id))
    .limit(1);
  return row?.id ?? null;
}
