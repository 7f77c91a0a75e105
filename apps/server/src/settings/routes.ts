import { SETTINGS_API } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import { noteChange } from '../audit/trail';
import { route } from '../http/endpoint';
import type { SettingsService } from './service';

export function settingsRoutes(app: FastifyInstance, settings: SettingsService): void {
  route(app, SETTINGS_API.publicSettings, () => settings.publicSettings());
  route(app, SETTINGS_API.savePublicSettings, async ({ body, req }) => {
    const before = await settings.publicSettings();
    const after = await settings.savePublicSettings(body);
    noteChange(req, before, after, { type: 'settings', label: 'Product settings', orgId: null });
    return after;
  });
}
