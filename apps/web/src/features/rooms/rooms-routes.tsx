import type { RouteObject } from 'react-router';
import { lazyComponent } from '../../lazy-component';

const roomsPage = () => import('./rooms-page');

/** `{org}/admin/rooms`, inside the admin layout. */
export const adminRoomsRoutes: RouteObject[] = [
  { path: 'rooms', lazy: lazyComponent(roomsPage, (m) => m.AdminRoomsPage) },
];

/** `{org}/admin/rooms/play-game/{roomId}`: the game frame (top bar), no side navigation. */
export const adminRoomViewRoutes: RouteObject[] = [
  {
    path: 'rooms/play-game/:roomId',
    lazy: lazyComponent(
      () => import('../game/admin-room-page'),
      (m) => m.AdminRoomPage,
    ),
  },
];

/** `{org}/facilitator/online/rooms`, inside the facilitator layout. */
export const facilitatorRoomsRoutes: RouteObject[] = [
  { path: 'rooms', lazy: lazyComponent(roomsPage, (m) => m.FacilitatorRoomsPage) },
];

/** `{org}/facilitator/online/rooms/play-game/{roomId}`: the game screen, full width under the top bar. */
export const facilitatorGameRoutes: RouteObject[] = [
  {
    path: 'online/rooms/play-game/:roomId',
    lazy: lazyComponent(
      () => import('../game/facilitator-game-page'),
      (m) => m.FacilitatorGamePage,
    ),
  },
];
