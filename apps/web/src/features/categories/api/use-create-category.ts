import { CATEGORY_TEXTS, ZCategory } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { categoryKeys } from './keys';

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post('/createcategory', { name }, { schema: ZCategory, notify: false }),
    onSuccess: () => {
      toastSuccess(CATEGORY_TEXTS.added);
      return queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    },
  });
}
