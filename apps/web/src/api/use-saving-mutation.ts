import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '../ui/toast';

/**
 * A change to the server that, once it succeeds, toasts `success` (a text, or one made from the
 * input), keeps the reply as the data of `store` (a save that answers with what it saved) and
 * refetches every query under `refresh`: the shape of most create, rename, save and delete hooks.
 */
export function useSavingMutation<TInput, TReply>(
  mutationFn: (input: TInput) => Promise<TReply>,
  {
    success,
    refresh,
    store,
  }: { success: string | ((input: TInput) => string); refresh?: QueryKey; store?: QueryKey },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (reply, input) => {
      toastSuccess(typeof success === 'string' ? success : success(input));
      if (store) queryClient.setQueryData(store, reply);
      return refresh && queryClient.invalidateQueries({ queryKey: refresh });
    },
  });
}
