import { type AuthzRow, allowed, STAFF, SUPER, same, unscopedGet } from './core';
/** Categories: read by staff, changed by the super admin. */
export const categoryRows: AuthzRow[] = [
  unscopedGet('/getcategories', STAFF),
  {
    method: 'POST',
    path: '/createcategory',
    ...same(allowed(SUPER, 201)),
    request: (f) => ({ url: '/createcategory', payload: { name: f.unique('Category') } }),
  },
  {
    method: 'POST',
    path: '/deletecategory/:id',
    ...same(allowed(SUPER)),
    request: async (f) => ({ url: `/deletecategory/${await f.newCategory()}` }),
  },
];
