import type { RouteObject } from 'react-router';
import { lazyComponent } from '../../lazy-component';

/** Any other facilitator path: 'Page not found' inside the facilitator layout or frame. */
export const facilitatorNotFoundRoute: RouteObject = {
  path: '*',
  lazy: lazyComponent(
    () => import('./facilitator-not-found-page'),
    (m) => m.FacilitatorNotFoundPage,
  ),
};

/** `{org}/facilitator/enter`: the facilitator's home (their rooms, then online or traditional), in the FacilitatorFrame. */
export const facilitatorEnterRoutes: RouteObject[] = [
  {
    path: 'enter',
    lazy: lazyComponent(
      () => import('./facilitator-enter-page'),
      (m) => m.FacilitatorEnterPage,
    ),
  },
];
