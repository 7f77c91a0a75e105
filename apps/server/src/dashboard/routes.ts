import { ZDashboardRooms, ZErrorReply, ZOrgDashboard, ZOverviewDashboard, zLine } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../http/actor';
import type { DashboardService } from './service';

const errors = { 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };
const tags = ['dashboard'];
const ZOrgParam = z.object({ org: zLine().min(1).max(200) });

export function dashboardRoutes(app: FastifyInstance, dashboard: DashboardService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/dashboard/overview',
    {
      schema: {
        tags,
        summary: 'Super admin: counts, licences ending within 30 days, the demo room',
        response: { 200: ZOverviewDashboard, ...errors },
      },
    },
    async (req) => {
      requirePermission(req, 'readOverviewDashboard');
      return dashboard.overview();
    },
  );

  r.get(
    '/dashboard/org/:org',
    {
      schema: {
        tags,
        summary: "An organization's counts, licence end and recent games (its admins; any for a super admin)",
        params: ZOrgParam,
        response: { 200: ZOrgDashboard, ...errors },
      },
    },
    async (req) => dashboard.organization(requirePermission(req, 'readOrgDashboard'), req.params.org),
  );

  r.get(
    '/dashboard/rooms/:org',
    {
      schema: {
        tags,
        summary:
          "An organization's rooms with their state and players now (its staff; any for a super admin)",
        params: ZOrgParam,
        response: { 200: ZDashboardRooms, ...errors },
      },
    },
    async (req) => dashboard.rooms(requirePermission(req, 'readRoomActivity'), req.params.org),
  );
}
