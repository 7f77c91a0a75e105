import type { FastifyInstance } from 'fastify';
import type { SettingsService } from './service';
export declare function settingsRoutes(app: FastifyInstance, settings: SettingsService): void;
