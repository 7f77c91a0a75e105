import type { RouteObject } from 'react-router';
import { guarded, lazyComponent, lazyRoute } from '../../route-helpers';
import type { MaterialsArea } from './materials-area';

const foldersPage = lazyComponent(() => import('./folders-page'), 'MaterialsFoldersPage');
const folderPage = lazyComponent(() => import('./folder-page'), 'MaterialsFolderPage');

/** Browsing and downloading: the same screens in every area. */
const browseRoutes: RouteObject[] = [
  { index: true, lazy: foldersPage },
  { path: ':folderName', lazy: folderPage },
  { path: ':folderName/:subFolderName', lazy: folderPage },
];

// Loaded with the area's first materials screen, not in the entry (a player never opens one).
function materialsRoute(area: MaterialsArea, children: RouteObject[]): RouteObject {
  const lazy = async () => {
    const { MaterialsAreaRoute } = await import('./materials-area');
    return { element: <MaterialsAreaRoute area={area} /> };
  };
  return { path: 'materials', lazy, children };
}

const renamePage = lazyComponent(() => import('./rename-folder-page'), 'RenameFolderPage');

/**
 * `{org}/admin/materials` (+ folder, subfolder, their `/edit`, and `upload`), inside the admin
 * layout. Upload and rename are for `manageMaterials` roles; the server checks every call anyway.
 * A folder named 'upload', or a subfolder named 'edit', is hidden by these fixed paths (SPEC §2).
 */
export const adminMaterialsRoutes: RouteObject[] = [
  materialsRoute('admin', [
    ...browseRoutes,
    guarded('manageMaterials', [
      lazyRoute('upload', () => import('./upload-material-page'), 'UploadMaterialPage'),
      { path: ':folderName/edit', lazy: renamePage },
      { path: ':folderName/:subFolderName/edit', lazy: renamePage },
    ]),
  ]),
];

/** `online/materials…`, inside the facilitator layout. */
export const onlineMaterialsRoute = materialsRoute('online', browseRoutes);

/** `traditional/materials…`, in the FacilitatorFrame. */
export const traditionalMaterialsRoute = materialsRoute('traditional', browseRoutes);
