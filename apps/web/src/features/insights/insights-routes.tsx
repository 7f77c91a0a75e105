import type { RouteObject } from 'react-router';
import { guarded, lazyRoute } from '../../route-helpers';

const insightsPage = lazyRoute(
  'insights',
  () => import('./insights-page'),
  (m) => m.InsightsPage,
);

/** `{org}/admin/insights`: the organization's figures across its games (issue 33). */
export const adminInsightsRoutes: RouteObject[] = [guarded('readRoomActivity', [insightsPage])];

/** `{org}/facilitator/online/insights`: the same page; a facilitator's figures are the games they ran. */
export const facilitatorInsightsRoutes: RouteObject[] = [guarded('readRoomActivity', [insightsPage])];
