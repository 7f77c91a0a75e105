import { ZRoomReply } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api';
import { queryKeys } from './query-keys';

const ZRoomList = z.array(ZRoomReply);

export function useOrgRooms(orgName: string) {
  return useQuery({
    queryKey: queryKeys.orgRooms(orgName),
    queryFn: ({ signal }) =>
      api.get(`/getroomsbyorgname/${encodeURIComponent(orgName)}`, { schema: ZRoomList, signal }),
  });
}
