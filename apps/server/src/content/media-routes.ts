import {
  CONTENT_TEXTS,
  type ContentReply,
  ZContentPage,
  ZCreateMediaContent,
  ZEditMediaContent,
  ZIdParam,
  ZMediaContentReply,
  ZMessageReply,
} from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../http/actor';
import { notFound } from '../http/errors';
import { errors, ZPageSizeParams } from './route-schemas';
import type { ContentService } from './service';

/** The IMAGE and VIDEO paths: the same pattern for both kinds. */
export function mediaRoutes(app: FastifyInstance, contentSvc: ContentService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const kind of ['image', 'video'] as const) {
    const type = kind === 'image' ? 'IMAGE' : 'VIDEO';
    const base = `${kind}-content`;
    const kTags = [`${kind}s`];
    const asMedia = (c: ContentReply) => {
      const media = kind === 'image' ? c.image : c.video;
      if (!media) throw notFound(CONTENT_TEXTS.contentNotFound);
      return { ...media, content: c };
    };

    r.post(
      `/create-${base}`,
      {
        schema: {
          tags: kTags,
          summary: `Create an ${type} content item (super admin)`,
          body: ZCreateMediaContent,
          response: { 201: ZMediaContentReply, ...errors },
        },
      },
      async (req, reply) => {
        requirePermission(req, 'manageContent');
        const { url, ...rest } = req.body;
        const input =
          kind === 'image'
            ? { ...rest, type: 'IMAGE' as const, image: url }
            : { ...rest, type: 'VIDEO' as const, url };
        return reply.status(201).send(asMedia(await contentSvc.create(input)));
      },
    );

    r.get(
      `/get-${base}`,
      {
        schema: {
          tags: kTags,
          summary: `Every ${type} item`,
          response: { 200: z.array(ZMediaContentReply), ...errors },
        },
      },
      async (req) => (await contentSvc.list(requirePermission(req, 'readContent'), { type })).map(asMedia),
    );

    r.get(
      `/get-${base}-by-id/:id`,
      {
        schema: {
          tags: kTags,
          summary: `One ${kind} by its id`,
          params: ZIdParam,
          response: { 200: ZMediaContentReply, ...errors },
        },
      },
      async (req) => {
        const actor = requirePermission(req, 'readContent');
        return asMedia(await contentSvc.findOne(actor, await contentSvc.contentIdOf(kind, req.params.id)));
      },
    );

    r.get(
      `/get-${base}-by-category/:id`,
      {
        schema: {
          tags: kTags,
          summary: `Every ${type} item of one category`,
          params: ZIdParam,
          response: { 200: z.array(ZMediaContentReply), ...errors },
        },
      },
      async (req) =>
        (
          await contentSvc.list(requirePermission(req, 'readContent'), { type, categoryId: req.params.id })
        ).map(asMedia),
    );

    r.get(
      `/get-${base}-by-content/:id`,
      {
        schema: {
          tags: kTags,
          summary: `The ${kind} of a content item`,
          params: ZIdParam,
          response: { 200: ZMediaContentReply, ...errors },
        },
      },
      async (req) => asMedia(await contentSvc.findOne(requirePermission(req, 'readContent'), req.params.id)),
    );

    r.get(
      `/get-paginated-${base}/:page/:pageSize`,
      {
        schema: {
          tags: kTags,
          summary: `A page of ${type} items`,
          params: ZPageSizeParams,
          response: { 200: ZContentPage, ...errors },
        },
      },
      async (req) =>
        contentSvc.page(
          requirePermission(req, 'readContent'),
          { type },
          req.params.page,
          req.params.pageSize,
        ),
    );

    r.patch(
      `/edit-${base}/:id`,
      {
        schema: {
          tags: kTags,
          summary: `Change a ${kind}'s address and optionally its base content (super admin)`,
          params: ZIdParam,
          body: ZEditMediaContent,
          response: { 200: ZMediaContentReply, ...errors },
        },
      },
      async (req) => {
        requirePermission(req, 'manageContent');
        const contentId = await contentSvc.contentIdOf(kind, req.params.id);
        return asMedia(await contentSvc.updateMedia(kind, contentId, req.body.url, req.body.baseContent));
      },
    );

    r.delete(
      `/delete-${base}/:id`,
      {
        schema: {
          tags: kTags,
          summary: `Delete a ${kind} and its content item (super admin; refused while in use)`,
          params: ZIdParam,
          response: { 200: ZMessageReply, ...errors },
        },
      },
      async (req) => {
        requirePermission(req, 'manageContent');
        await contentSvc.remove(await contentSvc.contentIdOf(kind, req.params.id));
        return { message: CONTENT_TEXTS.deleted };
      },
    );
  }
}
