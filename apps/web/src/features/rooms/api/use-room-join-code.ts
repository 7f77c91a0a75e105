import { JOIN_API, type RoomJoinCode } from '@playshop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { roomKeys } from './keys';

/** The room's join code for the facilitator screen, with what its link is built on and its guest rule. */
export function useRoomJoinCode(roomId: number | null) {
  return useQuery({
    queryKey: roomKeys.joinCode(roomId),
    queryFn: ({ signal }) => api.call(JOIN_API.joinCode, { params: { id: roomId ?? 0 } }, { signal }),
    enabled: roomId !== null,
    // No polling: the game socket of the screen showing it says when the code changes (use-game-socket).
  });
}

/** Every screen of this browser showing the room's code (the presenter too) gets the new one. */
function useStoreJoinCode(roomId: number) {
  const queryClient = useQueryClient();
  return (reply: RoomJoinCode) => queryClient.setQueryData(roomKeys.joinCode(roomId), reply);
}

/** A new code on demand; the old one then answers 'This code has been replaced'. */
export function useReplaceJoinCode(roomId: number) {
  const store = useStoreJoinCode(roomId);
  return useMutation({
    mutationFn: () => api.call(JOIN_API.replaceCode, { params: { id: roomId } }),
    onSuccess: store,
  });
}

/** The facilitator allows or refuses guests for this room (null: the organization's setting). */
export function useSetRoomGuests(roomId: number) {
  const store = useStoreJoinCode(roomId);
  return useMutation({
    mutationFn: (allowGuests: boolean | null) =>
      api.call(JOIN_API.setGuests, { params: { id: roomId }, body: { allowGuests } }),
    onSuccess: store,
  });
}
