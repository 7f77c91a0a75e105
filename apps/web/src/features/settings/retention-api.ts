import { RETENTION_API } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { useOrgSettingsQuery, useSaveOrgSettings } from '../../api/org-settings';

/** Query keys of an organization's retention. */
export const retentionKeys = { org: (orgId: number) => ['org-retention', orgId] as const };

/** An organization's retention, the next daily run and what it would remove (admins, super admin). */
export function useRetention(orgId: number) {
  return useOrgSettingsQuery(retentionKeys.org(orgId), RETENTION_API.status, orgId);
}

export function useSaveRetention(orgId: number) {
  return useSaveOrgSettings(retentionKeys.org(orgId), RETENTION_API.save, orgId);
}

/** "Apply now": removes what is past the retention; the status is read again afterwards. */
export function useApplyRetention(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(RETENTION_API.run, { params: { id: orgId } }, { notify: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: retentionKeys.org(orgId) }),
  });
}
