import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../auth/require-permission';
import { lazyComponent } from '../../lazy-component';

/** `{org}/admin/workshops…`: the workshop builder, inside the admin layout (super admin only, SPEC §2). */
export const adminWorkshopsRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="manageWorkshops" />,
    children: [
      {
        path: 'workshops',
        lazy: lazyComponent(
          () => import('./workshop-list-page'),
          (m) => m.WorkshopListPage,
        ),
      },
      {
        path: 'workshops/add-workshop',
        lazy: lazyComponent(
          () => import('./add-workshop-page'),
          (m) => m.AddWorkshopPage,
        ),
      },
      {
        path: 'workshops/edit/:id',
        lazy: lazyComponent(
          () => import('./edit-workshop-page'),
          (m) => m.EditWorkshopPage,
        ),
      },
      {
        path: 'workshops/edit/:id/session/:sessionId',
        lazy: lazyComponent(
          () => import('./edit-session-page'),
          (m) => m.EditSessionPage,
        ),
      },
    ],
  },
];
