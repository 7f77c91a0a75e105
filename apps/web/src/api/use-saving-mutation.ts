import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '../ui/toast';

/**
 * A change to the server that, once it succeeds, toasts `success` (a text, or one made from the
 * input) and refetches every query under `refresh`: the shape of most create, rename and delete hooks.
 */
export function useSavingMutation<TInput, TReply>(
  mutationFn: (input: TInput) => Promise<TReply>,
  { success, refresh }: { success: string | ((input: TInput) => string); refresh: QueryKey },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_reply, input) => {
      toastSuccess(typeof success === 'string' ? success : success(input));
      return queryClient.invalidateQueries({ queryKey: refresh });
    },
  });
}
