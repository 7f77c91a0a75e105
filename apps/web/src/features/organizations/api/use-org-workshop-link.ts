import { ORG_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { organizationKeys } from './keys';

/**
 * Links (`link: true`) or unlinks a workshop and an organization: POST /create-org-to-workshop or
 * DELETE /delete-org-workshop/{orgId}/{workshopId}. Both lists of the edit screen refresh.
 */
export function useOrgWorkshopLink(orgId: number, orgName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workshopId, link }: { workshopId: number; link: boolean }) =>
      link
        ? api.post('/create-org-to-workshop', { orgId, workshopId })
        : api.request(`/delete-org-workshop/${orgId}/${workshopId}`, { method: 'DELETE' }),
    onSuccess: (_reply, { link }) => {
      toastSuccess(link ? ORG_TEXTS.workshopAdded : ORG_TEXTS.workshopRemoved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.linkableWorkshops(orgId) }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.workshops(orgName) }),
      ]);
    },
  });
}
