import { WORKSHOP_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '../ui/toast';
import { api } from './api';
import { workshopKeys } from './content-keys';

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request(`/delete-session/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      toastSuccess(WORKSHOP_TEXTS.sessionDeleted);
      return queryClient.invalidateQueries({ queryKey: workshopKeys.all });
    },
  });
}
