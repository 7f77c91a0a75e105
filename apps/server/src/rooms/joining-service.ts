import { type JoinInfo, message, roomLanguage } from '@playshop/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { roomBrandingOf } from '../branding/service';
import type { Db } from '../db/client';
import { organizations, rooms, signInSessions, users } from '../db/schema';
import { openGameId } from '../game/open-game';
import { type Actor, roomInScope } from '../http/actor';
import { conflict } from '../http/errors';
import type { SessionEnds } from '../sessions/sessions';
import { currentJoinCode, replaceJoinCode, resolveJoinCode } from './join-codes';

/** Whether guests may join the room now: its own choice, else its organization's setting. */
async function guestRule(db: Db, room: typeof rooms.$inferSelect) {
  const [org] = await db
    .select({ allowGuests: organizations.allowGuests })
    .from(organizations)
    .where(eq(organizations.id, room.orgId));
  return {
    guestsAllowed: room.allowGuests ?? org?.allowGuests ?? false,
    roomAllowsGuests: room.allowGuests,
  };
}

/** What a phone sees at /join/{code}, before anyone signs in. */
async function joinInfo(db: Db, code: string): Promise<JoinInfo> {
  const room = await resolveJoinCode(db, code);
  // After the code resolved: a bogus code has had its 404 already (issue 30), so this tells nothing new.
  const [org] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      brandPrimary: organizations.brandPrimary,
      brandAccent: organizations.brandAccent,
      logoKey: organizations.logoKey,
    })
    .from(organizations)
    .where(eq(organizations.id, room.orgId));
  return {
    code,
    roomId: room.roomId,
    roomName: room.roomName,
    org: room.orgName,
    orgId: room.orgId,
    guestsAllowed: room.guestsAllowed,
    lobbyOpen: room.gameId !== null,
    branding: org ? roomBrandingOf(org) : null,
    language: roomLanguage(room.language, null),
  };
}

/** Deletes the guests who joined through this room (its game over); answers how many. */
async function removeGuests(db: Db, ends: SessionEnds, roomId: number): Promise<number> {
  if ((await openGameId(db, roomId)) !== null) throw conflict(message('join.closeLobbyFirst'));
  // Their sessions end everywhere first: a ticket or socket of theirs is refused at once.
  await ends.end(
    inArray(
      signInSessions.userId,
      db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.guestRoomId, roomId), eq(users.isGuest, true))),
    ),
    'deleted',
  );
  const removed = await db
    .delete(users)
    .where(and(eq(users.guestRoomId, roomId), eq(users.isGuest, true)))
    .returning({ id: users.id });
  return removed.length;
}

/** Joining a room: its join code and guest rule for the facilitator, what a phone sees at /join/{code}. */
export function roomJoiningService(
  db: Db,
  /** Tells every staff screen in the room of a new code or guest rule (rooms service → app.ts). */
  changed: <T extends { code: string }>(roomId: number, reply: T) => T,
  /** Where sessions end: a removed guest's end first (sessions/sessions.ts). */
  ends: SessionEnds,
) {
  const roomFor = (actor: Actor, roomId: number) => roomInScope(db, actor, roomId);

  return {
    /** The room's join code for its facilitator screen (it lasts until replaced), with its guest rule. */
    async joinCode(actor: Actor, roomId: number) {
      const room = await roomFor(actor, roomId);
      return { code: await currentJoinCode(db, room), ...(await guestRule(db, room)) };
    },

    /** A new code on demand: the old one answers 'This code has been replaced'. */
    async replaceJoinCode(actor: Actor, roomId: number) {
      const room = await roomFor(actor, roomId);
      return changed(room.id, { code: await replaceJoinCode(db, room), ...(await guestRule(db, room)) });
    },

    /** The facilitator allows or refuses guests for this room; null follows the organization again. */
    async setGuests(actor: Actor, roomId: number, allowGuests: boolean | null) {
      const room = await roomFor(actor, roomId);
      const [updated] = await db.update(rooms).set({ allowGuests }).where(eq(rooms.id, room.id)).returning();
      return changed(room.id, {
        code: await currentJoinCode(db, updated!),
        ...(await guestRule(db, updated!)),
      });
    },

    /** What a phone sees at /join/{code}, before anyone signs in. */
    joinInfo: (code: string) => joinInfo(db, code),

    /** Deletes the guests who joined through this room, once its game is over; answers how many. */
    async removeGuests(actor: Actor, roomId: number): Promise<number> {
      const room = await roomFor(actor, roomId);
      return removeGuests(db, ends, room.id);
    },
  };
}
