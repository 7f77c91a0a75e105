import { ORG_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '../ui/toast';
import { api } from './api';
import { peopleKeys } from './people-query-keys';
import { queryKeys } from './query-keys';

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
        queryClient.invalidateQueries({ queryKey: peopleKeys.linkableWorkshops(orgId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orgWorkshops(orgName) }),
      ]);
    },
  });
}
