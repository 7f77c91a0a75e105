import { type CreateRoomInput, ROOM_TEXTS, ZRoomReply } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { roomKeys } from './keys';

/** POST /createroom: an admin creates a room on one of the organization's workshops. */
export function useCreateRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateRoomInput) =>
      api.post('/createroom', input, { schema: ZRoomReply, notify: false }),
    onSuccess: () => {
      toastSuccess(ROOM_TEXTS.created);
      return queryClient.invalidateQueries({ queryKey: roomKeys.all });
    },
  });
}
