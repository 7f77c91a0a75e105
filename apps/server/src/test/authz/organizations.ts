import { ADMINS, type AuthzRow, allowed, enc, STAFF, SUPER, same, scoped } from './core';
/** Organizations: the table, records, linked workshops (super admin), own settings (admins). */
export const organizationRows: AuthzRow[] = [
  {
    method: 'GET',
    path: '/get-org-by-name/:name',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: (_f, side) => ({ url: `/get-org-by-name/${enc(side.org.name)}` }),
  },
  {
    method: 'GET',
    path: '/get-org-by-id/:id',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: (_f, side) => ({ url: `/get-org-by-id/${side.org.id}` }),
  },
  // Everyone allowed sees a list; what it holds is scoped (tested in orgs.test.ts).
  { method: 'GET', path: '/get-orgs', ...same(allowed(STAFF)), request: () => ({ url: '/get-orgs' }) },
  { method: 'GET', path: '/count-orgs', ...same(allowed(SUPER)), request: () => ({ url: '/count-orgs' }) },
  {
    method: 'GET',
    path: '/get-paginated-orgs/:page/:size',
    ...same(allowed(SUPER)),
    request: () => ({ url: '/get-paginated-orgs/1/10' }),
  },
  {
    method: 'GET',
    path: '/search-orgs/:term',
    ...same(allowed(SUPER)),
    request: (_f, side) => ({ url: `/search-orgs/${enc(side.org.name)}` }),
  },
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
  {
    method: 'GET',
    path: '/get-linkable-workshops/:orgId',
    ...same(allowed(SUPER)),
    request: (_f, side) => ({ url: `/get-linkable-workshops/${side.org.id}` }),
  },
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
