import { CONTENT_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { contentKeys } from './keys';

/** Deletes a content item; the server refuses one a session uses, naming the sessions. */
export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request(`/delete-content/${id}`, { method: 'DELETE', notify: false }),
    onSuccess: () => {
      toastSuccess(CONTENT_TEXTS.deleted);
      return queryClient.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}
