import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useSavingMutation } from './use-saving-mutation';

interface Settings {
  source: string;
}

/** A promise answered when the test says. */
function later<T>() {
  let answer!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
}

describe('a save that keeps its reply (useSavingMutation, store)', () => {
  it('is not undone by a read asked before it and answered after it', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const key = ['training', 'settings'];
    // The server's settings: the first read answers at once, the next (a window's refocus) only when
    // the test says, with what the server had when it was asked.
    let reads = 0;
    const lateRead = later<Settings>();
    const { result } = renderHook(
      () => ({
        settings: useQuery({
          queryKey: key,
          queryFn: () => (++reads === 1 ? Promise.resolve({ source: 'youtube' }) : lateRead.promise),
        }),
        save: useSavingMutation((body: Settings) => Promise.resolve(body), { success: 'Saved', store: key }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.settings.data).toEqual({ source: 'youtube' }));

    // A read goes out; the admin saves while it is on its way.
    act(() => void queryClient.refetchQueries({ queryKey: key }));
    await waitFor(() => expect(reads).toBe(2));
    await act(() => result.current.save.mutateAsync({ source: 'folder' }));
    await waitFor(() => expect(result.current.settings.data).toEqual({ source: 'folder' }));

    // The read answers late, with the settings from before the save.
    await act(async () => lateRead.answer({ source: 'youtube' }));
    await waitFor(() => expect(result.current.settings.isFetching).toBe(false));
    expect(result.current.settings.data).toEqual({ source: 'folder' });
    expect(queryClient.getQueryData(key)).toEqual({ source: 'folder' });
  });
});
