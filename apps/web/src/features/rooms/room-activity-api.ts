import { DASHBOARD_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api';
import { roomKeys } from './rooms-api';

/** How often a dashboard asks again for the rooms' state and player counts. */
const ROOM_ACTIVITY_REFRESH_MS = 10_000;

/** Staff: an organization's rooms with their state and players now, kept fresh. */
export function useRoomActivity(orgName: string, enabled = true) {
  return useQuery({
    queryKey: roomKeys.activity(orgName),
    queryFn: ({ signal }) => api.call(DASHBOARD_API.rooms, { params: { org: orgName } }, { signal }),
    refetchInterval: ROOM_ACTIVITY_REFRESH_MS,
    enabled,
  });
}
