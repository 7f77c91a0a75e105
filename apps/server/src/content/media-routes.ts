import { english } from '@playshop/messages/english';
import { CONTENT_API, type ContentReply, message } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/endpoint';
import { notFound } from '../http/errors';
import type { ContentService } from './service';

/** The IMAGE and VIDEO paths: the same pattern for both kinds. */
export function mediaRoutes(app: FastifyInstance, contentSvc: ContentService): void {
  for (const kind of ['image', 'video'] as const) {
    const api = CONTENT_API[kind];
    const type = kind === 'image' ? 'IMAGE' : 'VIDEO';
    const asMedia = (c: ContentReply) => {
      const media = kind === 'image' ? c.image : c.video;
      if (!media) throw notFound(message('content.contentNotFound'));
      return { ...media, content: c };
    };
    const mediaContentId = (id: number) => contentSvc.contentIdOf(kind, id);

    route(app, api.create, async ({ body: { url, ...rest } }) => {
      const input =
        kind === 'image'
          ? { ...rest, type: 'IMAGE' as const, image: url }
          : { ...rest, type: 'VIDEO' as const, url };
      return asMedia(await contentSvc.create(input));
    });
    route(app, api.list, async ({ actor }) => (await contentSvc.list(actor, { type })).map(asMedia));
    route(app, api.byId, async ({ actor, params }) =>
      asMedia(await contentSvc.findOne(actor, await mediaContentId(params.id))),
    );
    route(app, api.byCategory, async ({ actor, params }) =>
      (await contentSvc.list(actor, { type, categoryId: params.id })).map(asMedia),
    );
    route(app, api.byContent, async ({ actor, params }) =>
      asMedia(await contentSvc.findOne(actor, params.id)),
    );
    route(app, api.page, ({ actor, params }) =>
      contentSvc.page(actor, { type }, params.page, params.pageSize),
    );
    route(app, api.edit, async ({ params, body }) => {
      const contentId = await mediaContentId(params.id);
      return asMedia(await contentSvc.updateMedia(kind, contentId, body.url, body.baseContent));
    });
    route(app, api.remove, async ({ params }) => {
      await contentSvc.remove(await mediaContentId(params.id));
      return { message: english('content.deleted') };
    });
  }
}
