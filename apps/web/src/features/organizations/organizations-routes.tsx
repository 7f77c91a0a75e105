import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../auth/require-permission';
import { lazyComponent } from '../../lazy-component';

/** `{org}/admin/organizations…`, inside the admin layout (super admin only, SPEC §2). */
export const adminOrganizationsRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="manageOrganizations" />,
    children: [
      {
        path: 'organizations',
        lazy: lazyComponent(
          () => import('./organizations-page'),
          (m) => m.OrganizationsPage,
        ),
      },
      {
        path: 'organizations/editorg/:id',
        lazy: lazyComponent(
          () => import('./edit-organization-page'),
          (m) => m.EditOrganizationPage,
        ),
      },
    ],
  },
];
