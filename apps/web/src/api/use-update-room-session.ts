import { ZRoomSessionReply } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { roomKeys } from './room-keys';

/** Moves the room on to another session of its workshop (SPEC §4 Sending content). */
export function useUpdateRoomSession(roomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currentSectionId: number) =>
      api.request('/update-room-session', {
        method: 'PATCH',
        body: { roomId, currentSectionId },
        schema: ZRoomSessionReply,
      }),
    // The next session's content is the queue of the next game, not of this one.
    onSuccess: (reply) => queryClient.setQueryData(roomKeys.session(roomId), reply),
  });
}
