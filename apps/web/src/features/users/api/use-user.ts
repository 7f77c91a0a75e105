import { USER_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { userKeys } from './keys';
import type { UserKind } from './use-users-page';

/** One admin or player, for the edit screens (404 for another organization's). */
export function useUser(kind: UserKind, id: number) {
  return useQuery({
    queryKey: userKeys.item(kind, id),
    enabled: Number.isInteger(id) && id > 0,
    queryFn: ({ signal }) => api.call(USER_API[kind].byId, { params: { id } }, { signal }),
  });
}
