import { ZJoinInfo } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { roomKeys } from './keys';

/** What a room code opens (public): room, organization, guests allowed, lobby open. */
export function useJoinInfo(code: string) {
  return useQuery({
    queryKey: roomKeys.joinInfo(code),
    queryFn: ({ signal }) =>
      api.get(`/join/${encodeURIComponent(code)}`, { schema: ZJoinInfo, signal, auth: false, notify: false }),
    retry: false,
  });
}
