import { WORKSHOP_API, WORKSHOP_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { workshopKeys } from './keys';

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(WORKSHOP_API.removeSession, { params: { id } }),
    onSuccess: () => {
      toastSuccess(WORKSHOP_TEXTS.sessionDeleted);
      return queryClient.invalidateQueries({ queryKey: workshopKeys.all });
    },
  });
}
