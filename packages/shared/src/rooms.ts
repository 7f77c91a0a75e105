import { z } from 'zod';
import { ZContentReply } from './content';
import { zId, zIdParam, zLine } from './input';
import { VALIDATION } from './messages';

export const ROOM_TEXTS = {
  workshopNeedsSession: 'Workshop must have at least one session before creating a room',
  created: 'Room created successfully',
  deleted: 'Room deleted',
  duplicateName: 'A room with this name already exists in this organization',
  sessionNotInWorkshop: "That session is not part of this room's workshop",
} as const;

/** POST /createroom. A super admin may name the organization; everyone else creates in their own. */
export const ZCreateRoom = z.object({
  name: zLine().trim().min(1, VALIDATION.required).max(100),
  workshopId: zIdParam(VALIDATION.required),
  orgId: zId().optional(),
});
export type CreateRoomInput = z.infer<typeof ZCreateRoom>;

/** POST /check-and-create-room-session: the spec's `{roomSession}` wrapper. */
export const ZCheckRoomSession = z.object({
  roomSession: z.object({
    roomId: zId(),
    userId: zId().optional(),
    workshopId: zId().optional(),
  }),
});

/** PATCH /update-room-session. `currentSectionId` is the session to deliver next. */
export const ZUpdateRoomSession = z.object({
  roomId: zId(),
  userId: zId().optional(),
  currentSectionId: zId(),
});

export const ZRoomSessionReply = z.object({
  id: z.number().int(),
  roomId: z.number().int(),
  userId: z.number().int().nullable(),
  workshopId: z.number().int(),
  currentSessionId: z.number().int().nullable(),
  currentSession: z
    .object({
      id: z.number().int(),
      name: z.string(),
      orderIndex: z.number().int(),
      sessionContent: z.array(
        z.object({ orderIndex: z.number().int(), contentBaseId: z.number().int(), content: ZContentReply }),
      ),
    })
    .nullable(),
});
export type RoomSessionReply = z.infer<typeof ZRoomSessionReply>;
