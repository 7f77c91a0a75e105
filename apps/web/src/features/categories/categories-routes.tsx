import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../auth/require-permission';
import { lazyComponent } from '../../lazy-component';

/** `{org}/admin/categories`, inside the admin layout (super admin only, SPEC §2). */
export const adminCategoriesRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="manageCategories" />,
    children: [
      {
        path: 'categories',
        lazy: lazyComponent(
          () => import('./categories-page'),
          (m) => m.CategoriesPage,
        ),
      },
    ],
  },
];
