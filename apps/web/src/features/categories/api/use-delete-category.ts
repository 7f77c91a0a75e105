import { CATEGORY_API, CATEGORY_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { categoryKeys } from './keys';

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(CATEGORY_API.remove, { params: { id } }, { notify: false }),
    onSuccess: () => {
      toastSuccess(CATEGORY_TEXTS.deleted);
      return queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    },
  });
}
