import type { RouteObject } from 'react-router';
import { guarded, lazyRoute } from '../../route-helpers';

/** `{org}/admin/organizations…`, inside the admin layout (super admin only, SPEC §2). */
export const adminOrganizationsRoutes: RouteObject[] = [
  guarded('manageOrganizations', [
    lazyRoute(
      'organizations',
      () => import('./organizations-page'),
      (m) => m.OrganizationsPage,
    ),
    lazyRoute(
      'organizations/editorg/:id',
      () => import('./edit-organization-page'),
      (m) => m.EditOrganizationPage,
    ),
  ]),
];
