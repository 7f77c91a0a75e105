import { JOIN_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { roomKeys } from './keys';

/** The room's join code for the facilitator screen, with what its link is built on. */
export function useRoomJoinCode(roomId: number | null) {
  return useQuery({
    queryKey: roomKeys.joinCode(roomId),
    queryFn: ({ signal }) => api.call(JOIN_API.joinCode, { params: { id: roomId ?? 0 } }, { signal }),
    enabled: roomId !== null,
  });
}
