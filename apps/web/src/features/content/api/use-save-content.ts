import { CONTENT_TEXTS, type ContentInput, ZContentReply } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { contentKeys } from './keys';

/** Creates (no id) or replaces (id) a content item. */
export function useSaveContent(id?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContentInput) =>
      id === undefined
        ? api.post('/create-content', input, { schema: ZContentReply })
        : api.request(`/edit-content/${id}`, { method: 'PATCH', body: input, schema: ZContentReply }),
    onSuccess: (saved) => {
      toastSuccess(id === undefined ? CONTENT_TEXTS.created : CONTENT_TEXTS.updated);
      queryClient.setQueryData(contentKeys.item(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}
