import { CATEGORY_API, CATEGORY_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { categoryKeys } from './keys';

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.call(CATEGORY_API.create, { body: { name } }, { notify: false }),
    onSuccess: () => {
      toastSuccess(CATEGORY_TEXTS.added);
      return queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    },
  });
}
