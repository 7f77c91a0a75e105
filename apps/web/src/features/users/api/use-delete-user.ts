import { USER_API, USER_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { userKeys } from './keys';
import type { UserKind } from './use-users-page';

/** Deletes an admin or player; the lists refresh without a reload. */
export function useDeleteUser(kind: UserKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(USER_API[kind].remove, { params: { id } }),
    onSuccess: () => {
      toastSuccess(USER_TEXTS.deleted);
      return queryClient.invalidateQueries({ queryKey: userKeys.all(kind) });
    },
  });
}
