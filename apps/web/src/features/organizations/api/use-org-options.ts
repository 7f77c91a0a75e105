import { ORG_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { organizationKeys } from './keys';

/** Organizations a user form may offer (every one for a super admin, the caller's own otherwise). */
export function useOrgOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: organizationKeys.options,
    queryFn: ({ signal }) => api.call(ORG_API.options, {}, { signal }),
  });
}
