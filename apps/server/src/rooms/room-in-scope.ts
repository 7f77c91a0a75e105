import { message } from '@playshop/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rooms } from '../db/schema';
import { type Actor, orgScope } from '../http/actor';
import { notFound } from '../http/errors';

/** The room, if the actor's organization owns it (any room for a super admin); 404 otherwise. */
export async function roomInScope(db: Db, actor: Actor, roomId: number) {
  const [room] = await db
    .select()
    .from(rooms)
    .where(and(eq(rooms.id, roomId), orgScope(actor, rooms.orgId)))
    .limit(1);
  if (!room) throw notFound(message('errors.roomNotFound'));
  return room;
}
