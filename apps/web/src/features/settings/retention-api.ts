import { RETENTION_API, type RetentionSettings } from '@playshop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

/** Query keys of an organization's retention. */
export const retentionKeys = { org: (orgId: number) => ['org-retention', orgId] as const };

/** An organization's retention, the next daily run and what it would remove (admins, super admin). */
export function useRetention(orgId: number) {
  return useQuery({
    queryKey: retentionKeys.org(orgId),
    queryFn: ({ signal }) => api.call(RETENTION_API.status, { params: { id: orgId } }, { signal }),
  });
}

export function useSaveRetention(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RetentionSettings) =>
      api.call(RETENTION_API.save, { params: { id: orgId }, body }, { notify: false }),
    onSuccess: (saved) => client.setQueryData(retentionKeys.org(orgId), saved),
  });
}

/** "Apply now": removes what is past the retention; the status is read again afterwards. */
export function useApplyRetention(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(RETENTION_API.run, { params: { id: orgId } }, { notify: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: retentionKeys.org(orgId) }),
  });
}
