import {
  ADMIN_ROLES,
  ROLES,
  ROOM_TEXTS,
  STAFF_ROLES,
  ZCheckRoomSession,
  ZCreateRoom,
  ZErrorReply,
  ZIdParam,
  ZMessageReply,
  ZRoomReply,
  ZRoomSessionReply,
  ZUpdateRoomSession,
  zLine,
} from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../http/actor';
import type { RoomsService } from './service';

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply };

export function roomRoutes(app: FastifyInstance, rooms: RoomsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
    async (req) => rooms.listByOrgName(requireRole(req, ROLES), req.params.org),
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
    async (req) => rooms.getById(requireRole(req, ROLES), req.params.id),
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
    async (req) => rooms.create(requireRole(req, ADMIN_ROLES), req.body),
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
      await rooms.remove(requireRole(req, ADMIN_ROLES), req.params.id);
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
    async (req) => rooms.checkAndCreateSession(requireRole(req, STAFF_ROLES), req.body.roomSession.roomId),
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
      rooms.updateSession(requireRole(req, STAFF_ROLES), req.body.roomId, req.body.currentSectionId),
  );

  r.get(
    '/get-room-report/:id',
    {
      schema: {
        tags: ['rooms'],
        summary: 'Game report of a room as CSV: players, rolls in order, content sent, winners with times',
        params: ZIdParam,
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const { filename, csv } = await rooms.report(requireRole(req, STAFF_ROLES), req.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );
}
