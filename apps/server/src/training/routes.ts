import { TRAINING_API } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/endpoint';
import type { TrainingService } from './service';

export function trainingRoutes(app: FastifyInstance, training: TrainingService): void {
  route(app, TRAINING_API.settings, () => training.readSettings());
  route(app, TRAINING_API.saveSettings, ({ body }) => training.saveSettings(body));
  route(app, TRAINING_API.playlist, async ({ actor }) => ({
    role: actor.role,
    items: await training.playlistFor(actor.role),
  }));
}
