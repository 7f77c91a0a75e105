import { JOIN_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { roomKeys } from './keys';

/** What a room code opens (public): room, organization, guests allowed, lobby open. */
export function useJoinInfo(code: string) {
  return useQuery({
    queryKey: roomKeys.joinInfo(code),
    queryFn: ({ signal }) =>
      api.call(JOIN_API.info, { params: { code } }, { signal, auth: false, notify: false }),
    retry: false,
  });
}
