import type { RouteObject } from 'react-router';
import { lazyComponent } from '../../lazy-component';

/** `{org}/admin/rooms/play-game/{roomId}`: the game frame (top bar), no side navigation. */
export const adminGameRoutes: RouteObject[] = [
  {
    path: 'rooms/play-game/:roomId',
    lazy: lazyComponent(
      () => import('./admin-room-page'),
      (m) => m.AdminRoomPage,
    ),
  },
];

/** `{org}/facilitator/online/rooms/play-game/{roomId}`: the game screen, full width under the top bar. */
export const facilitatorGameRoutes: RouteObject[] = [
  {
    path: 'online/rooms/play-game/:roomId',
    lazy: lazyComponent(
      () => import('./facilitator-game-page'),
      (m) => m.FacilitatorGamePage,
    ),
  },
];

/** `{org}/facilitator/online/rooms/present/{roomId}`: the room on the projector, its own full window. */
export const presenterRoutes: RouteObject[] = [
  {
    path: 'online/rooms/present/:roomId',
    lazy: lazyComponent(
      () => import('./presenter/presenter-page'),
      (m) => m.PresenterPage,
    ),
  },
];
