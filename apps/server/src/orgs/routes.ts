import { STAFF_ROLES, ZErrorReply, ZOrgExpiryReply, ZOrgWorkshopsReply } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor, requireRole } from '../http/actor';
import type { OrgsService } from './service';

const errors = { 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };

export function orgRoutes(app: FastifyInstance, orgs: OrgsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/check-org-expiry/:orgId',
    {
      // Users of an expired organization must be able to learn that it expired.
      config: { allowExpiredOrg: true },
      schema: {
        tags: ['organizations'],
        summary: "Whether an organization's license has expired",
        params: z.object({ orgId: z.coerce.number().int().positive() }),
        response: { 200: ZOrgExpiryReply, ...errors },
      },
    },
    async (req) => orgs.checkExpiry(requireActor(req), req.params.orgId),
  );

  r.get(
    '/get-org-workshops/:name',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Workshops linked to an organization, by organization name',
        params: z.object({ name: z.string().min(1).max(200) }),
        response: { 200: ZOrgWorkshopsReply, ...errors },
      },
    },
    async (req) => orgs.workshopsOf(requireRole(req, STAFF_ROLES), req.params.name),
  );
}
