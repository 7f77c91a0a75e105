import type { AuthzRow } from './core';
import { allowed, row, STAFF, SUPER, same, unscopedGet } from './core';
/** Categories: read by staff, changed by the super admin. */
export const categoryRows: AuthzRow[] = [
  unscopedGet('/getcategories', STAFF),
  row('POST', '/createcategory', same(allowed(SUPER, 201)), (f) => ({
    url: '/createcategory',
    payload: { name: f.unique('Category') },
  })),
  row('POST', '/deletecategory/:id', same(allowed(SUPER)), async (f) => ({
    url: `/deletecategory/${await f.newCategory()}`,
  })),
];
