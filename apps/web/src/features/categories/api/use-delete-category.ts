import { CATEGORY_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { categoryKeys } from './keys';

/** POST /deletecategory/{id} (the spec deletes with POST). */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/deletecategory/${id}`, undefined, { notify: false }),
    onSuccess: () => {
      toastSuccess(CATEGORY_TEXTS.deleted);
      return queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    },
  });
}
