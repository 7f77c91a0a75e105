import {
  ADMINS,
  type AuthzRow,
  allowed,
  enc,
  STAFF,
  SUPER,
  same,
  scoped,
  scopedGet,
  unscopedGet,
} from './core';
/** Organizations: the table, records, linked workshops (super admin), own settings (admins). */
export const organizationRows: AuthzRow[] = [
  scopedGet('/get-org-by-name/:name', STAFF, (side) => `/get-org-by-name/${enc(side.org.name)}`),
  scopedGet('/get-org-by-id/:id', STAFF, (side) => `/get-org-by-id/${side.org.id}`),
  // Everyone allowed sees a list; what it holds is scoped (tested in orgs.test.ts).
  unscopedGet('/get-orgs', STAFF),
  unscopedGet('/count-orgs', SUPER),
  unscopedGet('/get-paginated-orgs/:page/:size', SUPER, '/get-paginated-orgs/1/10'),
  unscopedGet('/search-orgs/:term', SUPER, (side) => `/search-orgs/${enc(side.org.name)}`),
  {
    method: 'POST',
    path: '/create-organization',
    ...same(allowed(SUPER, 201)),
    request: (f) => ({ url: '/create-organization', payload: { name: f.unique('New Org') } }),
  },
  {
    method: 'PATCH',
    path: '/edit-org',
    // An admin may change the General fields of their own organization only.
    own: allowed(ADMINS),
    other: scoped(ADMINS),
    request: (_f, side) => ({ url: '/edit-org', payload: { id: side.org.id, phone: '555 0100' } }),
  },
  {
    method: 'DELETE',
    path: '/delete-organization/:id',
    ...same(allowed(SUPER)),
    request: async (f) => ({ url: `/delete-organization/${await f.newEmptyOrg()}` }),
  },
  // Branding (issue 32): an admin sets their own organization's look; the logo is served to anyone.
  scopedGet('/org-branding/:orgId', STAFF, (side) => `/org-branding/${side.org.id}`),
  {
    method: 'PUT',
    path: '/org-branding',
    own: allowed(ADMINS),
    other: scoped(ADMINS),
    request: (_f, side) => ({
      url: '/org-branding',
      payload: { orgId: side.org.id, primaryColor: '#0b7285', accentColor: null },
    }),
  },
  {
    method: 'PUT',
    path: '/org-logo',
    own: allowed(ADMINS),
    other: scoped(ADMINS),
    request: (_f, side) => ({
      url: '/org-logo',
      payload: {
        orgId: side.org.id,
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'),
      },
    }),
  },
  {
    method: 'DELETE',
    path: '/org-logo/:orgId',
    own: allowed(ADMINS),
    other: scoped(ADMINS),
    request: (_f, side) => ({ url: `/org-logo/${side.org.id}` }),
  },
  {
    method: 'GET',
    path: '/org-logos/:orgId/:name',
    anonymous: 404,
    request: () => ({ url: `/org-logos/1/${'0'.repeat(64)}.png` }),
  },
  unscopedGet('/get-linkable-workshops/:orgId', SUPER, (side) => `/get-linkable-workshops/${side.org.id}`),
  {
    method: 'POST',
    path: '/create-org-to-workshop',
    ...same(allowed(SUPER, 201)),
    request: async (f, side) => ({
      url: '/create-org-to-workshop',
      payload: { orgId: side.org.id, workshopId: await f.newWorkshop() },
    }),
  },
  {
    method: 'DELETE',
    path: '/delete-org-workshop/:orgId/:workshopId',
    ...same(allowed(SUPER)),
    request: async (f, side) => ({ url: `/delete-org-workshop/${side.org.id}/${await f.newLink(side)}` }),
  },
];
