import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../auth/require-permission';
import { lazyComponent } from '../../lazy-component';

/** `{org}/admin/content…`: the content library, inside the admin layout (super admin only, SPEC §2). */
export const adminContentRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="manageContent" />,
    children: [
      {
        path: 'content',
        lazy: lazyComponent(
          () => import('./content-library-page'),
          (m) => m.ContentLibraryPage,
        ),
      },
      {
        path: 'content/add-content',
        lazy: lazyComponent(
          () => import('./add-content-page'),
          (m) => m.AddContentPage,
        ),
      },
      {
        path: 'content/edit-content/:contentId',
        lazy: lazyComponent(
          () => import('./edit-content-page'),
          (m) => m.EditContentPage,
        ),
      },
    ],
  },
];
