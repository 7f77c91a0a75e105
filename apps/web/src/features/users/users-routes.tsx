import type { RouteObject } from 'react-router';
import { lazyComponent } from '../../lazy-component';

const users = () => import('./users-page');
const editUser = () => import('./edit-user-page');

const playerRoutes: RouteObject[] = [
  { path: 'players', lazy: lazyComponent(users, (m) => m.PlayersPage) },
  { path: 'players/edit-player/:id', lazy: lazyComponent(editUser, (m) => m.EditPlayerPage) },
];

/** `{org}/admin/admin-users…` and `players…`: the people lists and edit screens, inside the admin layout. */
export const adminUsersRoutes: RouteObject[] = [
  { path: 'admin-users', lazy: lazyComponent(users, (m) => m.AdminsPage) },
  { path: 'admin-users/edit-admin/:id', lazy: lazyComponent(editUser, (m) => m.EditAdminPage) },
  ...playerRoutes,
];

/** `{org}/facilitator/online/players`: the same player list and edit screen for facilitators. */
export const facilitatorUsersRoutes: RouteObject[] = playerRoutes;
