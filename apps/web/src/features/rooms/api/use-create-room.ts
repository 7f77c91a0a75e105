import { type CreateRoomInput, ROOM_API, ROOM_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { roomKeys } from './keys';

/** An admin creates a room on one of the organization's workshops. */
export function useCreateRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateRoomInput) => api.call(ROOM_API.create, { body: input }, { notify: false }),
    onSuccess: () => {
      toastSuccess(ROOM_TEXTS.created);
      return queryClient.invalidateQueries({ queryKey: roomKeys.all });
    },
  });
}
