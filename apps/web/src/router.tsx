import { Navigate, type RouteObject } from 'react-router';
import { RequirePermission } from './auth/require-permission';
import { adminContentRoutes } from './features/content-routes';
import { EnterPage } from './features/enter/enter-page';
import { ErrorPage } from './features/errors/error-page';
import {
  adminMaterialsRoutes,
  facilitatorOnlineRoutes,
  facilitatorTraditionalRoutes,
} from './features/materials/materials-routes';
import { adminPeopleRoutes, facilitatorPeopleRoutes } from './features/people-routes';
import { PlayerLoginPage } from './features/public/player-login-page';
import { UnauthorizedPage } from './features/public/unauthorized-page';
import {
  adminRoomsRoutes,
  adminRoomViewRoutes,
  facilitatorGameRoutes,
  facilitatorRoomsRoutes,
} from './features/rooms/rooms-routes';
import {
  adminTrainingRoutes,
  facilitatorTrainingRoutes,
  playerTrainingRoutes,
} from './features/training/training-routes';
import { PublicLayout } from './layout/public-layout';
import { lazyComponent } from './lazy-component';
import { FullPageLoader } from './ui/page-loader';

const adminLayout = lazyComponent(
  () => import('./layout/admin-layout'),
  (m) => m.AdminLayout,
);
// The game screens get the top bar here, around them: their own files belong to the game core.
const gameFrame = lazyComponent(
  () => import('./layout/game-frame'),
  (m) => m.GameFrame,
);
const adminNotFound = lazyComponent(
  () => import('./features/admin/admin-not-found-page'),
  (m) => m.AdminNotFoundPage,
);
const facilitatorNotFound = lazyComponent(
  () => import('./features/facilitator/facilitator-not-found-page'),
  (m) => m.FacilitatorNotFoundPage,
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
          {
            path: 'admin-login',
            lazy: lazyComponent(
              () => import('./features/public/admin-login-page'),
              (m) => m.AdminLoginPage,
            ),
          },
          {
            path: 'requestReset',
            lazy: lazyComponent(
              () => import('./features/public/request-reset-page'),
              (m) => m.RequestResetPage,
            ),
          },
          {
            path: 'reset-password',
            lazy: lazyComponent(
              () => import('./features/public/reset-password-page'),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: 'join/:code',
            lazy: lazyComponent(
              () => import('./features/public/join-page'),
              (m) => m.JoinPage,
            ),
          },
          { path: 'unauthorized', element: <UnauthorizedPage /> },
          { path: 'enter', element: <EnterPage /> },
          {
            element: <RequirePermission permission="openPlayerArea" ownUserOnly />,
            children: [
              {
                path: ':org/:username/dashboard',
                lazy: lazyComponent(
                  () => import('./features/player/player-dashboard-page'),
                  (m) => m.PlayerDashboardPage,
                ),
              },
              {
                path: ':org/:username/play-game/:roomId',
                lazy: lazyComponent(
                  () => import('./features/player/join-room-page'),
                  (m) => m.JoinRoomPage,
                ),
              },
              ...playerTrainingRoutes,
            ],
          },
        ],
      },
      {
        path: ':org/admin',
        element: <RequirePermission permission="openAdminArea" />,
        children: [
          { lazy: gameFrame, children: adminRoomViewRoutes },
          {
            lazy: adminLayout,
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              {
                path: 'dashboard',
                lazy: lazyComponent(
                  () => import('./features/admin/admin-dashboard-page'),
                  (m) => m.AdminDashboardPage,
                ),
              },
              ...adminContentRoutes,
              ...adminPeopleRoutes,
              ...adminRoomsRoutes,
              ...adminTrainingRoutes,
              ...adminMaterialsRoutes,
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
          {
            path: 'online/rooms/present/:roomId',
            lazy: lazyComponent(
              () => import('./features/game/presenter/presenter-page'),
              (m) => m.PresenterPage,
            ),
          },
          {
            path: 'online',
            lazy: lazyComponent(
              () => import('./layout/facilitator-layout'),
              (m) => m.FacilitatorLayout,
            ),
            children: [
              ...facilitatorOnlineRoutes,
              ...facilitatorPeopleRoutes,
              ...facilitatorRoomsRoutes,
              ...facilitatorTrainingRoutes,
              { path: '*', lazy: facilitatorNotFound },
            ],
          },
          {
            lazy: lazyComponent(
              () => import('./layout/facilitator-layout'),
              (m) => m.FacilitatorFrame,
            ),
            children: [
              {
                path: 'enter',
                lazy: lazyComponent(
                  () => import('./features/facilitator/facilitator-enter-page'),
                  (m) => m.FacilitatorEnterPage,
                ),
              },
              ...facilitatorTraditionalRoutes,
              { path: '*', lazy: facilitatorNotFound },
            ],
          },
        ],
      },
      { path: '*', element: <ErrorPage /> },
    ],
  },
];
