import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../route-helpers';

/** `{org}/admin/rooms/play-game/{roomId}`: the game frame (top bar), no side navigation. */
export const adminGameRoutes: RouteObject[] = [
  lazyRoute(
    'rooms/play-game/:roomId',
    () => import('./facilitator/admin-room-page'),
    (m) => m.AdminRoomPage,
  ),
];

/** `{org}/facilitator/online/rooms/play-game/{roomId}`: the game screen, full width under the top bar. */
export const facilitatorGameRoutes: RouteObject[] = [
  lazyRoute(
    'online/rooms/play-game/:roomId',
    () => import('./facilitator/facilitator-game-page'),
    (m) => m.FacilitatorGamePage,
  ),
];

/** `{org}/facilitator/online/rooms/present/{roomId}`: the room on the projector, its own full window. */
export const presenterRoutes: RouteObject[] = [
  lazyRoute(
    'online/rooms/present/:roomId',
    () => import('./presenter/presenter-page'),
    (m) => m.PresenterPage,
  ),
];
