import { ORG_API, ORG_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { organizationKeys } from './keys';

/**
 * Links (`link: true`) or unlinks a workshop and an organization. Both lists of the edit screen refresh.
 */
export function useOrgWorkshopLink(orgId: number, orgName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ workshopId, link }: { workshopId: number; link: boolean }) => {
      if (link) await api.call(ORG_API.linkWorkshop, { body: { orgId, workshopId } });
      else await api.call(ORG_API.unlinkWorkshop, { params: { orgId, workshopId } });
    },
    onSuccess: (_reply, { link }) => {
      toastSuccess(link ? ORG_TEXTS.workshopAdded : ORG_TEXTS.workshopRemoved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.linkableWorkshops(orgId) }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.workshops(orgName) }),
      ]);
    },
  });
}
