import {
  type CreateRoomInput,
  ERRORS,
  JOIN_TEXTS,
  type JoinInfo,
  ROOM_TEXTS,
  type RoomReply,
  type RoomSessionReply,
} from '@playshop/shared';
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { ContentService } from '../content/service';
import type { Db } from '../db/client';
import {
  content,
  gameEvents,
  games,
  organizations,
  orgWorkshops,
  questions,
  roomSessions,
  rooms,
  sessionContent,
  sessions,
  users,
  workshops,
} from '../db/schema';
import type { GameEvent } from '../game/engine';
import { type Actor, assertOrgScope, isSuperAdmin } from '../http/actor';
import { isUniqueViolation } from '../http/db-errors';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import { eventLogCsv, gameReportCsv, type LoggedEvent } from './game-report';
import { currentJoinCode, openGameId, replaceJoinCode, resolveJoinCode } from './join-codes';

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

  /** The room, if the actor's organization owns it (any room for a super admin). */
  async function roomFor(actor: Actor, roomId: number) {
    const [room] = await db.select().from(rooms).where(eq(rooms.id, roomId)).limit(1);
    if (!room) throw notFound(ERRORS.roomNotFound);
    assertOrgScope(actor, room.orgId, ERRORS.roomNotFound);
    return room;
  }

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

  /** Whether guests may join the room now: its own choice, else its organization's setting. */
  async function guestRule(room: typeof rooms.$inferSelect) {
    const [org] = await db
      .select({ allowGuests: organizations.allowGuests })
      .from(organizations)
      .where(eq(organizations.id, room.orgId));
    return {
      guestsAllowed: room.allowGuests ?? org?.allowGuests ?? false,
      roomAllowsGuests: room.allowGuests,
    };
  }

  return {
    async create(actor: Actor, input: CreateRoomInput): Promise<RoomReply> {
      const orgId = isSuperAdmin(actor) ? (input.orgId ?? actor.orgId) : actor.orgId;
      if (orgId !== actor.orgId) {
        const [org] = await db
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.id, orgId));
        if (!org) throw notFound(ERRORS.organizationNotFound);
      }
      const [workshop] = await db.select().from(workshops).where(eq(workshops.id, input.workshopId));
      // Admins build rooms on the workshops linked to their organization; a super admin on any.
      const [link] = workshop
        ? await db
            .select({ id: orgWorkshops.id })
            .from(orgWorkshops)
            .where(and(eq(orgWorkshops.orgId, orgId), eq(orgWorkshops.workshopId, workshop.id)))
        : [];
      if (!workshop || (!link && !isSuperAdmin(actor))) throw notFound('Workshop not found');
      const [{ n }] = (await db
        .select({ n: count() })
        .from(sessions)
        .where(eq(sessions.workshopId, workshop.id))) as [{ n: number }];
      if (n === 0) throw badRequest(ROOM_TEXTS.workshopNeedsSession, 'workshopId');
      const [taken] = await db
        .select({ id: rooms.id })
        .from(rooms)
        .where(and(eq(rooms.orgId, orgId), sql`lower(${rooms.name}) = ${input.name.toLowerCase()}`));
      if (taken) throw conflict(ROOM_TEXTS.duplicateName);
      // The unique index decides between two creates of the same name at once.
      const [room] = await db
        .insert(rooms)
        .values({ name: input.name, orgId, workshopId: workshop.id })
        .returning()
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? conflict(ROOM_TEXTS.duplicateName) : error;
        });
      const [presented] = await present([{ ...room!, workshopName: workshop.name }]);
      return presented!;
    },

    onOpenLobby(opener: NonNullable<typeof lobbyOpener>) {
      lobbyOpener = opener;
    },

    /** Opens the room's lobby from a list (a new game once the last one ended), as the game screen does. */
    async openLobby(actor: Actor, roomId: number): Promise<void> {
      const room = await roomFor(actor, roomId);
      const result = await lobbyOpener?.(actor, room.id);
      if (result && 'error' in result) throw conflict(result.error);
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
      if (!session) throw new AppError('NOT_FOUND', 404, ROOM_TEXTS.sessionNotInWorkshop);
      await ensureRoomSession(actor, room);
      const [row] = await db
        .update(roomSessions)
        .set({ currentSessionId: session.id, userId: actor.userId })
        .where(eq(roomSessions.roomId, room.id))
        .returning();
      for (const listener of sessionListeners) await listener(actor, room.id, session.id);
      return presentRoomSession(row!);
    },

    /**
     * The room's game report as CSV (rooms/game-report.ts): per round the players with their card and
     * bingo, the balls in order, the content sent by title, the winners. `log` gives the raw event log.
     */
    async report(
      actor: Actor,
      roomId: number,
      kind: 'report' | 'log' = 'report',
    ): Promise<{ filename: string; csv: string }> {
      const room = await roomFor(actor, roomId);
      const rows = await db
        .select({
          gameId: games.id,
          seq: gameEvents.seq,
          at: gameEvents.createdAt,
          type: gameEvents.type,
          payload: gameEvents.payload,
          by: sql<string | null>`coalesce(${users.username}, ${users.email})`,
        })
        .from(gameEvents)
        .innerJoin(games, eq(games.id, gameEvents.gameId))
        .leftJoin(users, eq(users.id, gameEvents.actorUserId))
        .where(and(eq(games.roomId, room.id), gt(gameEvents.seq, 0)))
        .orderBy(asc(games.id), asc(gameEvents.seq));
      const events: LoggedEvent[] = rows.map((r) => ({
        gameId: r.gameId,
        seq: r.seq,
        at: r.at,
        by: r.by,
        event: { type: r.type, ...(r.payload as object) } as GameEvent,
      }));
      const contentIds = [
        ...new Set(events.flatMap((e) => (e.event.type === 'content_sent' ? [e.event.contentId] : []))),
      ].filter(Number.isInteger);
      const titles = new Map(
        contentIds.length
          ? (
              await db
                .select({ id: content.id, title: content.title })
                .from(content)
                .where(inArray(content.id, contentIds))
            ).map((c) => [c.id, c.title])
          : [],
      );
      const contentTitle = (id: number) => titles.get(id);
      // A question's own words for the report's Question column (the title names it in the library).
      const questionTexts = new Map(
        contentIds.length
          ? (
              await db
                .select({ id: questions.contentId, text: questions.question })
                .from(questions)
                .where(inArray(questions.contentId, contentIds))
            ).map((q) => [q.id, q.text])
          : [],
      );
      const questionText = (id: number) => questionTexts.get(id) || undefined;
      const safeName = room.name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'room';
      if (kind === 'log')
        return { filename: `${safeName}-event-log.csv`, csv: eventLogCsv(events, { contentTitle }) };
      const [names] = await db
        .select({ orgName: organizations.name, workshopName: workshops.name })
        .from(rooms)
        .innerJoin(organizations, eq(organizations.id, rooms.orgId))
        .innerJoin(workshops, eq(workshops.id, rooms.workshopId))
        .where(eq(rooms.id, room.id));
      const csv = gameReportCsv(events, {
        roomName: room.name,
        orgName: names?.orgName ?? '',
        workshopName: names?.workshopName ?? '',
        contentTitle,
        questionText,
        generatedAt: new Date(),
      });
      return { filename: `${safeName}-report.csv`, csv };
    },

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

    /** The room's join code for its facilitator screen (it lasts until replaced), with its guest rule. */
    async joinCode(actor: Actor, roomId: number) {
      const room = await roomFor(actor, roomId);
      return { code: await currentJoinCode(db, room), ...(await guestRule(room)) };
    },

    /** A new code on demand: the old one answers 'This code has been replaced'. */
    async replaceJoinCode(actor: Actor, roomId: number) {
      const room = await roomFor(actor, roomId);
      return joinCodeChanged(room.id, { code: await replaceJoinCode(db, room), ...(await guestRule(room)) });
    },

    /** The facilitator allows or refuses guests for this room; null follows the organization again. */
    async setGuests(actor: Actor, roomId: number, allowGuests: boolean | null) {
      const room = await roomFor(actor, roomId);
      const [updated] = await db.update(rooms).set({ allowGuests }).where(eq(rooms.id, room.id)).returning();
      return joinCodeChanged(room.id, {
        code: await currentJoinCode(db, updated!),
        ...(await guestRule(updated!)),
      });
    },

    /** What a phone sees at /join/{code}, before anyone signs in. */
    async joinInfo(code: string): Promise<JoinInfo> {
      const room = await resolveJoinCode(db, code);
      return {
        code,
        roomId: room.roomId,
        roomName: room.roomName,
        org: room.orgName,
        orgId: room.orgId,
        guestsAllowed: room.guestsAllowed,
        lobbyOpen: room.gameId !== null,
      };
    },

    /** Deletes the guests who joined through this room, once its game is over; answers how many. */
    async removeGuests(actor: Actor, roomId: number): Promise<number> {
      const room = await roomFor(actor, roomId);
      if ((await openGameId(db, room.id)) !== null) throw conflict(JOIN_TEXTS.closeLobbyFirst);
      const removed = await db
        .delete(users)
        .where(and(eq(users.guestRoomId, room.id), eq(users.isGuest, true)))
        .returning({ id: users.id });
      return removed.length;
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
