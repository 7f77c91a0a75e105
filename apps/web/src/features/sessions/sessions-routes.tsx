import { guarded, lazyRoute } from '../../route-helpers';

/** `/sessions`: where one is signed in, for every staff member (beside `/two-factor`). */
export const sessionsPublicRoutes = [
  guarded('manageOwnSessions', [lazyRoute('sessions', () => import('./sessions-page'), 'SessionsPage')]),
];
