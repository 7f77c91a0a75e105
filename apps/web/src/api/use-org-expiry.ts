import { ZOrgExpiryReply } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './query-keys';

export function useOrgExpiry(orgId: number, options: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.orgExpiry(orgId),
    queryFn: ({ signal }) => api.get(`/check-org-expiry/${orgId}`, { schema: ZOrgExpiryReply, signal }),
    enabled: options.enabled,
  });
}
