import { WORKSHOP_API, WORKSHOP_TEXTS } from '@playshop/shared';
import { api } from '../../../api/api';
import { useSavingMutation } from '../../../api/use-saving-mutation';
import { workshopKeys } from './keys';

/** Deletes a workshop with its sessions; refused while a room uses it. */
export function useDeleteWorkshop() {
  return useSavingMutation(
    (id: number) => api.call(WORKSHOP_API.remove, { params: { id } }, { notify: false }),
    { success: WORKSHOP_TEXTS.deleted, refresh: workshopKeys.all },
  );
}
