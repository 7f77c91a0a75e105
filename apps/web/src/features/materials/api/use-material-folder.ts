import { MATERIAL_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { materialKeys } from './keys';

/**
 * One folder (or subfolder) with its subfolders and files. No toast on failure: the page shows the
 * error in place ('Folder not found' for a folder the caller may not see).
 */
export function useMaterialFolder(folder: string | null | undefined, subfolder?: string) {
  return useQuery({
    queryKey: materialKeys.folder(folder ?? '', subfolder),
    enabled: !!folder,
    queryFn: ({ signal }) =>
      subfolder
        ? api.call(
            MATERIAL_API.subfolder,
            { params: { folder: folder ?? '', subfolder } },
            { signal, notify: false },
          )
        : api.call(MATERIAL_API.folder, { params: { folder: folder ?? '' } }, { signal, notify: false }),
  });
}
