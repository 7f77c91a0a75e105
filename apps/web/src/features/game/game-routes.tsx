import { lazyRoute } from '../../route-helpers';

/** `{org}/admin/rooms/play-game/{roomId}`: the game frame (top bar), no side navigation. */
export const adminGameRoutes = [
  lazyRoute('rooms/play-game/:roomId', () => import('./facilitator/admin-room-page'), 'AdminRoomPage'),
];

/** `{org}/facilitator/online/rooms/play-game/{roomId}`: the game screen, full width under the top bar. */
export const facilitatorGameRoutes = [
  lazyRoute(
    'online/rooms/play-game/:roomId',
    () => import('./facilitator/facilitator-game-page'),
    'FacilitatorGamePage',
  ),
];

/** `{org}/facilitator/online/rooms/present/{roomId}`: the room on the projector, its own full window. */
export const presenterRoutes = [
  lazyRoute('online/rooms/present/:roomId', () => import('./presenter/presenter-page'), 'PresenterPage'),
];
