import { RETENTION_API, type RetentionSettings } from '@playshop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

const retentionKey = (orgId: number) => ['org-retention', orgId];

/** An organization's retention, the next daily run and what it would remove (admins, super admin). */
export function useRetention(orgId: number) {
  return useQuery({
    queryKey: retentionKey(orgId),
    queryFn: ({ signal }) => api.call(RETENTION_API.status, { params: { id: orgId } }, { signal }),
  });
}

export function useSaveRetention(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RetentionSettings) =>
      api.call(RETENTION_API.save, { params: { id: orgId }, body }, { notify: false }),
    onSuccess: (saved) => client.setQueryData(retentionKey(orgId), saved),
  });
}

/** "Apply now": removes what is past the retention; the status is read again afterwards. */
export function useApplyRetention(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(RETENTION_API.run, { params: { id: orgId } }, { notify: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: retentionKey(orgId) }),
  });
}
