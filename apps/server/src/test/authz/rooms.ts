import { eq } from 'drizzle-orm';
import { rooms, sessions } from '../../db/schema';
import type { AuthzRow, MatrixFixture, OrgSide } from './core';
import { ADMINS, publicPost, row, STAFF, scopedGet, scopedTo } from './core';

const newRoom = async (f: MatrixFixture, side: OrgSide) =>
  (
    await f.database.db
      .insert(rooms)
      .values({ name: f.unique('Room'), orgId: side.org.id, workshopId: side.workshopId })
      .returning({ id: rooms.id })
  )[0]!.id;

/** Rooms: the writes, the room session, join codes and guests. */
export const roomRows: AuthzRow[] = [
  // Another organization's workshop is not found by an admin; a super admin may use any workshop.
  row('POST', '/createroom', scopedTo(ADMINS), (f, side) => ({
    url: '/createroom',
    payload: { name: f.unique('Room'), workshopId: side.workshopId },
  })),
  row('DELETE', '/deleteroom/:id', scopedTo(ADMINS), async (f, side) => ({
    url: `/deleteroom/${await newRoom(f, side)}`,
  })),
  row('POST', '/check-and-create-room-session', scopedTo(STAFF), (_f, side) => ({
    url: '/check-and-create-room-session',
    payload: { roomSession: { roomId: side.roomId } },
  })),
  row('PATCH', '/update-room-session', scopedTo(STAFF), async (f, side) => {
    const [session] = await f.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.workshopId, side.workshopId))
      .limit(1);
    return { url: '/update-room-session', payload: { roomId: side.roomId, currentSectionId: session!.id } };
  }),
  scopedGet('/get-room-report/:id', STAFF, (side) => `/get-room-report/${side.roomId}`),
  // Joining: codes are public to whoever holds one; a room's code is its staff's.
  row('GET', '/join/:code', { anonymous: 404 }, () => ({ url: '/join/ZZZZZZ' })),
  publicPost('/guestLogin', 404, { code: 'ZZZZZZ', nickname: 'Nobody' }),
  scopedGet('/rooms/:id/join-code', STAFF, (side) => `/rooms/${side.roomId}/join-code`),
  row('POST', '/rooms/:id/join-code', scopedTo(STAFF), async (f, side) => ({
    url: `/rooms/${await newRoom(f, side)}/join-code`,
  })),
  row('POST', '/rooms/:id/lobby', scopedTo(STAFF), async (f, side) => ({
    url: `/rooms/${await newRoom(f, side)}/lobby`,
  })),
  row('PUT', '/rooms/:id/guests', scopedTo(STAFF), async (f, side) => ({
    url: `/rooms/${await newRoom(f, side)}/guests`,
    payload: { allowGuests: true },
  })),
  row('PUT', '/rooms/:id/language', scopedTo(ADMINS), async (f, side) => ({
    url: `/rooms/${await newRoom(f, side)}/language`,
    payload: { language: 'de' },
  })),
  row('DELETE', '/rooms/:id/guests', scopedTo(ADMINS), async (f, side) => ({
    url: `/rooms/${await newRoom(f, side)}/guests`,
  })),
];
