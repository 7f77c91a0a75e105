import { ERRORS, type RoomReply } from '@playshop/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizations, rooms, sessions, workshops } from '../db/schema';
import { type Actor, assertOrgScope } from '../http/actor';
import { notFound } from '../http/errors';

export function roomsService(db: Db) {
  /** Rooms with their workshop and its sessions in order, in two queries whatever the count. */
  async function present(
    rows: { id: number; name: string; orgId: number; workshopId: number; workshopName: string }[],
  ) {
    const workshopIds = [...new Set(rows.map((r) => r.workshopId))];
    const sessionRows = workshopIds.length
      ? await db
          .select({
            id: sessions.id,
            name: sessions.name,
            orderIndex: sessions.orderIndex,
            workshopId: sessions.workshopId,
          })
          .from(sessions)
          .where(inArray(sessions.workshopId, workshopIds))
          .orderBy(asc(sessions.orderIndex), asc(sessions.id))
      : [];
    return rows.map(
      (r): RoomReply => ({
        id: r.id,
        name: r.name,
        orgId: r.orgId,
        workshopId: r.workshopId,
        workshop: { id: r.workshopId, name: r.workshopName },
        sessions: sessionRows
          .filter((s) => s.workshopId === r.workshopId)
          .map(({ id, name, orderIndex }) => ({ id, name, orderIndex })),
      }),
    );
  }

  const roomRows = () =>
    db
      .select({
        id: rooms.id,
        name: rooms.name,
        orgId: rooms.orgId,
        workshopId: rooms.workshopId,
        workshopName: workshops.name,
      })
      .from(rooms)
      .innerJoin(workshops, eq(workshops.id, rooms.workshopId));

  return {
    async listByOrgName(actor: Actor, orgName: string): Promise<RoomReply[]> {
      const [org] = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.name, orgName))
        .limit(1);
      if (!org) throw notFound(ERRORS.organizationNotFound);
      assertOrgScope(actor, org.id, ERRORS.organizationNotFound);
      return present(await roomRows().where(eq(rooms.orgId, org.id)).orderBy(asc(rooms.name), asc(rooms.id)));
    },

    async getById(actor: Actor, id: number): Promise<RoomReply> {
      const [row] = await roomRows().where(eq(rooms.id, id)).limit(1);
      if (!row) throw notFound(ERRORS.roomNotFound);
      assertOrgScope(actor, row.orgId, ERRORS.roomNotFound);
      const [room] = await present([row]);
      return room!;
    },
  };
}

export type RoomsService = ReturnType<typeof roomsService>;
