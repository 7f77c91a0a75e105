import { ZPublicSettings } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SettingsService } from './service';

export function settingsRoutes(app: FastifyInstance, settings: SettingsService): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/public-settings',
    {
      // The one unauthenticated read besides auth: the footer links shown on the login page.
      config: { public: true },
      schema: {
        tags: ['settings'],
        summary: 'Footer and external links shown before sign-in',
        response: { 200: ZPublicSettings },
      },
    },
    async () => settings.publicSettings(),
  );
}
