import { USER_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { userKeys } from './keys';
import type { UserKind } from './use-users-page';

/** DELETE /delete-{kind}/{id}; the lists refresh without a reload. */
export function useDeleteUser(kind: UserKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request(`/delete-${kind}/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      toastSuccess(USER_TEXTS.deleted);
      return queryClient.invalidateQueries({ queryKey: userKeys.all(kind) });
    },
  });
}
