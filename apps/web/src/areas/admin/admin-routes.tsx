import { Navigate, type RouteObject } from 'react-router';
import { adminAuditRoutes } from '../../features/audit/audit-routes';
import { adminCategoriesRoutes } from '../../features/categories/categories-routes';
import { adminContentRoutes } from '../../features/content/content-routes';
import { adminGameRoutes } from '../../features/game/game-routes';
import { adminInsightsRoutes } from '../../features/insights/insights-routes';
import { adminMaterialsRoutes } from '../../features/materials/materials-routes';
import { adminOrganizationsRoutes } from '../../features/organizations/organizations-routes';
import { adminRoomsRoutes } from '../../features/rooms/rooms-routes';
import { adminTrainingRoutes } from '../../features/training/training-routes';
import { adminUsersRoutes } from '../../features/users/users-routes';
import { adminWorkshopsRoutes } from '../../features/workshops/workshops-routes';
import { lazyComponent, lazyRoute } from '../../route-helpers';

/** `{org}/admin/…`: the admin area's route table (the router puts RequirePermission around it). */
export const adminRoutes: RouteObject[] = [
  // The admin room view: the top bar around the game page, no side navigation.
  { lazy: lazyComponent(() => import('../../layout/game-frame'), 'GameFrame'), children: adminGameRoutes },
  {
    // The staff catalogue: AppFrame (useStaffScreen) waits for it, as on every staff screen.
    lazy: lazyComponent(() => import('./admin-layout'), 'AdminLayout'),
    children: [
      { index: true, element: <Navigate to="dashboard" replace /> },
      lazyRoute('dashboard', () => import('./admin-dashboard-page'), 'AdminDashboardPage'),
      ...adminContentRoutes,
      ...adminWorkshopsRoutes,
      ...adminUsersRoutes,
      lazyRoute('settings', () => import('./settings-page'), 'SettingsPage'),
      ...adminOrganizationsRoutes,
      ...adminCategoriesRoutes,
      ...adminRoomsRoutes,
      ...adminTrainingRoutes,
      ...adminMaterialsRoutes,
      ...adminAuditRoutes,
      ...adminInsightsRoutes,
      // Any other admin path: 'Page not found' inside the layout, never a fake screen.
      lazyRoute('*', () => import('./admin-not-found-page'), 'AdminNotFoundPage'),
    ],
  },
];
