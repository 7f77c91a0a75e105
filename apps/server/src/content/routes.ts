import { english } from '@playshop/messages/english';
import { CONTENT_API } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/endpoint';
import { mediaRoutes } from './media-routes';
import { questionRoutes } from './question-routes';
import type { ContentService } from './service';

/** Content items of every type, then the per-type paths of questions, images and videos (SPEC §9). */
export function contentRoutes(app: FastifyInstance, contentSvc: ContentService): void {
  route(app, CONTENT_API.list, ({ actor, query }) => contentSvc.list(actor, query));
  route(app, CONTENT_API.byId, ({ actor, params }) => contentSvc.findOne(actor, params.id));
  route(app, CONTENT_API.page, ({ actor, params, query }) =>
    contentSvc.page(actor, query, params.page, params.size),
  );
  route(app, CONTENT_API.byCategory, ({ actor, params, query }) =>
    contentSvc.page(actor, { ...query, categoryId: params.category }, params.page, params.size),
  );
  route(app, CONTENT_API.bySearch, ({ actor, params, query }) =>
    contentSvc.page(actor, { ...query, search: params.term }, params.page, params.size),
  );
  route(app, CONTENT_API.byType, ({ actor, params, query }) =>
    contentSvc.page(actor, { ...query, type: params.type }, params.page, params.size),
  );
  route(app, CONTENT_API.create, ({ body }) => contentSvc.create(body));
  route(app, CONTENT_API.edit, ({ params, body }) => contentSvc.update(params.id, body));
  route(app, CONTENT_API.remove, async ({ params }) => {
    await contentSvc.remove(params.id);
    return { message: english('content.deleted') };
  });

  questionRoutes(app, contentSvc);
  mediaRoutes(app, contentSvc);
}
