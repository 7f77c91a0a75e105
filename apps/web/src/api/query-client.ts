import { QueryClient } from '@tanstack/react-query';

/**
 * The client already toasts every failure and renews the token itself, so TanStack Query does not
 * retry on top of it (a retry would repeat the toast and the wait for nothing).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
