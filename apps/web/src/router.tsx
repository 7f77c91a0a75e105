import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { ErrorPage } from './areas/error-page';
import { playerRoutes } from './areas/player/player-routes';
import { PublicLayout } from './areas/public/public-layout';
import { publicRoutes } from './areas/public/public-routes';
import { RequirePermission } from './auth/require-permission';
import { FullPageLoader } from './ui/page-loader';

/**
 * The app's areas, each with its layout and its own route table (`src/areas/<area>/<area>-routes.tsx`);
 * a domain's screens come into an area's table from `src/features/<domain>/<domain>-routes.tsx`.
 * The staff areas' tables are not in the entry chunk: `discoverStaffRoutes` adds them on the first
 * visit of a path under them.
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
        id: 'admin',
        path: ':org/admin',
        element: <RequirePermission permission="openAdminArea" />,
      },
      {
        id: 'facilitator',
        path: ':org/facilitator',
        element: <RequirePermission permission="openFacilitatorArea" />,
      },
      { path: '*', element: <ErrorPage /> },
    ],
  },
];

/** Each staff area's route table, loaded with its own chunk: a player's phone never downloads them. */
const staffAreas: Record<string, () => Promise<RouteObject[]>> = {
  admin: () => import('./areas/admin/admin-routes').then((m) => m.adminRoutes),
  facilitator: () => import('./areas/facilitator/facilitator-routes').then((m) => m.facilitatorRoutes),
};

/**
 * React Router's lazy route discovery (`patchRoutesOnNavigation`): it asks on any path that matches
 * no route, only the `*` page or a route with a parameter (`:org`), so both a fresh load of a deep
 * staff URL and a client navigation there wait for the area's table before matching. The area is read
 * from the path, not from `matches`: before its table is in, `/{org}/admin/dashboard` matches the
 * player's `:org/:username/dashboard` (username "admin"), and the staff area is not among the matches.
 */
export const discoverStaffRoutes: PatchRoutesOnNavigationFunction = async ({ path, matches, patch }) => {
  const area = path.split('/')[2];
  if (area === undefined || !Object.hasOwn(staffAreas, area)) return;
  // Already patched into this router: children only ever come from here.
  if (matches.some((match) => match.route.id === area && match.route.children?.length)) return;
  patch(area, await staffAreas[area]!());
};
