import { WORKSHOP_TEXTS, ZSessionReply } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { workshopKeys } from './keys';

/** Renames a session and replaces its ordered content. */
export function useEditSession(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; content: number[] }) =>
      api.request(`/edit-session/${id}`, {
        method: 'PATCH',
        body: {
          name: input.name,
          sessionContent: input.content.map((contentBaseId, orderIndex) => ({ contentBaseId, orderIndex })),
        },
        schema: ZSessionReply,
      }),
    onSuccess: (saved) => {
      toastSuccess(WORKSHOP_TEXTS.sessionUpdated);
      queryClient.setQueryData(workshopKeys.session(id), saved);
      return queryClient.invalidateQueries({ queryKey: workshopKeys.all });
    },
  });
}
