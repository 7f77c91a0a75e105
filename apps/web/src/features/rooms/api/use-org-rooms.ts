import { ROOM_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { roomKeys } from './keys';

export function useOrgRooms(orgName: string) {
  return useQuery({
    queryKey: roomKeys.byOrg(orgName),
    queryFn: ({ signal }) => api.call(ROOM_API.byOrgName, { params: { org: orgName } }, { signal }),
  });
}
