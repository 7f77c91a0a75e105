import { ROOM_API } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { roomKeys } from './keys';

/** Opens a room's lobby from a list: a new game once the last one ended (the game screen follows). */
export function useOpenLobby() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roomId: number) => api.call(ROOM_API.openLobby, { params: { id: roomId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.all }),
  });
}
