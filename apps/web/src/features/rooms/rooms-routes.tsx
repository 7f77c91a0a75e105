import type { RouteObject } from 'react-router';
import { lazyComponent } from '../../lazy-component';

const roomsPage = () => import('./rooms-page');

/** `{org}/admin/rooms`, inside the admin layout. */
export const adminRoomsRoutes: RouteObject[] = [
  { path: 'rooms', lazy: lazyComponent(roomsPage, (m) => m.AdminRoomsPage) },
];

/** `{org}/facilitator/online/rooms`, inside the facilitator layout. */
export const facilitatorRoomsRoutes: RouteObject[] = [
  { path: 'rooms', lazy: lazyComponent(roomsPage, (m) => m.FacilitatorRoomsPage) },
];
