import { type AuthzRow, allowed, STAFF, SUPER, same } from './core';
/** Categories: read by staff, changed by the super admin. */
export const categoryRows: AuthzRow[] = [
  {
    method: 'GET',
    path: '/getcategories',
    ...same(allowed(STAFF)),
    request: () => ({ url: '/getcategories' }),
  },
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
