import type { RouteObject } from 'react-router';
import { RequirePermission } from '../auth/require-permission';
import { lazyComponent } from '../lazy-component';

const users = () => import('./users/users-page');
const editUser = () => import('./users/edit-user-page');

const playerRoutes: RouteObject[] = [
  { path: 'players', lazy: lazyComponent(users, (m) => m.PlayersPage) },
  { path: 'players/edit-player/:id', lazy: lazyComponent(editUser, (m) => m.EditPlayerPage) },
];

/** Screens of the people side under `{org}/admin`, inside the admin layout (SPEC §2). */
export const adminPeopleRoutes: RouteObject[] = [
  { path: 'admin-users', lazy: lazyComponent(users, (m) => m.AdminsPage) },
  { path: 'admin-users/edit-admin/:id', lazy: lazyComponent(editUser, (m) => m.EditAdminPage) },
  ...playerRoutes,
  {
    path: 'settings',
    lazy: lazyComponent(
      () => import('./settings/settings-page'),
      (m) => m.SettingsPage,
    ),
  },
  {
    element: <RequirePermission permission="manageOrganizations" />,
    children: [
      {
        path: 'organizations',
        lazy: lazyComponent(
          () => import('./organizations/organizations-page'),
          (m) => m.OrganizationsPage,
        ),
      },
      {
        path: 'organizations/editorg/:id',
        lazy: lazyComponent(
          () => import('./organizations/edit-organization-page'),
          (m) => m.EditOrganizationPage,
        ),
      },
    ],
  },
  {
    element: <RequirePermission permission="manageCategories" />,
    children: [
      {
        path: 'categories',
        lazy: lazyComponent(
          () => import('./categories/categories-page'),
          (m) => m.CategoriesPage,
        ),
      },
    ],
  },
];

/** `{org}/facilitator/online/players`: the same player list and edit screen for facilitators. */
export const facilitatorPeopleRoutes: RouteObject[] = playerRoutes;
