import { ZErrorReply, ZTrainingPlaylistReply, ZTrainingSettings } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor, requirePermission } from '../http/actor';
import type { TrainingService } from './service';

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply };
const tags = ['training'];

export function trainingRoutes(app: FastifyInstance, training: TrainingService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/training-settings',
    {
      schema: {
        tags,
        summary: "Every role's training playlist source (super admin)",
        response: { 200: ZTrainingSettings, ...errors },
      },
    },
    async (req) => {
      requirePermission(req, 'manageProductSettings');
      return training.readSettings();
    },
  );

  r.put(
    '/training-settings',
    {
      schema: {
        tags,
        summary: "Set every role's training playlist: none, a YouTube playlist id or a list of videos",
        body: ZTrainingSettings,
        response: { 200: ZTrainingSettings, ...errors },
      },
    },
    async (req) => {
      requirePermission(req, 'manageProductSettings');
      return training.saveSettings(req.body);
    },
  );

  r.get(
    '/training/playlist',
    {
      schema: {
        tags,
        summary: "The caller's role's training videos (YouTube playlists read with the server's key)",
        response: {
          200: ZTrainingPlaylistReply,
          ...errors,
          502: ZErrorReply,
          503: ZErrorReply,
          504: ZErrorReply,
        },
      },
    },
    async (req) => {
      const { role } = requireActor(req);
      return { role, items: await training.playlistFor(role) };
    },
  );
}
