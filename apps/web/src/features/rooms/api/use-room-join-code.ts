import { ZRoomJoinCode } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { roomKeys } from './keys';

/** The room's join code for the facilitator screen, with what its link is built on. */
export function useRoomJoinCode(roomId: number | null) {
  return useQuery({
    queryKey: roomKeys.joinCode(roomId),
    queryFn: ({ signal }) => api.get(`/rooms/${roomId}/join-code`, { schema: ZRoomJoinCode, signal }),
    enabled: roomId !== null,
  });
}
