import { WORKSHOP_API, WORKSHOP_TEXTS } from '@playshop/shared';
import { api } from '../../../api/api';
import { useSavingMutation } from '../../../api/use-saving-mutation';
import { workshopKeys } from './keys';

export function useRenameWorkshop() {
  return useSavingMutation(
    (input: { id: number; name: string }) => api.call(WORKSHOP_API.rename, { body: input }),
    { success: WORKSHOP_TEXTS.renamed, refresh: workshopKeys.all },
  );
}
