import { can } from '@playshop/shared';
import { createContext, useContext } from 'react';
import { Outlet, useParams } from 'react-router';
import { useCurrentUser } from '../../auth/auth-provider';

/**
 * Where the materials screens are mounted: the admin area, or the facilitator's online (with its
 * sidebar) or traditional (no sidebar) delivery. The same screens serve all three.
 */
export type MaterialsArea = 'admin' | 'online' | 'traditional';

const MaterialsAreaContext = createContext<MaterialsArea>('admin');

/** The parent route of one area's materials screens: tells them which area they are in. */
export function MaterialsAreaRoute({ area }: { area: MaterialsArea }) {
  return (
    <MaterialsAreaContext.Provider value={area}>
      <Outlet />
    </MaterialsAreaContext.Provider>
  );
}

interface MaterialsPaths {
  area: MaterialsArea;
  /** `/{org}/admin/materials` or `/{org}/facilitator/{online|traditional}/materials`. */
  root: string;
  folderHref: (folder: string, subfolder?: string) => string;
  /** The upload page, optionally with a folder (and subfolder) chosen. */
  uploadHref: (folder?: string, subfolder?: string) => string;
  /**
   * Upload, rename and delete: the admin area only, and only for roles with `manageMaterials`
   * (the server refuses the rest anyway). The facilitator screens are read-only for everyone.
   */
  canManage: boolean;
}

export function useMaterialsPaths(): MaterialsPaths {
  const area = useContext(MaterialsAreaContext);
  const org = useParams().org ?? '';
  const role = useCurrentUser()?.role;
  const areaPath = area === 'admin' ? 'admin' : `facilitator/${area}`;
  const root = `/${encodeURIComponent(org)}/${areaPath}/materials`;
  return {
    area,
    root,
    folderHref: (folder, subfolder) =>
      [root, ...(subfolder ? [folder, subfolder] : [folder]).map(encodeURIComponent)].join('/'),
    uploadHref: (folder, subfolder) => {
      const query = new URLSearchParams();
      if (folder) query.set('folder', folder);
      if (subfolder) query.set('subfolder', subfolder);
      const search = query.toString();
      return `${root}/upload${search ? `?${search}` : ''}`;
    },
    canManage: area === 'admin' && can(role, 'manageMaterials'),
  };
}
