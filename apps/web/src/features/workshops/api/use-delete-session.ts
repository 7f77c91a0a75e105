import { WORKSHOP_API, WORKSHOP_TEXTS } from '@playshop/shared';
import { api } from '../../../api/api';
import { useSavingMutation } from '../../../api/use-saving-mutation';
import { workshopKeys } from './keys';

export function useDeleteSession() {
  return useSavingMutation((id: number) => api.call(WORKSHOP_API.removeSession, { params: { id } }), {
    success: WORKSHOP_TEXTS.sessionDeleted,
    refresh: workshopKeys.all,
  });
}
