import type { RouteObject } from 'react-router';
import { guarded, lazyRoute } from '../../route-helpers';

/** `{org}/admin/workshops…`: the workshop builder, inside the admin layout (super admin only, SPEC §2). */
export const adminWorkshopsRoutes: RouteObject[] = [
  guarded('manageWorkshops', [
    lazyRoute(
      'workshops',
      () => import('./workshop-list-page'),
      (m) => m.WorkshopListPage,
    ),
    lazyRoute(
      'workshops/add-workshop',
      () => import('./add-workshop-page'),
      (m) => m.AddWorkshopPage,
    ),
    lazyRoute(
      'workshops/edit/:id',
      () => import('./edit-workshop-page'),
      (m) => m.EditWorkshopPage,
    ),
    lazyRoute(
      'workshops/edit/:id/session/:sessionId',
      () => import('./edit-session-page'),
      (m) => m.EditSessionPage,
    ),
  ]),
];
