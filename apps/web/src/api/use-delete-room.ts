import { ROOM_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '../ui/toast';
import { api } from './api';

export function useDeleteRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request(`/deleteroom/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      toastSuccess(ROOM_TEXTS.deleted);
      return queryClient.invalidateQueries({ queryKey: ['rooms'] });
    },
  });
}
