import { WORKSHOP_API, WORKSHOP_TEXTS } from '@playshop/shared';
import { api } from '../../../api/api';
import { useSavingMutation } from '../../../api/use-saving-mutation';
import { workshopKeys } from './keys';

/** Saves a wizard session: its name and ordered content, placed after the workshop's last session. */
export function useCreateSession() {
  return useSavingMutation(
    (input: { workshopId: number; name: string; content: number[] }) =>
      api.call(WORKSHOP_API.createSession, {
        body: { section: { name: input.name }, content: input.content, workshopId: input.workshopId },
      }),
    { success: WORKSHOP_TEXTS.sessionSaved, refresh: workshopKeys.all },
  );
}
