import { eq } from 'drizzle-orm';
import { rooms, sessions } from '../../db/schema';
import {
  ADMINS,
  type AuthzRow,
  allowed,
  type MatrixFixture,
  type OrgSide,
  STAFF,
  scoped,
  scopedGet,
} from './core';

const newRoom = async (f: MatrixFixture, side: OrgSide) =>
  (
    await f.database.db
      .insert(rooms)
      .values({ name: f.unique('Room'), orgId: side.org.id, workshopId: side.workshopId })
      .returning({ id: rooms.id })
  )[0]!.id;

/** Rooms: the writes, the room session, join codes and guests. */
export const roomRows: AuthzRow[] = [
  {
    method: 'POST',
    path: '/createroom',
    own: allowed(ADMINS),
    // Another organization's workshop is not found by an admin; a super admin may use any workshop.
    other: scoped(ADMINS),
    request: (f, side) => ({
      url: '/createroom',
      payload: { name: f.unique('Room'), workshopId: side.workshopId },
    }),
  },
  {
    method: 'DELETE',
    path: '/deleteroom/:id',
    own: allowed(ADMINS),
    other: scoped(ADMINS),
    request: async (f, side) => ({ url: `/deleteroom/${await newRoom(f, side)}` }),
  },
  {
    method: 'POST',
    path: '/check-and-create-room-session',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: (_f, side) => ({
      url: '/check-and-create-room-session',
      payload: { roomSession: { roomId: side.roomId } },
    }),
  },
  {
    method: 'PATCH',
    path: '/update-room-session',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: async (f, side) => {
      const [session] = await f.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.workshopId, side.workshopId))
        .limit(1);
      return { url: '/update-room-session', payload: { roomId: side.roomId, currentSectionId: session!.id } };
    },
  },
  scopedGet('/get-room-report/:id', STAFF, (side) => `/get-room-report/${side.roomId}`),
  // Joining: codes are public to whoever holds one; a room's code is its staff's.
  { method: 'GET', path: '/join/:code', anonymous: 404, request: () => ({ url: '/join/ZZZZZZ' }) },
  {
    method: 'POST',
    path: '/guestLogin',
    anonymous: 404,
    request: () => ({ url: '/guestLogin', payload: { code: 'ZZZZZZ', nickname: 'Nobody' } }),
  },
  scopedGet('/rooms/:id/join-code', STAFF, (side) => `/rooms/${side.roomId}/join-code`),
  {
    method: 'POST',
    path: '/rooms/:id/join-code',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: async (f, side) => ({ url: `/rooms/${await newRoom(f, side)}/join-code` }),
  },
  {
    method: 'POST',
    path: '/rooms/:id/lobby',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: async (f, side) => ({ url: `/rooms/${await newRoom(f, side)}/lobby` }),
  },
  {
    method: 'PUT',
    path: '/rooms/:id/guests',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: async (f, side) => ({
      url: `/rooms/${await newRoom(f, side)}/guests`,
      payload: { allowGuests: true },
    }),
  },
  {
    method: 'PUT',
    path: '/rooms/:id/language',
    own: allowed(ADMINS),
    other: scoped(ADMINS),
    request: async (f, side) => ({
      url: `/rooms/${await newRoom(f, side)}/language`,
      payload: { language: 'de' },
    }),
  },
  {
    method: 'DELETE',
    path: '/rooms/:id/guests',
    own: allowed(ADMINS),
    other: scoped(ADMINS),
    request: async (f, side) => ({ url: `/rooms/${await newRoom(f, side)}/guests` }),
  },
];
