import { guarded, lazyRoute } from '../../route-helpers';

/** `{org}/admin/content…`: the content library, inside the admin layout (super admin only, SPEC §2). */
export const adminContentRoutes = [
  guarded('manageContent', [
    lazyRoute('content', () => import('./content-library-page'), 'ContentLibraryPage'),
    lazyRoute('content/add-content', () => import('./add-content-page'), 'AddContentPage'),
    lazyRoute('content/edit-content/:contentId', () => import('./edit-content-page'), 'EditContentPage'),
  ]),
];
