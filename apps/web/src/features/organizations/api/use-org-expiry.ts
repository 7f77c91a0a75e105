import { ORG_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { organizationKeys } from './keys';

export function useOrgExpiry(orgId: number, options: { enabled: boolean }) {
  return useQuery({
    queryKey: organizationKeys.expiry(orgId),
    queryFn: ({ signal }) => api.call(ORG_API.checkExpiry, { params: { orgId } }, { signal }),
    enabled: options.enabled,
  });
}
