import { WORKSHOP_API, WORKSHOP_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { workshopKeys } from './keys';

/** Deletes a workshop with its sessions; refused while a room uses it. */
export function useDeleteWorkshop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(WORKSHOP_API.remove, { params: { id } }, { notify: false }),
    onSuccess: () => {
      toastSuccess(WORKSHOP_TEXTS.deleted);
      return queryClient.invalidateQueries({ queryKey: workshopKeys.all });
    },
  });
}
