import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../route-helpers';

const users = () => import('./users-page');
const editUser = () => import('./edit-user-page');

const playerRoutes: RouteObject[] = [
  lazyRoute('players', users, (m) => m.PlayersPage),
  lazyRoute('players/edit-player/:id', editUser, (m) => m.EditPlayerPage),
];

/** `{org}/admin/admin-users…` and `players…`: the people lists and edit screens, inside the admin layout. */
export const adminUsersRoutes: RouteObject[] = [
  lazyRoute('admin-users', users, (m) => m.AdminsPage),
  lazyRoute('admin-users/edit-admin/:id', editUser, (m) => m.EditAdminPage),
  ...playerRoutes,
];

/** `{org}/facilitator/online/players`: the same player list and edit screen for facilitators. */
export const facilitatorUsersRoutes: RouteObject[] = playerRoutes;
