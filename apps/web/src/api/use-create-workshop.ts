import { WORKSHOP_TEXTS, ZWorkshopListItem } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '../ui/toast';
import { api } from './api';
import { workshopKeys } from './content-keys';

/** Step one of the wizard: an empty workshop, replying with its id. */
export function useCreateWorkshop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.post('/create-workshop', { name, sections: [] }, { schema: ZWorkshopListItem }),
    onSuccess: () => {
      toastSuccess(WORKSHOP_TEXTS.created);
      return queryClient.invalidateQueries({ queryKey: workshopKeys.all });
    },
  });
}
