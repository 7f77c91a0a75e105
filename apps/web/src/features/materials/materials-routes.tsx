import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../auth/require-permission';
import { lazyComponent } from '../../lazy-component';
import { type MaterialsArea, MaterialsAreaRoute } from './materials-area';

const foldersPage = lazyComponent(
  () => import('./folders-page'),
  (m) => m.MaterialsFoldersPage,
);
const folderPage = lazyComponent(
  () => import('./folder-page'),
  (m) => m.MaterialsFolderPage,
);

/** Browsing and downloading: the same screens in every area. */
const browseRoutes: RouteObject[] = [
  { index: true, lazy: foldersPage },
  { path: ':folderName', lazy: folderPage },
  { path: ':folderName/:subFolderName', lazy: folderPage },
];

function materialsRoute(area: MaterialsArea, children: RouteObject[]): RouteObject {
  return { path: 'materials', element: <MaterialsAreaRoute area={area} />, children };
}

const renamePage = lazyComponent(
  () => import('./rename-folder-page'),
  (m) => m.RenameFolderPage,
);

/**
 * `{org}/admin/materials` (+ folder, subfolder, their `/edit`, and `upload`), inside the admin
 * layout. Upload and rename are for `manageMaterials` roles; the server checks every call anyway.
 * A folder named 'upload', or a subfolder named 'edit', is hidden by these fixed paths (SPEC §2).
 */
export const adminMaterialsRoutes: RouteObject[] = [
  materialsRoute('admin', [
    ...browseRoutes,
    {
      element: <RequirePermission permission="manageMaterials" />,
      children: [
        {
          path: 'upload',
          lazy: lazyComponent(
            () => import('./upload-material-page'),
            (m) => m.UploadMaterialPage,
          ),
        },
        { path: ':folderName/edit', lazy: renamePage },
        { path: ':folderName/:subFolderName/edit', lazy: renamePage },
      ],
    },
  ]),
];

/** `{org}/facilitator/online` (info page) and `online/materials…`, inside the facilitator layout. */
export const facilitatorOnlineRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyComponent(
      () => import('../facilitator/online-info-page'),
      (m) => m.OnlineInfoPage,
    ),
  },
  materialsRoute('online', browseRoutes),
];

/** `{org}/facilitator/traditional` (info page) and `traditional/materials…`, in the FacilitatorFrame. */
export const facilitatorTraditionalRoutes: RouteObject[] = [
  {
    path: 'traditional',
    children: [
      {
        index: true,
        lazy: lazyComponent(
          () => import('../facilitator/traditional-info-page'),
          (m) => m.TraditionalInfoPage,
        ),
      },
      materialsRoute('traditional', browseRoutes),
    ],
  },
];
