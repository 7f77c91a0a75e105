import { ZMaterialFoldersReply } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { materialKeys } from './keys';

/** GET /materials/folders: the top-level folders the caller may see. */
export function useMaterialFolders() {
  return useQuery({
    queryKey: materialKeys.folders,
    queryFn: ({ signal }) => api.get('/materials/folders', { schema: ZMaterialFoldersReply, signal }),
  });
}
