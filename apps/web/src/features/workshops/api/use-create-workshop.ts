import { WORKSHOP_API, WORKSHOP_TEXTS } from '@playshop/shared';
import { api } from '../../../api/api';
import { useSavingMutation } from '../../../api/use-saving-mutation';
import { workshopKeys } from './keys';

/** Step one of the wizard: an empty workshop, replying with its id. */
export function useCreateWorkshop() {
  return useSavingMutation(
    (name: string) => api.call(WORKSHOP_API.create, { body: { name, sections: [] } }),
    { success: WORKSHOP_TEXTS.created, refresh: workshopKeys.all },
  );
}
