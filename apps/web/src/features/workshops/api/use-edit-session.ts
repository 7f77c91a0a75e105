import { WORKSHOP_API, WORKSHOP_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { workshopKeys } from './keys';

/** Renames a session and replaces its ordered content. */
export function useEditSession(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; content: number[] }) =>
      api.call(WORKSHOP_API.editSession, {
        params: { id },
        body: {
          name: input.name,
          sessionContent: input.content.map((contentBaseId, orderIndex) => ({ contentBaseId, orderIndex })),
        },
      }),
    onSuccess: (saved) => {
      toastSuccess(WORKSHOP_TEXTS.sessionUpdated);
      queryClient.setQueryData(workshopKeys.session(id), saved);
      return queryClient.invalidateQueries({ queryKey: workshopKeys.all });
    },
  });
}
