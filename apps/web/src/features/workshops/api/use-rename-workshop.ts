import { WORKSHOP_TEXTS, ZWorkshopListItem } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { workshopKeys } from './keys';

export function useRenameWorkshop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; name: string }) =>
      api.request('/edit-workshop-name', { method: 'PATCH', body: input, schema: ZWorkshopListItem }),
    onSuccess: () => {
      toastSuccess(WORKSHOP_TEXTS.renamed);
      return queryClient.invalidateQueries({ queryKey: workshopKeys.all });
    },
  });
}
