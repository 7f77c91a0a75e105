import {
  type CreateAdminInput,
  type EditAdminInput,
  type EditPlayerInput,
  type PlayerFormInput,
  USER_API,
  USER_TEXTS,
} from '@playshop/shared';
import { api } from '../../../api/api';
import { useSavingMutation } from '../../../api/use-saving-mutation';
import { userKeys } from './keys';
import type { UserKind } from './use-users-page';

/**
 * Creates (no id) or changes (with id) an admin or player.
 * The body is the form's values (either kind's), validated again by the server with the same schema.
 */
export function useSaveUser(kind: UserKind) {
  return useSavingMutation(
    (body: Record<string, unknown> & { id?: number }) =>
      body.id === undefined
        ? api.call(USER_API[kind].create, { body: body as CreateAdminInput & PlayerFormInput })
        : api.call(USER_API[kind].edit, { body: body as EditAdminInput & EditPlayerInput }),
    {
      success: (body) => (body.id === undefined ? USER_TEXTS.created : USER_TEXTS.updated),
      refresh: userKeys.all(kind),
    },
  );
}
