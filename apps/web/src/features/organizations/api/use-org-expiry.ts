import { ZOrgExpiryReply } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { organizationKeys } from './keys';

export function useOrgExpiry(orgId: number, options: { enabled: boolean }) {
  return useQuery({
    queryKey: organizationKeys.expiry(orgId),
    queryFn: ({ signal }) => api.get(`/check-org-expiry/${orgId}`, { schema: ZOrgExpiryReply, signal }),
    enabled: options.enabled,
  });
}
