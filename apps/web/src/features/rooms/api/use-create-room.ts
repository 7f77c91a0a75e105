import { type CreateRoomInput, ROOM_API, ROOM_TEXTS } from '@playshop/shared';
import { api } from '../../../api/api';
import { useSavingMutation } from '../../../api/use-saving-mutation';
import { roomKeys } from './keys';

/** An admin creates a room on one of the organization's workshops. */
export function useCreateRoom() {
  return useSavingMutation(
    (input: CreateRoomInput) => api.call(ROOM_API.create, { body: input }, { notify: false }),
    { success: ROOM_TEXTS.created, refresh: roomKeys.all },
  );
}
