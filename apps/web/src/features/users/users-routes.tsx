import { lazyRoute } from '../../route-helpers';

const users = () => import('./users-page');
const editUser = () => import('./edit-user-page');

const playerRoutes = [
  lazyRoute('players', users, 'PlayersPage'),
  lazyRoute('players/edit-player/:id', editUser, 'EditPlayerPage'),
];

/** `{org}/admin/admin-users…` and `players…`: the people lists and edit screens, inside the admin layout. */
export const adminUsersRoutes = [
  lazyRoute('admin-users', users, 'AdminsPage'),
  lazyRoute('admin-users/edit-admin/:id', editUser, 'EditAdminPage'),
  ...playerRoutes,
];

/** `{org}/facilitator/online/players`: the same player list and edit screen for facilitators. */
export const facilitatorUsersRoutes = playerRoutes;
