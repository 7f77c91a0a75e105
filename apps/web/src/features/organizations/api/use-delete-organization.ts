import { ORG_API, ORG_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { organizationKeys } from './keys';

export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(ORG_API.remove, { params: { id } }),
    onSuccess: () => {
      toastSuccess(ORG_TEXTS.deleted);
      return queryClient.invalidateQueries({ queryKey: organizationKeys.all });
    },
  });
}
