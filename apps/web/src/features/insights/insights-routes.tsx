import { guarded, lazyRoute } from '../../route-helpers';

const insightsPage = lazyRoute('insights', () => import('./insights-page'), 'InsightsPage');

/** `{org}/admin/insights`: the organization's figures across its games (issue 33). */
export const adminInsightsRoutes = [guarded('readRoomActivity', [insightsPage])];

/** `{org}/facilitator/online/insights`: the same page; a facilitator's figures are the games they ran. */
export const facilitatorInsightsRoutes = adminInsightsRoutes;
