import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient } from './api/query-client';
import { AuthProvider } from './auth/auth-provider';
import { activateLanguage } from './i18n/i18n';
import { directionOf, LANGUAGES } from './i18n/languages';
import { routes } from './router';
import { cssVariablesResolver, theme } from './theme/theme';

/** The languages `/` is prerendered in, with their direction (scripts/prerender.mjs writes one copy each). */
export const PRERENDERED = LANGUAGES.map((language) => ({ language, dir: directionOf(language) }));

/**
 * The markup of `/` (the player login) as the app renders it for a visitor without a session, in
 * `language`, written into index.html at build time (scripts/prerender.mjs): a phone paints the form
 * as soon as the HTML and the stylesheet arrive, while the app's JavaScript is still on its way. The
 * app then renders over it. Same providers as main.tsx, minus the ones that need a browser.
 */
export async function renderPlayerLogin(language: (typeof LANGUAGES)[number] = 'en'): Promise<string> {
  await activateLanguage(language);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`'/' answered ${context.status} when prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
