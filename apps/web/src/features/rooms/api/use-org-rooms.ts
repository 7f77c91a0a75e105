import { ZRoomReply } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/api';
import { roomKeys } from './keys';

const ZRoomList = z.array(ZRoomReply);

export function useOrgRooms(orgName: string) {
  return useQuery({
    queryKey: roomKeys.byOrg(orgName),
    queryFn: ({ signal }) =>
      api.get(`/getroomsbyorgname/${encodeURIComponent(orgName)}`, { schema: ZRoomList, signal }),
  });
}
