import { CONTENT_API, CONTENT_TEXTS, type ContentInput } from '@playshop/shared';
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
        ? api.call(CONTENT_API.create, { body: input })
        : api.call(CONTENT_API.edit, { params: { id }, body: input }),
    onSuccess: (saved) => {
      toastSuccess(id === undefined ? CONTENT_TEXTS.created : CONTENT_TEXTS.updated);
      queryClient.setQueryData(contentKeys.item(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}
