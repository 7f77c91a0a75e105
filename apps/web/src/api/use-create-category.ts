import { CATEGORY_TEXTS, ZCategory } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '../ui/toast';
import { api } from './api';
import { peopleKeys } from './people-query-keys';

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post('/createcategory', { name }, { schema: ZCategory, notify: false }),
    onSuccess: () => {
      toastSuccess(CATEGORY_TEXTS.added);
      return queryClient.invalidateQueries({ queryKey: peopleKeys.categories });
    },
  });
}
