import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../route-helpers';

const roomsPage = () => import('./rooms-page');

/** `{org}/admin/rooms`, inside the admin layout. */
export const adminRoomsRoutes: RouteObject[] = [lazyRoute('rooms', roomsPage, (m) => m.AdminRoomsPage)];

/** `{org}/facilitator/online/rooms`, inside the facilitator layout. */
export const facilitatorRoomsRoutes: RouteObject[] = [
  lazyRoute('rooms', roomsPage, (m) => m.FacilitatorRoomsPage),
];
