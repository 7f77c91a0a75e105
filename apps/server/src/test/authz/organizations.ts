import type { AuthzRow } from './core';
import { ADMINS, allowed, enc, row, STAFF, SUPER, same, scopedGet, scopedTo, unscopedGet } from './core';
/** Organizations: the table, records, linked workshops (super admin), own settings (admins). */
export const organizationRows: AuthzRow[] = [
  scopedGet('/get-org-by-name/:name', STAFF, (side) => `/get-org-by-name/${enc(side.org.name)}`),
  scopedGet('/get-org-by-id/:id', STAFF, (side) => `/get-org-by-id/${side.org.id}`),
  // Everyone allowed sees a list; what it holds is scoped (tested in orgs.test.ts).
  unscopedGet('/get-orgs', STAFF),
  unscopedGet('/count-orgs', SUPER),
  unscopedGet('/get-paginated-orgs/:page/:size', SUPER, '/get-paginated-orgs/1/10'),
  unscopedGet('/search-orgs/:term', SUPER, (side) => `/search-orgs/${enc(side.org.name)}`),
  row('POST', '/create-organization', same(allowed(SUPER, 201)), (f) => ({
    url: '/create-organization',
    payload: { name: f.unique('New Org') },
  })),
  // An admin may change the General fields of their own organization only.
  row('PATCH', '/edit-org', scopedTo(ADMINS), (_f, side) => ({
    url: '/edit-org',
    payload: { id: side.org.id, phone: '555 0100' },
  })),
  row('DELETE', '/delete-organization/:id', same(allowed(SUPER)), async (f) => ({
    url: `/delete-organization/${await f.newEmptyOrg()}`,
  })),
  // Branding (issue 32): an admin sets their own organization's look; the logo is served to anyone.
  scopedGet('/org-branding/:orgId', STAFF, (side) => `/org-branding/${side.org.id}`),
  row('PUT', '/org-branding', scopedTo(ADMINS), (_f, side) => ({
    url: '/org-branding',
    payload: { orgId: side.org.id, primaryColor: '#0b7285', accentColor: null },
  })),
  row('PUT', '/org-logo', scopedTo(ADMINS), (_f, side) => ({
    url: '/org-logo',
    payload: {
      orgId: side.org.id,
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'),
    },
  })),
  row('DELETE', '/org-logo/:orgId', scopedTo(ADMINS), (_f, side) => ({ url: `/org-logo/${side.org.id}` })),
  row('GET', '/org-logos/:orgId/:name', { anonymous: 404 }, () => ({
    url: `/org-logos/1/${'0'.repeat(64)}.png`,
  })),
  unscopedGet('/get-linkable-workshops/:orgId', SUPER, (side) => `/get-linkable-workshops/${side.org.id}`),
  row('POST', '/create-org-to-workshop', same(allowed(SUPER, 201)), async (f, side) => ({
    url: '/create-org-to-workshop',
    payload: { orgId: side.org.id, workshopId: await f.newWorkshop() },
  })),
  row('DELETE', '/delete-org-workshop/:orgId/:workshopId', same(allowed(SUPER)), async (f, side) => ({
    url: `/delete-org-workshop/${side.org.id}/${await f.newLink(side)}`,
  })),
];
