import { WORKSHOP_API, WORKSHOP_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { workshopKeys } from './keys';

/** Step one of the wizard: an empty workshop, replying with its id. */
export function useCreateWorkshop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.call(WORKSHOP_API.create, { body: { name, sections: [] } }),
    onSuccess: () => {
      toastSuccess(WORKSHOP_TEXTS.created);
      return queryClient.invalidateQueries({ queryKey: workshopKeys.all });
    },
  });
}
