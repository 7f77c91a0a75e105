import { type RequestResetInput, ZMessageReply } from '@playshop/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/api';
import { toastSuccess } from '../../ui/toast';

/** The server answers the same whether or not the address exists; its message is the success toast. */
export function useRequestReset() {
  return useMutation({
    mutationFn: (input: RequestResetInput) =>
      api.post('/requestReset', input, { schema: ZMessageReply, auth: false }),
    onSuccess: (reply) => toastSuccess(reply.message),
  });
}
