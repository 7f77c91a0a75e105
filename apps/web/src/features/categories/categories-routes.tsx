import type { RouteObject } from 'react-router';
import { guarded, lazyRoute } from '../../route-helpers';

/** `{org}/admin/categories`, inside the admin layout (super admin only, SPEC §2). */
export const adminCategoriesRoutes: RouteObject[] = [
  guarded('manageCategories', [
    lazyRoute(
      'categories',
      () => import('./categories-page'),
      (m) => m.CategoriesPage,
    ),
  ]),
];
