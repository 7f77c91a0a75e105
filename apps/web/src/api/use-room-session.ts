import { ZRoomSessionReply } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { roomKeys } from './room-keys';

/** The room's current session with its content (created at orderIndex 0 the first time). Staff only. */
export function useRoomSession(roomId: number | null) {
  return useQuery({
    queryKey: roomKeys.session(roomId ?? 0),
    queryFn: ({ signal }) =>
      api.post(
        '/check-and-create-room-session',
        { roomSession: { roomId } },
        { schema: ZRoomSessionReply, signal },
      ),
    enabled: roomId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
