import { ZOrgOption } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/api';
import { organizationKeys } from './keys';

/** Organizations a user form may offer (every one for a super admin, the caller's own otherwise). */
export function useOrgOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: organizationKeys.options,
    queryFn: ({ signal }) => api.get('/get-orgs', { schema: z.array(ZOrgOption), signal }),
  });
}
