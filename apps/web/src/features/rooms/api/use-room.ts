import { ROOM_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { roomKeys } from './keys';

/** One room by id; pass null for an id that is not a whole number (nothing is fetched). */
export function useRoom(roomId: number | null) {
  return useQuery({
    queryKey: roomKeys.item(roomId ?? 0),
    queryFn: ({ signal }) => api.call(ROOM_API.byId, { params: { id: roomId ?? 0 } }, { signal }),
    enabled: roomId !== null,
  });
}
