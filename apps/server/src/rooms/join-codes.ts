import { randomInt as cryptoRandomInt } from 'node:crypto';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, message } from '@playshop/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { hasRow } from '../db/has-row';
import { organizations, replacedJoinCodes, rooms } from '../db/schema';
import { openGameId } from '../game/open-game';
import { isUniqueViolation } from '../http/db-errors';
import { AppError, notFound } from '../http/errors';

type RandomInt = (max: number) => number;

/** A fresh code of JOIN_CODE_LENGTH characters from JOIN_CODE_ALPHABET. */
function generateJoinCode(randomInt: RandomInt = cryptoRandomInt): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

/** Stores a fresh code for the room; a code taken by another room (one chance in millions) is drawn again. */
async function issueJoinCode(
  db: Db,
  roomId: number,
  randomInt: RandomInt,
  /** Only for a room without a code: two screens asking at once get the same one. */
  onlyIfNone = false,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const code = generateJoinCode(randomInt);
    try {
      await db
        .update(rooms)
        .set({ joinCode: code })
        .where(onlyIfNone ? and(eq(rooms.id, roomId), isNull(rooms.joinCode)) : eq(rooms.id, roomId));
      // A code drawn again after it was replaced somewhere is live again: it opens this room.
      await db.delete(replacedJoinCodes).where(eq(replacedJoinCodes.code, code));
      return;
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 10) throw err;
    }
  }
}

/**
 * The code to show for a room: issued once and kept across games and sessions, so a QR code put on
 * slides or handouts before the day works all day (docs/decisions.md, Joining).
 */
export async function currentJoinCode(
  db: Db,
  room: { id: number; joinCode: string | null },
): Promise<string> {
  if (room.joinCode) return room.joinCode;
  await issueJoinCode(db, room.id, cryptoRandomInt, true);
  return storedCode(db, room.id);
}

async function storedCode(db: Db, roomId: number): Promise<string> {
  const [row] = await db.select({ code: rooms.joinCode }).from(rooms).where(eq(rooms.id, roomId));
  if (!row?.code) throw notFound(message('join.unknownCode'));
  return row.code;
}

/** A new code on the facilitator's demand; the old one then answers join.codeReplaced. */
export async function replaceJoinCode(
  db: Db,
  room: { id: number; joinCode: string | null },
  randomInt: RandomInt = cryptoRandomInt,
): Promise<string> {
  if (room.joinCode) {
    await db
      .insert(replacedJoinCodes)
      .values({ code: room.joinCode, roomId: room.id })
      .onConflictDoUpdate({
        target: replacedJoinCodes.code,
        set: { roomId: room.id, replacedAt: new Date() },
      });
  }
  await issueJoinCode(db, room.id, randomInt);
  return storedCode(db, room.id);
}

/** A code that is no room's now: 410 with 'This code has been replaced' when a facilitator replaced it. */
export async function unknownCodeError(db: Db, code: string): Promise<AppError> {
  return (await hasRow(db, replacedJoinCodes.code, code))
    ? new AppError('CODE_REPLACED', 410, message('join.codeReplaced'))
    : notFound(message('join.unknownCode'));
}

export interface ResolvedJoinCode {
  roomId: number;
  roomName: string;
  orgId: number;
  orgName: string;
  orgExpiry: string | null;
  guestsAllowed: boolean;
  /** The room's language: its own, else its organization's. */
  language: string;
  /** The open game, or null when the lobby is not open. */
  gameId: number | null;
}

/** The room a code opens, or 404 'Unknown room code'; `gameId` is null when its lobby is not open. */
export async function resolveJoinCode(db: Db, code: string): Promise<ResolvedJoinCode> {
  const [row] = await db
    .select({
      roomId: rooms.id,
      roomName: rooms.name,
      orgId: organizations.id,
      orgName: organizations.name,
      orgExpiry: organizations.expiry,
      // The room's own choice when the facilitator made one, else the organization's setting.
      guestsAllowed: sql<boolean>`coalesce(${rooms.allowGuests}, ${organizations.allowGuests})`,
      language: sql<string>`coalesce(${rooms.language}, ${organizations.language})`,
    })
    .from(rooms)
    .innerJoin(organizations, eq(organizations.id, rooms.orgId))
    .where(eq(rooms.joinCode, code))
    .limit(1);
  if (!row) throw await unknownCodeError(db, code);
  return { ...row, gameId: await openGameId(db, row.roomId) };
}
