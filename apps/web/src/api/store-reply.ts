import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Keeps a change's reply as the data of `queryKey`. A read of it still under way is cancelled first:
 * asked before the change (a window's refocus, say) and answered after its reply, it would put back
 * what the change replaced, and the screen would show the old settings over a save that succeeded.
 */
export async function storeReply<T>(client: QueryClient, queryKey: QueryKey, reply: T): Promise<void> {
  await client.cancelQueries({ queryKey });
  client.setQueryData(queryKey, reply);
}
