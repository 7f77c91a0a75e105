import { type CreateRoomInput, message, type RoomReply } from '@playshop/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rooms, sessions, workshops } from '../db/schema';
import { type Actor, orgForWrite, workshopInScope } from '../http/actor';
import { isUniqueViolation } from '../http/db-errors';
import { badRequest, conflict, notFound } from '../http/errors';
import { presentRoom } from './presenting';

/** A new room on a workshop with at least one session, its name unique in its organization. */
export async function createRoom(db: Db, actor: Actor, input: CreateRoomInput): Promise<RoomReply> {
  const orgId = await orgForWrite(db, actor, input.orgId);
  // Admins build rooms on the workshops linked to their organization; a super admin on any.
  const [workshop] = await db
    .select()
    .from(workshops)
    .where(and(eq(workshops.id, input.workshopId), workshopInScope(db, actor, workshops.id)));
  if (!workshop) throw notFound(message('workshops.workshopNotFound'));
  const [{ n }] = (await db
    .select({ n: count() })
    .from(sessions)
    .where(eq(sessions.workshopId, workshop.id))) as [{ n: number }];
  if (n === 0) throw badRequest(message('rooms.workshopNeedsSession'), 'workshopId');
  const [taken] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.orgId, orgId), sql`lower(${rooms.name}) = ${input.name.toLowerCase()}`));
  if (taken) throw conflict(message('rooms.duplicateName'));
  // The unique index decides between two creates of the same name at once.
  const [room] = await db
    .insert(rooms)
    .values({ name: input.name, orgId, workshopId: workshop.id, language: input.language ?? null })
    .returning()
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? conflict(message('rooms.duplicateName')) : error;
    });
  return presentRoom(db, room!.id);
}
