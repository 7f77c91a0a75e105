import { z } from 'zod/mini';
import { ZContentReply } from './content';
import { endpoints, PATCH, POST } from './endpoint';
import { zId } from './input';

/**
 * A room's current session, the facilitator's (SPEC's room-session paths). Apart from ROOM_API: its
 * reply carries content, and the content contract is not on a phone's way to a card (bench:web).
 */

/** POST /check-and-create-room-session: the spec's `{roomSession}` wrapper. */
export const ZCheckRoomSession = z.object({
  roomSession: z.object({
    roomId: zId(),
    userId: z.optional(zId()),
    workshopId: z.optional(zId()),
  }),
});

/** PATCH /update-room-session. `currentSectionId` is the session to deliver next. */
export const ZUpdateRoomSession = z.object({
  roomId: zId(),
  userId: z.optional(zId()),
  currentSectionId: zId(),
});

export const ZRoomSessionReply = z.object({
  id: z.number().check(z.int()),
  roomId: z.number().check(z.int()),
  userId: z.nullable(z.number().check(z.int())),
  workshopId: z.number().check(z.int()),
  currentSessionId: z.nullable(z.number().check(z.int())),
  currentSession: z.nullable(
    z.object({
      id: z.number().check(z.int()),
      name: z.string(),
      orderIndex: z.number().check(z.int()),
      sessionContent: z.array(
        z.object({
          orderIndex: z.number().check(z.int()),
          contentBaseId: z.number().check(z.int()),
          content: ZContentReply,
        }),
      ),
    }),
  ),
});
export type RoomSessionReply = z.infer<typeof ZRoomSessionReply>;

export const ROOM_SESSION_API = endpoints(['rooms'], {
  checkAndCreateSession: POST(
    {
      path: '/check-and-create-room-session',
      body: ZCheckRoomSession,
      reply: ZRoomSessionReply,
      access: 'runRooms',
    },
    "The room's current session with its content, created at orderIndex 0 when missing",
  ),
  updateSession: PATCH(
    { path: '/update-room-session', body: ZUpdateRoomSession, reply: ZRoomSessionReply, access: 'runRooms' },
    'Move the room to another session of its workshop (currentSectionId)',
  ),
});
