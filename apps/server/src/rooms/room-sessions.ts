import { message, type RoomSessionReply } from '@playshop/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { ContentService } from '../content/service';
import type { Db } from '../db/client';
import { roomSessions, type rooms, sessionContent, sessions } from '../db/schema';
import type { SessionListener } from '../game/room-changes';
import { type Actor, roomInScope } from '../http/actor';
import { AppError } from '../http/errors';

/** The room's room session, created at the workshop's first session when it has none. */
async function ensureRoomSession(db: Db, actor: Actor, room: typeof rooms.$inferSelect) {
  const [existing] = await db.select().from(roomSessions).where(eq(roomSessions.roomId, room.id));
  if (existing) return existing;
  const [first] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.workshopId, room.workshopId))
    .orderBy(asc(sessions.orderIndex), asc(sessions.id))
    .limit(1);
  const [created] = await db
    .insert(roomSessions)
    .values({
      roomId: room.id,
      workshopId: room.workshopId,
      userId: actor.userId,
      currentSessionId: first?.id ?? null,
    })
    .onConflictDoNothing()
    .returning();
  // Two facilitators opening the room together: the second reads what the first created.
  return created ?? (await db.select().from(roomSessions).where(eq(roomSessions.roomId, room.id)))[0]!;
}

async function presentRoomSession(
  db: Db,
  contentSvc: Pick<ContentService, 'present'>,
  row: typeof roomSessions.$inferSelect,
): Promise<RoomSessionReply> {
  let currentSession: RoomSessionReply['currentSession'] = null;
  if (row.currentSessionId !== null) {
    const [session] = await db.select().from(sessions).where(eq(sessions.id, row.currentSessionId));
    if (session) {
      const entries = await db
        .select({ orderIndex: sessionContent.orderIndex, contentId: sessionContent.contentId })
        .from(sessionContent)
        .where(eq(sessionContent.sessionId, session.id))
        .orderBy(asc(sessionContent.orderIndex));
      const presented = await contentSvc.present(entries.map((e) => e.contentId));
      currentSession = {
        id: session.id,
        name: session.name,
        orderIndex: session.orderIndex,
        sessionContent: entries.map((e) => ({
          orderIndex: e.orderIndex,
          contentBaseId: e.contentId,
          content: presented.find((c) => c.id === e.contentId)!,
        })),
      };
    }
  }
  return {
    id: row.id,
    roomId: row.roomId,
    userId: row.userId,
    workshopId: row.workshopId,
    currentSessionId: row.currentSessionId,
    currentSession,
  };
}

/** A room's place in its workshop: which session it is at, moved by hand from a list. */
export function roomSessionService(db: Db, contentSvc: Pick<ContentService, 'present'>) {
  /** Told when a room is moved to another session by hand, so its live game follows (app.ts). */
  const sessionListeners: SessionListener[] = [];
  const present = (row: typeof roomSessions.$inferSelect) => presentRoomSession(db, contentSvc, row);

  return {
    onSessionChanged(listener: SessionListener) {
      sessionListeners.push(listener);
    },

    /** The room's place in its workshop, starting at the session with orderIndex 0. */
    async checkAndCreateSession(actor: Actor, roomId: number): Promise<RoomSessionReply> {
      return present(await ensureRoomSession(db, actor, await roomInScope(db, actor, roomId)));
    },

    async updateSession(actor: Actor, roomId: number, sessionId: number): Promise<RoomSessionReply> {
      const room = await roomInScope(db, actor, roomId);
      const [session] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.workshopId, room.workshopId)));
      if (!session) throw new AppError('NOT_FOUND', 404, message('rooms.sessionNotInWorkshop'));
      await ensureRoomSession(db, actor, room);
      const [row] = await db
        .update(roomSessions)
        .set({ currentSessionId: session.id, userId: actor.userId })
        .where(eq(roomSessions.roomId, room.id))
        .returning();
      for (const listener of sessionListeners) await listener(actor, room.id, session.id);
      return present(row!);
    },
  };
}
