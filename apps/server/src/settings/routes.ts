import { SETTINGS_API } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/endpoint';
import type { SettingsService } from './service';

export function settingsRoutes(app: FastifyInstance, settings: SettingsService): void {
  route(app, SETTINGS_API.publicSettings, () => settings.publicSettings());
  route(app, SETTINGS_API.savePublicSettings, ({ body }) => settings.savePublicSettings(body));
}
