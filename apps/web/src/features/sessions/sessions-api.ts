import { SESSIONS_API } from '@playshop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

/** Query keys of the sign-in sessions. */
export const sessionKeys = { mine: ['sessions', 'mine'] as const };

/** Where the signed-in staff member is signed in: their live sessions, this one marked. */
export function useMySessions() {
  return useQuery({
    queryKey: sessionKeys.mine,
    queryFn: ({ signal }) => api.call(SESSIONS_API.mine, {}, { signal }),
  });
}

/** Signs out one session of one's own, or every other one (`id` null). */
export function useEndMySessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      id === null ? api.call(SESSIONS_API.endOthers, {}) : api.call(SESSIONS_API.endMine, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.mine }),
  });
}

/** An admin signs a user of the organization out everywhere. */
export function useSignUserOut(userId: number) {
  return useMutation({
    mutationFn: () => api.call(SESSIONS_API.endUser, { params: { id: userId } }),
  });
}
