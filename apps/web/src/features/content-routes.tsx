import type { RouteObject } from 'react-router';
import { RequirePermission } from '../auth/require-permission';
import { lazyComponent } from '../lazy-component';

/** The content library and the workshop builder under `{org}/admin` (super admin only, SPEC §2). */
export const adminContentRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="manageContent" />,
    children: [
      {
        path: 'content',
        lazy: lazyComponent(
          () => import('./content/content-library-page'),
          (m) => m.ContentLibraryPage,
        ),
      },
      {
        path: 'content/add-content',
        lazy: lazyComponent(
          () => import('./content/add-content-page'),
          (m) => m.AddContentPage,
        ),
      },
      {
        path: 'content/edit-content/:contentId',
        lazy: lazyComponent(
          () => import('./content/edit-content-page'),
          (m) => m.EditContentPage,
        ),
      },
    ],
  },
  {
    element: <RequirePermission permission="manageWorkshops" />,
    children: [
      {
        path: 'workshops',
        lazy: lazyComponent(
          () => import('./workshops/workshop-list-page'),
          (m) => m.WorkshopListPage,
        ),
      },
      {
        path: 'workshops/add-workshop',
        lazy: lazyComponent(
          () => import('./workshops/add-workshop-page'),
          (m) => m.AddWorkshopPage,
        ),
      },
      {
        path: 'workshops/edit/:id',
        lazy: lazyComponent(
          () => import('./workshops/edit-workshop-page'),
          (m) => m.EditWorkshopPage,
        ),
      },
      {
        path: 'workshops/edit/:id/session/:sessionId',
        lazy: lazyComponent(
          () => import('./workshops/edit-session-page'),
          (m) => m.EditSessionPage,
        ),
      },
    ],
  },
];
