import type { RouteObject } from 'react-router';
import { adminRoutes } from './areas/admin/admin-routes';
import { ErrorPage } from './areas/error-page';
import { facilitatorRoutes } from './areas/facilitator/facilitator-routes';
import { playerRoutes } from './areas/player/player-routes';
import { PublicLayout } from './areas/public/public-layout';
import { publicRoutes } from './areas/public/public-routes';
import { RequirePermission } from './auth/require-permission';
import { FullPageLoader } from './ui/page-loader';

/**
 * The app's areas, each with its layout and its own route table (`src/areas/<area>/<area>-routes.tsx`);
 * a domain's screens come into an area's table from `src/features/<domain>/<domain>-routes.tsx`.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          ...publicRoutes,
          { element: <RequirePermission permission="openPlayerArea" ownUserOnly />, children: playerRoutes },
        ],
      },
      {
        path: ':org/admin',
        element: <RequirePermission permission="openAdminArea" />,
        children: adminRoutes,
      },
      {
        path: ':org/facilitator',
        element: <RequirePermission permission="openFacilitatorArea" />,
        children: facilitatorRoutes,
      },
      { path: '*', element: <ErrorPage /> },
    ],
  },
];
