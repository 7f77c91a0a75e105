import { DASHBOARD_API } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/endpoint';
import type { DashboardService } from './service';

export function dashboardRoutes(app: FastifyInstance, dashboard: DashboardService): void {
  route(app, DASHBOARD_API.overview, () => dashboard.overview());
  route(app, DASHBOARD_API.organization, ({ actor, params }) => dashboard.organization(actor, params.org));
  route(app, DASHBOARD_API.rooms, ({ actor, params }) => dashboard.rooms(actor, params.org));
}
