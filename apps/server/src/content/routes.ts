import {
  CONTENT_TEXTS,
  type ContentReply,
  ZContentFilters,
  ZContentPage,
  ZContentPaging,
  ZContentPayload,
  ZContentReply,
  ZContentType,
  ZCreateMediaContent,
  ZCreateQuestion,
  ZEditMediaContent,
  ZEditQuestion,
  ZErrorReply,
  ZIdParam,
  ZMediaContentReply,
  ZMessageReply,
  ZQuestionWithContentReply,
  zIdParam,
  zLine,
} from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../http/actor';
import { notFound } from '../http/errors';
import type { ContentService } from './service';

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply };
/** Reads: staff; a non-super-admin sees only content of workshops linked to their organization. */
const tags = ['content'];

/** `{page}/{pageSize}` as the per-kind paths spell it. */
const ZPageSizeParams = z.object({ page: ZContentPaging.shape.page, pageSize: ZContentPaging.shape.size });

const asQuestion = (c: ContentReply) => {
  if (!c.question) throw notFound(CONTENT_TEXTS.contentNotFound);
  return { ...c.question, content: c };
};

export function contentRoutes(app: FastifyInstance, contentSvc: ContentService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- Content -------------------------------------------------------------------------------

  r.get(
    '/get-content',
    {
      schema: {
        tags,
        summary: 'Every content item the caller may read (filters in the query combine)',
        querystring: ZContentFilters,
        response: { 200: z.array(ZContentReply), ...errors },
      },
    },
    async (req) => contentSvc.list(requirePermission(req, 'readContent'), req.query),
  );

  r.get(
    '/get-content-by-id/:id',
    {
      schema: {
        tags,
        summary: 'One content item',
        params: ZIdParam,
        response: { 200: ZContentReply, ...errors },
      },
    },
    async (req) => contentSvc.findOne(requirePermission(req, 'readContent'), req.params.id),
  );

  r.get(
    '/get-paginated-content/:page/:size',
    {
      schema: {
        tags,
        summary: 'A page of content (size at most 50); categoryId, type and search in the query combine',
        params: ZContentPaging,
        querystring: ZContentFilters,
        response: { 200: ZContentPage, ...errors },
      },
    },
    async (req) =>
      contentSvc.page(requirePermission(req, 'readContent'), req.query, req.params.page, req.params.size),
  );

  r.get(
    '/get-content-by-category/:category/:page/:size',
    {
      schema: {
        tags,
        summary: 'A page of content of one category (by id)',
        params: ZContentPaging.extend({ category: zIdParam() }),
        querystring: ZContentFilters,
        response: { 200: ZContentPage, ...errors },
      },
    },
    async (req) =>
      contentSvc.page(
        requirePermission(req, 'readContent'),
        { ...req.query, categoryId: req.params.category },
        req.params.page,
        req.params.size,
      ),
  );

  r.get(
    '/get-content-by-search/:term/:page/:size',
    {
      schema: {
        tags,
        summary: 'A page of content whose title or question text contains the term',
        params: ZContentPaging.extend({ term: zLine().trim().min(1).max(200) }),
        querystring: ZContentFilters,
        response: { 200: ZContentPage, ...errors },
      },
    },
    async (req) =>
      contentSvc.page(
        requirePermission(req, 'readContent'),
        { ...req.query, search: req.params.term },
        req.params.page,
        req.params.size,
      ),
  );

  r.get(
    '/get-content-by-type/:type/:page/:size',
    {
      schema: {
        tags,
        summary: 'A page of content of one type (VIDEO, IMAGE, QUESTION, OTHER)',
        params: ZContentPaging.extend({
          type: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), ZContentType),
        }),
        querystring: ZContentFilters,
        response: { 200: ZContentPage, ...errors },
      },
    },
    async (req) =>
      contentSvc.page(
        requirePermission(req, 'readContent'),
        { ...req.query, type: req.params.type },
        req.params.page,
        req.params.size,
      ),
  );

  r.post(
    '/create-content',
    {
      schema: {
        tags,
        summary: 'Create a content item of any type (super admin)',
        body: ZContentPayload,
        response: { 201: ZContentReply, ...errors },
      },
    },
    async (req, reply) => {
      requirePermission(req, 'manageContent');
      return reply.status(201).send(await contentSvc.create(req.body));
    },
  );

  r.patch(
    '/edit-content/:id',
    {
      schema: {
        tags,
        summary: 'Replace a content item (super admin)',
        params: ZIdParam,
        body: ZContentPayload,
        response: { 200: ZContentReply, ...errors },
      },
    },
    async (req) => {
      requirePermission(req, 'manageContent');
      return contentSvc.update(req.params.id, req.body);
    },
  );

  r.delete(
    '/delete-content/:id',
    {
      schema: {
        tags,
        summary: 'Delete a content item; refused (409 CONTENT_IN_USE) while a session uses it',
        params: ZIdParam,
        response: { 200: ZMessageReply, ...errors },
      },
    },
    async (req) => {
      requirePermission(req, 'manageContent');
      await contentSvc.remove(req.params.id);
      return { message: CONTENT_TEXTS.deleted };
    },
  );

  // ---- Questions -----------------------------------------------------------------------------

  const qTags = ['questions'];
  r.post(
    '/create-question',
    {
      schema: {
        tags: qTags,
        summary: 'Create a QUESTION content item with its answers (super admin)',
        body: ZCreateQuestion,
        response: { 201: ZQuestionWithContentReply, ...errors },
      },
    },
    async (req, reply) => {
      requirePermission(req, 'manageContent');
      const { question, content, answers } = req.body;
      const created = await contentSvc.create({ ...content, type: 'QUESTION', question, answers });
      return reply.status(201).send(asQuestion(created));
    },
  );

  r.get(
    '/get-questions',
    {
      schema: {
        tags: qTags,
        summary: 'Every question',
        response: { 200: z.array(ZQuestionWithContentReply), ...errors },
      },
    },
    async (req) =>
      (await contentSvc.list(requirePermission(req, 'readContent'), { type: 'QUESTION' })).map(asQuestion),
  );

  r.get(
    '/get-question-by-id/:id',
    {
      schema: {
        tags: qTags,
        summary: 'One question by question id',
        params: ZIdParam,
        response: { 200: ZQuestionWithContentReply, ...errors },
      },
    },
    async (req) => {
      const actor = requirePermission(req, 'readContent');
      return asQuestion(
        await contentSvc.findOne(actor, await contentSvc.contentIdOf('question', req.params.id)),
      );
    },
  );

  r.get(
    '/get-questions-by-category/:categoryId/:page/:pageSize',
    {
      schema: {
        tags: qTags,
        summary: 'A page of questions of one category (the spec leaves the three segments unnamed)',
        params: ZPageSizeParams.extend({ categoryId: zIdParam() }),
        response: { 200: ZContentPage, ...errors },
      },
    },
    async (req) =>
      contentSvc.page(
        requirePermission(req, 'readContent'),
        { type: 'QUESTION', categoryId: req.params.categoryId },
        req.params.page,
        req.params.pageSize,
      ),
  );

  r.get(
    '/get-question-by-content-id/:id',
    {
      schema: {
        tags: qTags,
        summary: 'The question of a content item',
        params: ZIdParam,
        response: { 200: ZQuestionWithContentReply, ...errors },
      },
    },
    async (req) => asQuestion(await contentSvc.findOne(requirePermission(req, 'readContent'), req.params.id)),
  );

  r.get(
    '/get-paginated-questions/:page/:pageSize',
    {
      schema: {
        tags: qTags,
        summary: 'A page of questions',
        params: ZPageSizeParams,
        response: { 200: ZContentPage, ...errors },
      },
    },
    async (req) =>
      contentSvc.page(
        requirePermission(req, 'readContent'),
        { type: 'QUESTION' },
        req.params.page,
        req.params.pageSize,
      ),
  );

  r.patch(
    '/edit-question/:id',
    {
      schema: {
        tags: qTags,
        summary: 'Edit a question: its text, optionally its base content and its answers (super admin)',
        params: ZIdParam,
        body: ZEditQuestion,
        response: { 200: ZQuestionWithContentReply, ...errors },
      },
    },
    async (req) => {
      requirePermission(req, 'manageContent');
      const contentId = await contentSvc.contentIdOf('question', req.params.id);
      const { question, baseContent, answers } = req.body;
      return asQuestion(await contentSvc.updateQuestion(contentId, question, baseContent, answers));
    },
  );

  r.delete(
    '/delete-question/:id',
    {
      schema: {
        tags: qTags,
        summary: 'Delete a question and its content item (super admin; refused while in use)',
        params: ZIdParam,
        response: { 200: ZMessageReply, ...errors },
      },
    },
    async (req) => {
      requirePermission(req, 'manageContent');
      await contentSvc.remove(await contentSvc.contentIdOf('question', req.params.id));
      return { message: CONTENT_TEXTS.questionDeleted };
    },
  );

  // ---- Images and videos: the same pattern ----------------------------------------------------

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
