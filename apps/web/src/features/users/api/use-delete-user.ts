import { USER_API, USER_TEXTS } from '@playshop/shared';
import { api } from '../../../api/api';
import { useSavingMutation } from '../../../api/use-saving-mutation';
import { userKeys } from './keys';
import type { UserKind } from './use-users-page';

/** Deletes an admin or player; the lists refresh without a reload. */
export function useDeleteUser(kind: UserKind) {
  return useSavingMutation((id: number) => api.call(USER_API[kind].remove, { params: { id } }), {
    success: USER_TEXTS.deleted,
    refresh: userKeys.all(kind),
  });
}
