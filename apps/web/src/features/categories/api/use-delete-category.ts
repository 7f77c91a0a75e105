import { CATEGORY_API, CATEGORY_TEXTS } from '@playshop/shared';
import { api } from '../../../api/api';
import { useSavingMutation } from '../../../api/use-saving-mutation';
import { categoryKeys } from './keys';

export function useDeleteCategory() {
  return useSavingMutation(
    (id: number) => api.call(CATEGORY_API.remove, { params: { id } }, { notify: false }),
    { success: CATEGORY_TEXTS.deleted, refresh: categoryKeys.all },
  );
}
