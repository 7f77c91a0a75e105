import { english } from '@playshop/messages/english';
import { CONTENT_API, type ContentReply, message } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/endpoint';
import { notFound } from '../http/errors';
import type { ContentService } from './service';

const asQuestion = (c: ContentReply) => {
  if (!c.question) throw notFound(message('content.contentNotFound'));
  return { ...c.question, content: c };
};

/** The QUESTION paths: a question with its content item and answers. */
export function questionRoutes(app: FastifyInstance, contentSvc: ContentService): void {
  const api = CONTENT_API.question;
  const questionContentId = (id: number) => contentSvc.contentIdOf('question', id);

  route(app, api.create, async ({ body: { question, content, answers } }) =>
    asQuestion(await contentSvc.create({ ...content, type: 'QUESTION', question, answers })),
  );
  route(app, api.list, async ({ actor }) =>
    (await contentSvc.list(actor, { type: 'QUESTION' })).map(asQuestion),
  );
  route(app, api.byId, async ({ actor, params }) =>
    asQuestion(await contentSvc.findOne(actor, await questionContentId(params.id))),
  );
  route(app, api.byCategory, ({ actor, params }) =>
    contentSvc.page(actor, { type: 'QUESTION', categoryId: params.categoryId }, params.page, params.pageSize),
  );
  route(app, api.byContent, async ({ actor, params }) =>
    asQuestion(await contentSvc.findOne(actor, params.id)),
  );
  route(app, api.page, ({ actor, params }) =>
    contentSvc.page(actor, { type: 'QUESTION' }, params.page, params.pageSize),
  );
  route(app, api.edit, async ({ params, body: { question, baseContent, answers } }) => {
    const contentId = await questionContentId(params.id);
    return asQuestion(await contentSvc.updateQuestion(contentId, question, baseContent, answers));
  });
  route(app, api.remove, async ({ params }) => {
    await contentSvc.remove(await questionContentId(params.id));
    return { message: english('content.questionDeleted') };
  });
}
