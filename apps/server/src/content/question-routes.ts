import {
  CONTENT_TEXTS,
  type ContentReply,
  ZContentPage,
  ZCreateQuestion,
  ZEditQuestion,
  ZIdParam,
  ZMessageReply,
  ZQuestionWithContentReply,
  zIdParam,
} from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../http/actor';
import { notFound } from '../http/errors';
import { errors, ZPageSizeParams } from './route-schemas';
import type { ContentService } from './service';

const asQuestion = (c: ContentReply) => {
  if (!c.question) throw notFound(CONTENT_TEXTS.contentNotFound);
  return { ...c.question, content: c };
};

/** The QUESTION paths: a question with its content item and answers. */
export function questionRoutes(app: FastifyInstance, contentSvc: ContentService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
}
