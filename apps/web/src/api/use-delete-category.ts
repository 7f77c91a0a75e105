import { CATEGORY_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '../ui/toast';
import { api } from './api';
import { peopleKeys } from './people-query-keys';

/** POST /deletecategory/{id} (the spec deletes with POST). */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/deletecategory/${id}`, undefined, { notify: false }),
    onSuccess: () => {
      toastSuccess(CATEGORY_TEXTS.deleted);
      return queryClient.invalidateQueries({ queryKey: peopleKeys.categories });
    },
  });
}
