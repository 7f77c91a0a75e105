import type { RouteObject } from 'react-router';
import { onlineMaterialsRoute, traditionalMaterialsRoute } from '../../features/materials/materials-routes';
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
