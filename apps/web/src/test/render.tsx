import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { createQueryClient } from '../api/query-client';
import { createSessionStore, type Session } from '../api/session-store';
import { AuthProvider } from '../auth/auth-provider';
import { routes as appRoutes, discoverStaffRoutes } from '../router';
import { cssVariablesResolver, theme } from '../theme/theme';

/** Renders routes with the app's providers, an in-memory router at `url` and the given session. */
export function renderRoutes(
  routes: RouteObject[],
  { url = '/', session = null }: { url?: string; session?: Session | null } = {},
) {
  const store = createSessionStore(session);
  // The app's own table as in main.tsx: its staff areas' tables are found on navigation.
  const router = createMemoryRouter(routes, {
    initialEntries: [url],
    patchRoutesOnNavigation: routes === appRoutes ? discoverStaffRoutes : undefined,
  });
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
