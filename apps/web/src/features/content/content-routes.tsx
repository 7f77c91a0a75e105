import type { RouteObject } from 'react-router';
import { guarded, lazyRoute } from '../../route-helpers';

/** `{org}/admin/content…`: the content library, inside the admin layout (super admin only, SPEC §2). */
export const adminContentRoutes: RouteObject[] = [
  guarded('manageContent', [
    lazyRoute(
      'content',
      () => import('./content-library-page'),
      (m) => m.ContentLibraryPage,
    ),
    lazyRoute(
      'content/add-content',
      () => import('./add-content-page'),
      (m) => m.AddContentPage,
    ),
    lazyRoute(
      'content/edit-content/:contentId',
      () => import('./edit-content-page'),
      (m) => m.EditContentPage,
    ),
  ]),
];
