// First: zod reads its settings when the shared schemas are built.
import './zod-config';
import './theme/first-paint-styles';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { onOrgExpired } from './api/api';
import { createQueryClient } from './api/query-client';
import { sessionStore } from './api/session-store';
import { AuthProvider } from './auth/auth-provider';
import { SessionRefresh } from './auth/session-refresh';
import { activateLanguage } from './i18n/i18n';
import { chooseLanguage, directionOf, storedLanguage } from './i18n/languages';
import { LocaleProvider } from './i18n/locale-provider';
import { discoverStaffRoutes, routes } from './router';
import { cssVariablesResolver, theme } from './theme/theme';
import { Toasts } from './theme/toasts';

const queryClient = createQueryClient();
const router = createBrowserRouter(routes, { patchRoutesOnNavigation: discoverStaffRoutes });

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

// The first language's catalogue arrives before the first render, so no screen flashes in English;
// its <html dir> is set first so Mantine's DirectionProvider starts in it.
const firstLanguage = chooseLanguage({ chosen: storedLanguage(), browser: navigator.languages });
document.documentElement.dir = directionOf(firstLanguage);
const render = () =>
  createRoot(container).render(
    <StrictMode>
      <DirectionProvider>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <LocaleProvider>
            <Toasts />
            <QueryClientProvider client={queryClient}>
              <AuthProvider>
                <SessionRefresh>
                  <RouterProvider router={router} />
                </SessionRefresh>
              </AuthProvider>
            </QueryClientProvider>
          </LocaleProvider>
        </MantineProvider>
      </DirectionProvider>
    </StrictMode>,
  );
// Offline or a failed chunk: English is what the screens fall back to.
activateLanguage(firstLanguage)
  .catch(() => activateLanguage('en'))
  .finally(render);

// Not needed for the first paint: the rest of Mantine's stylesheet.
void import('./theme/after-first-paint');
