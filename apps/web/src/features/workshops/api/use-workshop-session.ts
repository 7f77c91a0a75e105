import { WORKSHOP_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { workshopKeys } from './keys';

/** One session with its ordered content. */
export function useWorkshopSession(id: number | null) {
  return useQuery({
    queryKey: workshopKeys.session(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => api.call(WORKSHOP_API.session, { params: { id: id ?? 0 } }, { signal }),
  });
}
