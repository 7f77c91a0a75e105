import { WORKSHOP_API, WORKSHOP_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { workshopKeys } from './keys';

/** Saves a wizard session: its name and ordered content, placed after the workshop's last session. */
export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { workshopId: number; name: string; content: number[] }) =>
      api.call(WORKSHOP_API.createSession, {
        body: { section: { name: input.name }, content: input.content, workshopId: input.workshopId },
      }),
    onSuccess: () => {
      toastSuccess(WORKSHOP_TEXTS.sessionSaved);
      return queryClient.invalidateQueries({ queryKey: workshopKeys.all });
    },
  });
}
