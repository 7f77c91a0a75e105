import { WORKSHOP_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { workshopKeys } from './keys';

/** A workshop with its sessions and their ordered content. */
export function useWorkshop(id: number | null) {
  return useQuery({
    queryKey: workshopKeys.item(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => api.call(WORKSHOP_API.byId, { params: { id: id ?? 0 } }, { signal }),
  });
}
