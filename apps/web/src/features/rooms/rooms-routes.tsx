import { lazyRoute } from '../../route-helpers';

const roomsPage = () => import('./rooms-page');

/** `{org}/admin/rooms`, inside the admin layout. */
export const adminRoomsRoutes = [lazyRoute('rooms', roomsPage, 'AdminRoomsPage')];

/** `{org}/facilitator/online/rooms`, inside the facilitator layout. */
export const facilitatorRoomsRoutes = [lazyRoute('rooms', roomsPage, 'FacilitatorRoomsPage')];
