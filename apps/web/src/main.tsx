// First: zod reads its settings when the shared schemas are built.
import './zod-config';
import './theme/first-paint-styles';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { onOrgExpired } from './api/api';
import { createQueryClient } from './api/query-client';
import { sessionStore } from './api/session-store';
import { AuthProvider } from './auth/auth-provider';
import { SessionRefresh } from './auth/session-refresh';
import { routes } from './router';
import { cssVariablesResolver, theme } from './theme/theme';
import { Toasts } from './theme/toasts';

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

// Any call answering 403 ORG_EXPIRED sends the user to /unauthorized (SPEC §4).
onOrgExpired(() => {
  void router.navigate('/unauthorized', { replace: true });
});

// Cached server data belongs to one user: drop it when another one (or nobody) takes over.
const identity = () => {
  const user = sessionStore.get()?.user;
  return user ? `${user.role}:${user.userId}:${user.orgId}` : '';
};
let currentIdentity = identity();
sessionStore.subscribe(() => {
  const next = identity();
  if (next === currentIdentity) return;
  currentIdentity = next;
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'public-settings' });
});

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <SessionRefresh>
            <RouterProvider router={router} />
          </SessionRefresh>
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

// Not needed for the first paint: the rest of Mantine's stylesheet.
void import('./theme/after-first-paint');
