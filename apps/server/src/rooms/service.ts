import {
  type CreateRoomInput,
  canPickAnyOrganization,
  isLanguage,
  type Language,
  message,
  messageOfText,
  type RoomReply,
  type RoomSessionReply,
  roomLanguage,
} from '@playshop/shared';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { ContentService } from '../content/service';
import type { Db } from '../db/client';
import { organizations, roomSessions, rooms, sessionContent, sessions, workshops } from '../db/schema';
import { type Actor, orgInScope, orgScope, workshopInScope } from '../http/actor';
import { isUniqueViolation } from '../http/db-errors';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import { roomJoiningService } from './joining-service';
import { roomReport } from './report';
import { roomInScope } from './room-in-scope';

export function roomsService(db: Db, contentSvc: ContentService) {
  /** The live game's Open Lobby (app.ts): answers the game's refusal, if any. */
  let lobbyOpener: ((actor: Actor, roomId: number) => Promise<{ error: string } | { ok: true }>) | null =
    null;
  /** Told when a room is moved to another session by hand, so its live game follows (app.ts). */
  const sessionListeners: ((actor: Actor, roomId: number, sessionId: number) => Promise<unknown>)[] = [];
  /** Told when a room's code or guest rule changes, so every staff screen in the room shows it (app.ts). */
  let joinCodeListener: ((roomId: number, code: string) => void) | null = null;
  const joinCodeChanged = <T extends { code: string }>(roomId: number, reply: T): T => {
    joinCodeListener?.(roomId, reply.code);
    return reply;
  };

  /** Rooms with their workshop and its sessions in order, in two queries whatever the count. */
  async function present(
    rows: {
      id: number;
      name: string;
      orgId: number;
      workshopId: number;
      workshopName: string;
      language: string | null;
      orgLanguage: string;
    }[],
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
        language: isLanguage(r.language) ? r.language : null,
        effectiveLanguage: roomLanguage(r.language, r.orgLanguage),
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
        language: rooms.language,
        orgLanguage: organizations.language,
      })
      .from(rooms)
      .innerJoin(workshops, eq(workshops.id, rooms.workshopId))
      .innerJoin(organizations, eq(organizations.id, rooms.orgId));

  const roomFor = (actor: Actor, roomId: number) => roomInScope(db, actor, roomId);
  /** One room the caller was already checked for, presented. */
  const presentOne = async (roomId: number) =>
    (await present(await roomRows().where(eq(rooms.id, roomId))))[0]!;

  /** The room's room session, created at the workshop's first session when it has none. */
  async function ensureRoomSession(actor: Actor, room: typeof rooms.$inferSelect) {
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

  async function presentRoomSession(row: typeof roomSessions.$inferSelect): Promise<RoomSessionReply> {
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

  return {
    async create(actor: Actor, input: CreateRoomInput): Promise<RoomReply> {
      const orgId = canPickAnyOrganization(actor.role) ? (input.orgId ?? actor.orgId) : actor.orgId;
      if (orgId !== actor.orgId) await orgInScope(db, actor, eq(organizations.id, orgId));
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
      return presentOne(room!.id);
    },

    /** The room's own language, or null to follow its organization's; a live room uses it from its next game. */
    async setLanguage(actor: Actor, roomId: number, language: Language | null): Promise<RoomReply> {
      const room = await roomFor(actor, roomId);
      await db.update(rooms).set({ language }).where(eq(rooms.id, room.id));
      return presentOne(room.id);
    },

    onOpenLobby(opener: NonNullable<typeof lobbyOpener>) {
      lobbyOpener = opener;
    },

    /** Opens the room's lobby from a list (a new game once the last one ended), as the game screen does. */
    async openLobby(actor: Actor, roomId: number): Promise<void> {
      const room = await roomFor(actor, roomId);
      const result = await lobbyOpener?.(actor, room.id);
      if (result && 'error' in result)
        throw conflict(messageOfText(result.error) ?? message('game.somethingWentWrong'));
    },

    onJoinCodeChanged(listener: NonNullable<typeof joinCodeListener>) {
      joinCodeListener = listener;
    },

    onSessionChanged(listener: (actor: Actor, roomId: number, sessionId: number) => Promise<unknown>) {
      sessionListeners.push(listener);
    },

    /** Removes the room with its games and room session. */
    async remove(actor: Actor, roomId: number): Promise<void> {
      const room = await roomFor(actor, roomId);
      await db.delete(rooms).where(eq(rooms.id, room.id));
    },

    /** The room's place in its workshop, starting at the session with orderIndex 0. */
    async checkAndCreateSession(actor: Actor, roomId: number): Promise<RoomSessionReply> {
      return presentRoomSession(await ensureRoomSession(actor, await roomFor(actor, roomId)));
    },

    async updateSession(actor: Actor, roomId: number, sessionId: number): Promise<RoomSessionReply> {
      const room = await roomFor(actor, roomId);
      const [session] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.workshopId, room.workshopId)));
      if (!session) throw new AppError('NOT_FOUND', 404, message('rooms.sessionNotInWorkshop'));
      await ensureRoomSession(actor, room);
      const [row] = await db
        .update(roomSessions)
        .set({ currentSessionId: session.id, userId: actor.userId })
        .where(eq(roomSessions.roomId, room.id))
        .returning();
      for (const listener of sessionListeners) await listener(actor, room.id, session.id);
      return presentRoomSession(row!);
    },

    report: (actor: Actor, roomId: number, kind?: 'report' | 'log') => roomReport(db, actor, roomId, kind),

    async listByOrgName(actor: Actor, orgName: string): Promise<RoomReply[]> {
      const org = await orgInScope(db, actor, eq(organizations.name, orgName));
      return present(await roomRows().where(eq(rooms.orgId, org.id)).orderBy(asc(rooms.name), asc(rooms.id)));
    },

    ...roomJoiningService(db, joinCodeChanged),

    async getById(actor: Actor, id: number): Promise<RoomReply> {
      const [row] = await roomRows()
        .where(and(eq(rooms.id, id), orgScope(actor, rooms.orgId)))
        .limit(1);
      if (!row) throw notFound(message('errors.roomNotFound'));
      const [room] = await present([row]);
      return room!;
    },
  };
}

export type RoomsService = ReturnType<typeof roomsService>;
