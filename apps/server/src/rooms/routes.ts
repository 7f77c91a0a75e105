import { ROLES, ZErrorReply, ZIdParam, ZRoomReply } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../http/actor';
import type { RoomsService } from './service';

const errors = { 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };

export function roomRoutes(app: FastifyInstance, rooms: RoomsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/getroomsbyorgname/:org',
    {
      schema: {
        tags: ['rooms'],
        summary: "An organization's rooms (the caller's own unless super admin)",
        params: z.object({ org: z.string().min(1).max(200) }),
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
}
