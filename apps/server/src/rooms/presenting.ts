import { isLanguage, type RoomReply, roomLanguage } from '@playshop/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizations, rooms, workshops } from '../db/schema';
import { sessionsInOrder } from '../workshops/reading';

type RoomRow = {
  id: number;
  name: string;
  orgId: number;
  workshopId: number;
  workshopName: string;
  language: string | null;
  orgLanguage: string;
};

/** Rooms with their workshop and its sessions in order, in two queries whatever the count. */
export async function presentRooms(db: Db, rows: RoomRow[]): Promise<RoomReply[]> {
  const workshopIds = [...new Set(rows.map((r) => r.workshopId))];
  const sessionRows = await sessionsInOrder(db, workshopIds);
  return rows.map(
    (r): RoomReply => ({
      id: r.id,
      name: r.name,
      orgId: r.orgId,
      workshopId: r.workshopId,
      workshop: { id: r.workshopId, name: r.workshopName },
      language: isLanguage(r.language) ? r.language : null,
      effectiveLanguage: roomLanguage(r.language, r.orgLanguage),
      sessions: sessionRows
        .filter((s) => s.workshopId === r.workshopId)
        .map(({ id, name, orderIndex }) => ({ id, name, orderIndex })),
    }),
  );
}

/** The rows presentRooms takes: a room with its workshop's name and its organization's language. */
export const roomRows = (db: Db) =>
  db
    .select({
      id: rooms.id,
      name: rooms.name,
      orgId: rooms.orgId,
      workshopId: rooms.workshopId,
      workshopName: workshops.name,
      language: rooms.language,
      orgLanguage: organizations.language,
    })
    .from(rooms)
    .innerJoin(workshops, eq(workshops.id, rooms.workshopId))
    .innerJoin(organizations, eq(organizations.id, rooms.orgId));

/** One room the caller was already checked for, presented. */
export const presentRoom = async (db: Db, roomId: number) =>
  (await presentRooms(db, await roomRows(db).where(eq(rooms.id, roomId))))[0]!;
