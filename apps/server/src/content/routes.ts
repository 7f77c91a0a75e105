import {
  CONTENT_TEXTS,
  ZContentFilters,
  ZContentPage,
  ZContentPaging,
  ZContentPayload,
  ZContentReply,
  ZContentType,
  ZIdParam,
  ZMessageReply,
  zIdParam,
  zLine,
} from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../http/actor';
import { mediaRoutes } from './media-routes';
import { questionRoutes } from './question-routes';
import { errors } from './route-schemas';
import type { ContentService } from './service';

/** Reads: staff; a non-super-admin sees only content of workshops linked to their organization. */
const tags = ['content'];

/** Content items of every type, then the per-type paths of questions, images and videos (SPEC §9). */
export function contentRoutes(app: FastifyInstance, contentSvc: ContentService): void {
  const _r = app.withTypeProvider<ZodTypeProvider>();
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

  questionRoutes(app, contentSvc);
  mediaRoutes(app, contentSvc);
}
