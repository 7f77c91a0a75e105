import type { Endpoint, ZIdParam } from '@playshop/shared';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '../ui/toast';
import { api } from './api';
import { storeReply } from './store-reply';

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
    onSuccess: async (reply, input) => {
      toastSuccess(typeof success === 'string' ? success : success(input));
      if (store) await storeReply(queryClient, store, reply);
      if (refresh) await queryClient.invalidateQueries({ queryKey: refresh });
    },
  });
}

/** A delete of one row by its id (`/…/:id`). */
type DeleteById = Endpoint & { method: 'DELETE'; params: typeof ZIdParam };

/** Deletes the row of an id by `endpoint`, then toasts `success` and refetches every query under `refresh`. */
export const useDeleteById = (endpoint: DeleteById, success: () => string, refresh: QueryKey) =>
  useSavingMutation((id: number) => api.call(endpoint, { params: { id } }), { success, refresh });
