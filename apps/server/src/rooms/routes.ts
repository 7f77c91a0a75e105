import {
  JOIN_TEXTS,
  ROOM_TEXTS,
  ZCheckRoomSession,
  ZCreateRoom,
  ZErrorReply,
  ZIdParam,
  ZJoinCode,
  ZJoinInfo,
  ZMessageReply,
  ZRoomJoinCode,
  ZRoomReply,
  ZRoomSessionReply,
  ZUpdateRoomSession,
  zLine,
} from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../http/actor';
import type { RoomsService } from './service';

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply };

/** What the join link of the facilitator screen is built on (PUBLIC_URL, else the network addresses). */
interface JoinLinkBase {
  publicUrl: string | null;
  networkAddresses: () => string[];
}

/** Per IP: a room code has 887 million values, so guessing one at this pace takes years. */
const JOIN_INFO_PER_IP = { max: 120, timeWindow: 60_000 };

export function roomRoutes(app: FastifyInstance, rooms: RoomsService, joinLinks: JoinLinkBase): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/join/:code',
    {
      config: { public: true, rateLimit: JOIN_INFO_PER_IP },
      schema: {
        tags: ['joining'],
        summary:
          "The room a join code opens: its name, organization, whether guests may join and the lobby's state",
        params: z.object({ code: ZJoinCode }),
        response: { 200: ZJoinInfo, ...errors, 429: ZErrorReply },
      },
    },
    async (req) => rooms.joinInfo(req.params.code),
  );

  r.get(
    '/rooms/:id/join-code',
    {
      schema: {
        tags: ['joining'],
        summary: "The room's join code for the facilitator screen, with PUBLIC_URL and the network addresses",
        params: ZIdParam,
        response: { 200: ZRoomJoinCode, ...errors },
      },
    },
    async (req) => ({
      code: await rooms.joinCode(requirePermission(req, 'runRooms'), req.params.id),
      publicUrl: joinLinks.publicUrl,
      networkAddresses: joinLinks.publicUrl ? [] : joinLinks.networkAddresses(),
    }),
  );

  r.delete(
    '/rooms/:id/guests',
    {
      schema: {
        tags: ['joining'],
        summary: 'Remove every guest who joined through this room, once its game is over (admins)',
        params: ZIdParam,
        response: { 200: z.object({ message: z.string(), removed: z.number().int() }), ...errors },
      },
    },
    async (req) => ({
      message: JOIN_TEXTS.guestsRemoved,
      removed: await rooms.removeGuests(requirePermission(req, 'manageRooms'), req.params.id),
    }),
  );

  r.get(
    '/getroomsbyorgname/:org',
    {
      schema: {
        tags: ['rooms'],
        summary: "An organization's rooms (the caller's own unless super admin)",
        params: z.object({ org: zLine().min(1).max(200) }),
        response: { 200: z.array(ZRoomReply), ...errors },
      },
    },
    async (req) => rooms.listByOrgName(requirePermission(req, 'readRooms'), req.params.org),
  );

  r.get(
    '/getroombyid/:id',
    {
      schema: {
        tags: ['rooms'],
        summary: 'One room with its workshop and sessions',
        params: ZIdParam,
        response: { 200: ZRoomReply, ...errors },
      },
    },
    async (req) => rooms.getById(requirePermission(req, 'readRooms'), req.params.id),
  );

  r.post(
    '/createroom',
    {
      schema: {
        tags: ['rooms'],
        summary: "Create a room on a workshop linked to the caller's organization (admins)",
        body: ZCreateRoom,
        response: { 200: ZRoomReply, ...errors },
      },
    },
    async (req) => rooms.create(requirePermission(req, 'manageRooms'), req.body),
  );

  r.delete(
    '/deleteroom/:id',
    {
      schema: {
        tags: ['rooms'],
        summary: 'Delete a room with its games (admins of its organization)',
        params: ZIdParam,
        response: { 200: ZMessageReply, ...errors },
      },
    },
    async (req) => {
      await rooms.remove(requirePermission(req, 'manageRooms'), req.params.id);
      return { message: ROOM_TEXTS.deleted };
    },
  );

  r.post(
    '/check-and-create-room-session',
    {
      schema: {
        tags: ['rooms'],
        summary: "The room's current session with its content, created at orderIndex 0 when missing",
        body: ZCheckRoomSession,
        response: { 200: ZRoomSessionReply, ...errors },
      },
    },
    async (req) =>
      rooms.checkAndCreateSession(requirePermission(req, 'runRooms'), req.body.roomSession.roomId),
  );

  r.patch(
    '/update-room-session',
    {
      schema: {
        tags: ['rooms'],
        summary: 'Move the room to another session of its workshop (currentSectionId)',
        body: ZUpdateRoomSession,
        response: { 200: ZRoomSessionReply, ...errors },
      },
    },
    async (req) =>
      rooms.updateSession(requirePermission(req, 'runRooms'), req.body.roomId, req.body.currentSectionId),
  );

  r.get(
    '/get-room-report/:id',
    {
      schema: {
        tags: ['rooms'],
        summary:
          'Game report of a room as CSV: per round the players (joined, card, bingo and when), the balls in order, ' +
          'content sent by title with its time, winners; `?format=log` gives the raw event log',
        params: ZIdParam,
        querystring: z.object({ format: z.enum(['report', 'log']).default('report') }),
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const { filename, csv } = await rooms.report(
        requirePermission(req, 'runRooms'),
        req.params.id,
        req.query.format,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );
}
