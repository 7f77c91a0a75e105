import { ROOM_API, ROOM_TEXTS } from '@playshop/shared';
import { api } from '../../../api/api';
import { useSavingMutation } from '../../../api/use-saving-mutation';
import { roomKeys } from './keys';

export function useDeleteRoom() {
  return useSavingMutation((id: number) => api.call(ROOM_API.remove, { params: { id } }), {
    success: ROOM_TEXTS.deleted,
    refresh: roomKeys.all,
  });
}
