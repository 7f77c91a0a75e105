import { CATEGORY_API, CATEGORY_TEXTS } from '@playshop/shared';
import { api } from '../../../api/api';
import { useSavingMutation } from '../../../api/use-saving-mutation';
import { categoryKeys } from './keys';

export function useCreateCategory() {
  return useSavingMutation(
    (name: string) => api.call(CATEGORY_API.create, { body: { name } }, { notify: false }),
    { success: CATEGORY_TEXTS.added, refresh: categoryKeys.all },
  );
}
