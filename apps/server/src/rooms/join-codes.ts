import { randomInt as cryptoRandomInt } from 'node:crypto';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, JOIN_TEXTS } from '@playshop/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { games, organizations, rooms } from '../db/schema';
import { isUniqueViolation } from '../http/db-errors';
import { notFound } from '../http/errors';

type RandomInt = (max: number) => number;

/** A fresh code of JOIN_CODE_LENGTH characters from JOIN_CODE_ALPHABET. */
function generateJoinCode(randomInt: RandomInt = cryptoRandomInt): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

/** The room's running game (its lobby is open): the newest game not ended. */
export async function openGameId(db: Db, roomId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.roomId, roomId), isNull(games.endedAt)))
    .orderBy(desc(games.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Gives the room a new code, bound to `gameId` (null: to the next lobby that opens). A code taken by
 * another room (one chance in millions) is drawn again. The game's lobby-open path may call this for
 * each new game; without it, `currentJoinCode` renews the code when the facilitator next shows it.
 */
async function issueJoinCode(
  db: Db,
  roomId: number,
  gameId: number | null,
  randomInt: RandomInt = cryptoRandomInt,
): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const code = generateJoinCode(randomInt);
    try {
      await db.update(rooms).set({ joinCode: code, joinCodeGameId: gameId }).where(eq(rooms.id, roomId));
      return code;
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 10) throw err;
    }
  }
}

/**
 * The code to show for a room. It never changes while a lobby is open (players are typing it): a
 * code is bound to the game whose lobby it served, and renewed only once that game is over and no
 * other is open, so each new lobby gets a new code and a past workshop's code stops working.
 */
export async function currentJoinCode(
  db: Db,
  room: { id: number; joinCode: string | null; joinCodeGameId: number | null },
): Promise<string> {
  const gameId = await openGameId(db, room.id);
  if (!room.joinCode) return issueJoinCode(db, room.id, gameId);
  if (gameId !== null) {
    if (room.joinCodeGameId !== gameId) await bindToGame(db, room.id, gameId);
    return room.joinCode;
  }
  return room.joinCodeGameId === null ? room.joinCode : issueJoinCode(db, room.id, null);
}

async function bindToGame(db: Db, roomId: number, gameId: number): Promise<void> {
  await db.update(rooms).set({ joinCodeGameId: gameId }).where(eq(rooms.id, roomId));
}

export interface ResolvedJoinCode {
  roomId: number;
  roomName: string;
  orgId: number;
  orgName: string;
  orgExpiry: string | null;
  guestsAllowed: boolean;
  /** The open game, or null when the lobby is not open. */
  gameId: number | null;
}

/** The room a code opens, or 404 'Unknown room code'; `gameId` is null when its lobby is not open. */
export async function resolveJoinCode(db: Db, code: string): Promise<ResolvedJoinCode> {
  const [row] = await db
    .select({
      roomId: rooms.id,
      roomName: rooms.name,
      codeGameId: rooms.joinCodeGameId,
      orgId: organizations.id,
      orgName: organizations.name,
      orgExpiry: organizations.expiry,
      guestsAllowed: organizations.allowGuests,
    })
    .from(rooms)
    .innerJoin(organizations, eq(organizations.id, rooms.orgId))
    .where(eq(rooms.joinCode, code))
    .limit(1);
  if (!row) throw notFound(JOIN_TEXTS.unknownCode);
  const { codeGameId, ...rest } = row;
  const gameId = await openGameId(db, row.roomId);
  if (gameId !== null && codeGameId !== gameId) await bindToGame(db, row.roomId, gameId);
  return { ...rest, gameId };
}
