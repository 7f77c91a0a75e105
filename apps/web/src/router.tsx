import { Navigate, type RouteObject } from 'react-router';
import { RequirePermission } from './auth/require-permission';
import { adminAuditRoutes } from './features/audit/audit-routes';
import { adminCategoriesRoutes } from './features/categories/categories-routes';
import { adminContentRoutes } from './features/content/content-routes';
import { EnterPage } from './features/enter/enter-page';
import { ErrorPage } from './features/errors/error-page';
import {
  facilitatorEnterRoutes,
  facilitatorNotFoundRoute,
  facilitatorOnlineRoutes,
  facilitatorTraditionalRoutes,
} from './features/facilitator/facilitator-routes';
import { lazyRoute } from './features/feature-routes';
import { adminGameRoutes, facilitatorGameRoutes, presenterRoutes } from './features/game/game-routes';
import { adminInsightsRoutes, facilitatorInsightsRoutes } from './features/insights/insights-routes';
import { adminMaterialsRoutes } from './features/materials/materials-routes';
import { adminOrganizationsRoutes } from './features/organizations/organizations-routes';
import { PlayerLoginPage } from './features/public/player-login-page';
import { adminRoomsRoutes, facilitatorRoomsRoutes } from './features/rooms/rooms-routes';
import { adminSettingsRoutes } from './features/settings/settings-routes';
import { signInPublicRoutes } from './features/sign-in/sign-in-routes';
import {
  adminTrainingRoutes,
  facilitatorTrainingRoutes,
  playerTrainingRoutes,
} from './features/training/training-routes';
import { adminUsersRoutes, facilitatorUsersRoutes } from './features/users/users-routes';
import { adminWorkshopsRoutes } from './features/workshops/workshops-routes';
import { PublicLayout } from './layout/public-layout';
import { lazyComponent } from './lazy-component';
import { FullPageLoader } from './ui/page-loader';

const adminLayout = lazyComponent(
  () => import('./layout/admin-layout'),
  (m) => m.AdminLayout,
);
// The game screens get the top bar here, around them.
const gameFrame = lazyComponent(
  () => import('./layout/game-frame'),
  (m) => m.GameFrame,
);
const adminNotFound = lazyComponent(
  () => import('./features/admin/admin-not-found-page'),
  (m) => m.AdminNotFoundPage,
);

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          // The landing page stays in the main chunk: it is the first screen of every player.
          { index: true, element: <PlayerLoginPage /> },
          lazyRoute(
            'admin-login',
            () => import('./features/public/admin-login-page'),
            (m) => m.AdminLoginPage,
          ),
          lazyRoute(
            'requestReset',
            () => import('./features/public/request-reset-page'),
            (m) => m.RequestResetPage,
          ),
          lazyRoute(
            'reset-password',
            () => import('./features/public/reset-password-page'),
            (m) => m.ResetPasswordPage,
          ),
          lazyRoute(
            'join/:code',
            () => import('./features/public/join-page'),
            (m) => m.JoinPage,
          ),
          lazyRoute(
            'unauthorized',
            () => import('./features/public/unauthorized-page'),
            (m) => m.UnauthorizedPage,
          ),
          { path: 'enter', element: <EnterPage /> },
          ...signInPublicRoutes,
          {
            element: <RequirePermission permission="openPlayerArea" ownUserOnly />,
            children: [
              lazyRoute(
                ':org/:username/dashboard',
                () => import('./features/player/player-dashboard-page'),
                (m) => m.PlayerDashboardPage,
              ),
              lazyRoute(
                ':org/:username/play-game/:roomId',
                () => import('./features/player/join-room-page'),
                (m) => m.JoinRoomPage,
              ),
              ...playerTrainingRoutes,
            ],
          },
        ],
      },
      {
        path: ':org/admin',
        element: <RequirePermission permission="openAdminArea" />,
        children: [
          { lazy: gameFrame, children: adminGameRoutes },
          {
            lazy: adminLayout,
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              lazyRoute(
                'dashboard',
                () => import('./features/admin/admin-dashboard-page'),
                (m) => m.AdminDashboardPage,
              ),
              ...adminContentRoutes,
              ...adminWorkshopsRoutes,
              ...adminUsersRoutes,
              ...adminSettingsRoutes,
              ...adminOrganizationsRoutes,
              ...adminCategoriesRoutes,
              ...adminRoomsRoutes,
              ...adminTrainingRoutes,
              ...adminMaterialsRoutes,
              ...adminAuditRoutes,
              ...adminInsightsRoutes,
              // Any other admin path: 'Page not found' inside the layout, never a fake screen.
              { path: '*', lazy: adminNotFound },
            ],
          },
        ],
      },
      {
        path: ':org/facilitator',
        element: <RequirePermission permission="openFacilitatorArea" />,
        children: [
          { index: true, element: <Navigate to="enter" replace /> },
          { lazy: gameFrame, children: facilitatorGameRoutes },
          // The room on the projector: its own full window, no top bar.
          ...presenterRoutes,
          {
            path: 'online',
            lazy: lazyComponent(
              () => import('./layout/facilitator-layout'),
              (m) => m.FacilitatorLayout,
            ),
            children: [
              ...facilitatorOnlineRoutes,
              ...facilitatorUsersRoutes,
              ...facilitatorRoomsRoutes,
              ...facilitatorTrainingRoutes,
              ...facilitatorInsightsRoutes,
              facilitatorNotFoundRoute,
            ],
          },
          {
            lazy: lazyComponent(
              () => import('./layout/facilitator-layout'),
              (m) => m.FacilitatorFrame,
            ),
            children: [...facilitatorEnterRoutes, ...facilitatorTraditionalRoutes, facilitatorNotFoundRoute],
          },
        ],
      },
      { path: '*', element: <ErrorPage /> },
    ],
  },
];
