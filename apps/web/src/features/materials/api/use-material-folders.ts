import { MATERIAL_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { materialKeys } from './keys';

/** The top-level folders the caller may see. */
export function useMaterialFolders() {
  return useQuery({
    queryKey: materialKeys.folders,
    queryFn: ({ signal }) => api.call(MATERIAL_API.folders, {}, { signal }),
  });
}
