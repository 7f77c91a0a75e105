import { AUTH_API, type RequestResetInput } from '@playshop/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/api';
import { toastSuccess } from '../../ui/toast';

/** The server answers the same whether or not the address exists; its message is the success toast. */
export function useRequestReset() {
  return useMutation({
    mutationFn: (input: RequestResetInput) =>
      api.call(AUTH_API.requestReset, { body: input }, { auth: false }),
    onSuccess: (reply) => toastSuccess(reply.message),
  });
}
