import { type CreateRoomInput, type Language, message, type RoomReply } from '@playshop/shared';
import { asc, eq } from 'drizzle-orm';
import type { ContentService } from '../content/service';
import type { Db } from '../db/client';
import { organizations, rooms } from '../db/schema';
import type { JoinCodeListener, LobbyOpener } from '../game/room-changes';
import { type Actor, orgInScope, roomInScope } from '../http/actor';
import { conflict, UnavailableError } from '../http/errors';
import type { SessionEnds } from '../sessions/sessions';
import { createRoom } from './create';
import { roomJoiningService } from './joining-service';
import { presentRoom, presentRooms, roomRows } from './presenting';
import { roomReport } from './report';
import { roomSessionService } from './room-sessions';

/**
 * Rooms: list, language, lobby, removal here; create (create.ts), joining (joining-service.ts), the room's
 * session (room-sessions.ts), its report (report.ts), presenting (presenting.ts).
 */
export function roomsService(db: Db, contentSvc: ContentService, ends: SessionEnds) {
  /** The live game's Open Lobby (app.ts): answers the game's refusal, if any. */
  let lobbyOpener: LobbyOpener | null = null;
  /** Told when a room's code or guest rule changes, so every staff screen in the room shows it (app.ts). */
  let joinCodeListener: JoinCodeListener | null = null;
  const joinCodeChanged = <T extends { code: string }>(roomId: number, reply: T): T => {
    joinCodeListener?.(roomId, reply.code);
    return reply;
  };

  const roomFor = (actor: Actor, roomId: number) => roomInScope(db, actor, roomId);

  return {
    create: (actor: Actor, input: CreateRoomInput) => createRoom(db, actor, input),

    /** The room's own language, or null to follow its organization's; a live room uses it from its next game. */
    async setLanguage(actor: Actor, roomId: number, language: Language | null): Promise<RoomReply> {
      const room = await roomFor(actor, roomId);
      await db.update(rooms).set({ language }).where(eq(rooms.id, room.id));
      return presentRoom(db, room.id);
    },

    onOpenLobby(opener: LobbyOpener) {
      lobbyOpener = opener;
    },

    /** Opens the room's lobby from a list (a new game once the last one ended), as the game screen does. */
    async openLobby(actor: Actor, roomId: number): Promise<void> {
      const room = await roomFor(actor, roomId);
      const result = await lobbyOpener?.(actor, room.id);
      // The live game away for a moment (the database or Redis): an outage's 503, not a conflict.
      if (result && 'error' in result && result.error === 'game.unavailable') throw new UnavailableError();
      if (result && 'error' in result) throw conflict(message(result.error));
    },

    onJoinCodeChanged(listener: JoinCodeListener) {
      joinCodeListener = listener;
    },

    /** Removes the room with its games and room session. */
    async remove(actor: Actor, roomId: number): Promise<void> {
      const room = await roomFor(actor, roomId);
      await db.delete(rooms).where(eq(rooms.id, room.id));
    },

    ...roomSessionService(db, contentSvc),

    report: (actor: Actor, roomId: number, kind?: 'report' | 'log') => roomReport(db, actor, roomId, kind),

    async listByOrgName(actor: Actor, orgName: string): Promise<RoomReply[]> {
      const org = await orgInScope(db, actor, eq(organizations.name, orgName));
      return presentRooms(
        db,
        await roomRows(db).where(eq(rooms.orgId, org.id)).orderBy(asc(rooms.name), asc(rooms.id)),
      );
    },

    ...roomJoiningService(db, joinCodeChanged, ends),

    async getById(actor: Actor, id: number): Promise<RoomReply> {
      return presentRoom(db, (await roomFor(actor, id)).id);
    },
  };
}

export type RoomsService = ReturnType<typeof roomsService>;
