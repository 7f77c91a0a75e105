import { ROOM_API, ROOM_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { roomKeys } from './keys';

export function useDeleteRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(ROOM_API.remove, { params: { id } }),
    onSuccess: () => {
      toastSuccess(ROOM_TEXTS.deleted);
      return queryClient.invalidateQueries({ queryKey: roomKeys.all });
    },
  });
}
