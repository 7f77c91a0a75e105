import { ZErrorReply, ZPublicSettings, ZPublicSettingsUpdate } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePermission } from '../http/actor';
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

  app.withTypeProvider<ZodTypeProvider>().put(
    '/public-settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'Change the Report Issue, Status and external Training links (super admin)',
        body: ZPublicSettingsUpdate,
        response: { 200: ZPublicSettings, 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply },
      },
    },
    async (req) => {
      requirePermission(req, 'manageProductSettings');
      return settings.savePublicSettings(req.body);
    },
  );
}
