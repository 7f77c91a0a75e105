import { guarded, lazyRoute } from '../../route-helpers';

/** `{org}/admin/categories`, inside the admin layout (super admin only, SPEC §2). */
export const adminCategoriesRoutes = [
  guarded('manageCategories', [lazyRoute('categories', () => import('./categories-page'), 'CategoriesPage')]),
];
