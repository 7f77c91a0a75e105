import { USER_TEXTS, ZUserReply } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { userKeys } from './keys';
import type { UserKind } from './use-users-page';

/**
 * Creates (no id) or changes (with id) an admin or player: POST /create-{kind} or PATCH /edit-{kind}.
 * The body is the form's values, validated again by the server with the same schema.
 */
export function useSaveUser(kind: UserKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown> & { id?: number }) =>
      body.id === undefined
        ? api.post(`/create-${kind}`, body, { schema: ZUserReply })
        : api.request(`/edit-${kind}`, { method: 'PATCH', body, schema: ZUserReply }),
    onSuccess: (_user, body) => {
      toastSuccess(body.id === undefined ? USER_TEXTS.created : USER_TEXTS.updated);
      return queryClient.invalidateQueries({ queryKey: userKeys.all(kind) });
    },
  });
}
