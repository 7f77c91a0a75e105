import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from '../api/query-client';
import { AuthProvider } from '../auth/auth-provider';
import { createSessionStore, type Session } from '../auth/session-store';
import { cssVariablesResolver, theme } from '../theme/theme';

interface RenderOptions {
  path?: string;
  session?: Session | null;
  /** Extra routes beside the one under test, e.g. redirect targets. */
  routes?: RouteObject[];
}

/** Renders one screen with the app's providers and an in-memory router. */
export function renderRoute(element: ReactElement, { path = '/', session = null, routes = [] }: RenderOptions = {}) {
  const store = createSessionStore(session);
  const router = createMemoryRouter([{ path, element }, ...routes], { initialEntries: [path] });
  const view = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider store={store}>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, store };
}
