import type { RouteObject } from 'react-router';
import { lazyRoute } from '../feature-routes';

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
