import { guarded, lazyRoute } from '../../route-helpers';

/** `{org}/admin/workshops…`: the workshop builder, inside the admin layout (super admin only, SPEC §2). */
export const adminWorkshopsRoutes = [
  guarded('manageWorkshops', [
    lazyRoute('workshops', () => import('./workshop-list-page'), 'WorkshopListPage'),
    lazyRoute('workshops/add-workshop', () => import('./add-workshop-page'), 'AddWorkshopPage'),
    lazyRoute('workshops/edit/:id', () => import('./edit-workshop-page'), 'EditWorkshopPage'),
    lazyRoute(
      'workshops/edit/:id/session/:sessionId',
      () => import('./edit-session-page'),
      'EditSessionPage',
    ),
  ]),
];
