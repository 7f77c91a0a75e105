import type { RouteObject } from 'react-router';
import { sessionsPublicRoutes } from '../../features/sessions/sessions-routes';
import { signInPublicRoutes } from '../../features/sign-in/sign-in-routes';
import { lazyComponent, lazyRoute } from '../../route-helpers';
import { EnterPage } from '../enter/enter-page';
import { PlayerLoginPage } from './player-login-page';
import { STAFF_PUBLIC_PATHS } from './staff-public-paths';

/** The public pages, inside the PublicLayout: sign-in, password reset, joining by code, `/enter`. */
export const publicRoutes: RouteObject[] = [
  // The landing page stays in the main chunk: it is the first screen of every player.
  { index: true, element: <PlayerLoginPage /> },
  lazyRoute('join/:code', () => import('./join-page'), 'JoinPage'),
  { path: 'enter', element: <EnterPage /> },
  // The staff's public pages: the staff catalogue first (StaffPages), in the browser's language
  // when the staff catalogue has it, else English.
  {
    lazy: lazyComponent(() => import('../../layout/staff-pages'), 'StaffPages'),
    children: [
      ...STAFF_PUBLIC_PATHS.map(
        (path): RouteObject => ({
          path,
          lazy: () => import('./staff-public-pages').then((m) => ({ Component: m.STAFF_PUBLIC_PAGES[path] })),
        }),
      ),
      ...signInPublicRoutes,
      ...sessionsPublicRoutes,
    ],
  },
];
