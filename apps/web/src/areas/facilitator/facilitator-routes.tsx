import { Navigate, type RouteObject } from 'react-router';
import { facilitatorGameRoutes, presenterRoutes } from '../../features/game/game-routes';
import { facilitatorInsightsRoutes } from '../../features/insights/insights-routes';
import { onlineMaterialsRoute, traditionalMaterialsRoute } from '../../features/materials/materials-routes';
import { facilitatorRoomsRoutes } from '../../features/rooms/rooms-routes';
import { facilitatorTrainingRoutes } from '../../features/training/training-routes';
import { facilitatorUsersRoutes } from '../../features/users/users-routes';
import { lazyComponent } from '../../lazy-component';
import { lazyRoute } from '../../route-helpers';

/** Any other facilitator path: 'Page not found' inside the facilitator layout or frame. */
export const facilitatorNotFoundRoute: RouteObject = lazyRoute(
  '*',
  () => import('./facilitator-not-found-page'),
  (m) => m.FacilitatorNotFoundPage,
);

/** `{org}/facilitator/enter`: the facilitator's home (their rooms, then online or traditional), in the FacilitatorFrame. */
export const facilitatorEnterRoutes: RouteObject[] = [
  lazyRoute(
    'enter',
    () => import('./facilitator-enter-page'),
    (m) => m.FacilitatorEnterPage,
  ),
];

/** `{org}/facilitator/online` (info page) and `online/materials…`, inside the facilitator layout. */
export const facilitatorOnlineRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyComponent(
      () => import('./online-info-page'),
      (m) => m.OnlineInfoPage,
    ),
  },
  onlineMaterialsRoute,
];

/** `{org}/facilitator/traditional` (info page) and `traditional/materials…`, in the FacilitatorFrame. */
export const facilitatorTraditionalRoutes: RouteObject[] = [
  {
    path: 'traditional',
    children: [
      {
        index: true,
        lazy: lazyComponent(
          () => import('./traditional-info-page'),
          (m) => m.TraditionalInfoPage,
        ),
      },
      traditionalMaterialsRoute,
    ],
  },
];

/** `{org}/facilitator/…`: the facilitator area's route table (the router puts RequirePermission around it). */
export const facilitatorRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="enter" replace /> },
  // The facilitator game screen: the top bar around the game page.
  {
    lazy: lazyComponent(
      () => import('../../layout/game-frame'),
      (m) => m.GameFrame,
    ),
    children: facilitatorGameRoutes,
  },
  // The room on the projector: its own full window, no top bar.
  ...presenterRoutes,
  {
    path: 'online',
    lazy: lazyComponent(
      () => import('./facilitator-layout'),
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
      () => import('./facilitator-layout'),
      (m) => m.FacilitatorFrame,
    ),
    children: [...facilitatorEnterRoutes, ...facilitatorTraditionalRoutes, facilitatorNotFoundRoute],
  },
];
