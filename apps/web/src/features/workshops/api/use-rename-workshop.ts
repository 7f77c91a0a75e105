import { WORKSHOP_API, WORKSHOP_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { workshopKeys } from './keys';

export function useRenameWorkshop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; name: string }) => api.call(WORKSHOP_API.rename, { body: input }),
    onSuccess: () => {
      toastSuccess(WORKSHOP_TEXTS.renamed);
      return queryClient.invalidateQueries({ queryKey: workshopKeys.all });
    },
  });
}
