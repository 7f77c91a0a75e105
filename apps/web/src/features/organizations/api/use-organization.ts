import { ORG_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { organizationKeys } from './keys';

/** One organization by id (the caller's own, or any for a super admin). */
export function useOrganization(id: number) {
  return useQuery({
    queryKey: organizationKeys.item(id),
    enabled: Number.isInteger(id) && id > 0,
    queryFn: ({ signal }) => api.call(ORG_API.byId, { params: { id } }, { signal }),
  });
}
