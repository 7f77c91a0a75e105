import { guarded, lazyRoute } from '../../route-helpers';

/** `{org}/admin/organizations…`, inside the admin layout (super admin only, SPEC §2). */
export const adminOrganizationsRoutes = [
  guarded('manageOrganizations', [
    lazyRoute('organizations', () => import('./organizations-page'), 'OrganizationsPage'),
    lazyRoute('organizations/editorg/:id', () => import('./edit-organization-page'), 'EditOrganizationPage'),
  ]),
];
