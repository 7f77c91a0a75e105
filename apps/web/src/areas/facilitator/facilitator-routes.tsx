import { Navigate, type RouteObject } from 'react-router';
import { facilitatorGameRoutes, presenterRoutes } from '../../features/game/game-routes';
import { facilitatorInsightsRoutes } from '../../features/insights/insights-routes';
import { onlineMaterialsRoute, traditionalMaterialsRoute } from '../../features/materials/materials-routes';
import { facilitatorRoomsRoutes } from '../../features/rooms/rooms-routes';
import { facilitatorTrainingRoutes } from '../../features/training/training-routes';
import { facilitatorUsersRoutes } from '../../features/users/users-routes';
import { lazyComponent, lazyRoute } from '../../route-helpers';

/** Any other facilitator path: 'Page not found' inside the facilitator layout or frame. */
export const facilitatorNotFoundRoute = lazyRoute(
  '*',
  () => import('./facilitator-not-found-page'),
  'FacilitatorNotFoundPage',
);

/** `{org}/facilitator/enter`: the facilitator's home (their rooms, then online or traditional), in the FacilitatorFrame. */
export const facilitatorEnterRoutes = [
  lazyRoute('enter', () => import('./facilitator-enter-page'), 'FacilitatorEnterPage'),
];

/** `{org}/facilitator/online` (info page) and `online/materials…`, inside the facilitator layout. */
export const facilitatorOnlineRoutes: RouteObject[] = [
  { index: true, lazy: lazyComponent(() => import('./online-info-page'), 'OnlineInfoPage') },
  onlineMaterialsRoute,
];

/** `{org}/facilitator/traditional` (info page) and `traditional/materials…`, in the FacilitatorFrame. */
export const facilitatorTraditionalRoutes: RouteObject[] = [
  {
    path: 'traditional',
    children: [
      { index: true, lazy: lazyComponent(() => import('./traditional-info-page'), 'TraditionalInfoPage') },
      traditionalMaterialsRoute,
    ],
  },
];

const facilitatorLayout = () => import('./facilitator-layout');

/** `{org}/facilitator/…`: the facilitator area's route table (the router puts RequirePermission around it). */
export const facilitatorRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="enter" replace /> },
  // The facilitator game screen: the top bar around the game page.
  {
    lazy: lazyComponent(() => import('../../layout/game-frame'), 'GameFrame'),
    children: facilitatorGameRoutes,
  },
  // The room on the projector: its own full window, no top bar.
  ...presenterRoutes,
  {
    path: 'online',
    lazy: lazyComponent(facilitatorLayout, 'FacilitatorLayout'),
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
    lazy: lazyComponent(facilitatorLayout, 'FacilitatorFrame'),
    children: [...facilitatorEnterRoutes, ...facilitatorTraditionalRoutes, facilitatorNotFoundRoute],
  },
];
