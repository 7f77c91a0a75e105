import { CONTENT_API, CONTENT_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { contentKeys } from './keys';

/** Deletes a content item; the server refuses one a session uses, naming the sessions. */
export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(CONTENT_API.remove, { params: { id } }, { notify: false }),
    onSuccess: () => {
      toastSuccess(CONTENT_TEXTS.deleted);
      return queryClient.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}
