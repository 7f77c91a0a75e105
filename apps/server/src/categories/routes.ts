import { ZCategory, ZCreateCategory, ZErrorReply, ZIdParam, ZMessageReply } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../http/actor';
import type { CategoriesService } from './service';

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply };
const tags = ['categories'];

export function categoryRoutes(app: FastifyInstance, categories: CategoriesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/getcategories',
    {
      schema: { tags, summary: 'Every category, by name', response: { 200: z.array(ZCategory), ...errors } },
    },
    async (req) => {
      requirePermission(req, 'readCategories');
      return categories.list();
    },
  );

  r.post(
    '/createcategory',
    {
      schema: {
        tags,
        summary: 'Add a category (names unique ignoring case)',
        body: ZCreateCategory,
        response: { 201: ZCategory, ...errors },
      },
    },
    async (req, reply) => {
      requirePermission(req, 'manageCategories');
      return reply.status(201).send(await categories.create(req.body.name));
    },
  );

  // The spec deletes with POST.
  r.post(
    '/deletecategory/:id',
    {
      schema: {
        tags,
        summary: 'Remove a category no content uses (409 CATEGORY_IN_USE otherwise)',
        params: ZIdParam,
        response: { 200: ZMessageReply, ...errors },
      },
    },
    async (req) => {
      requirePermission(req, 'manageCategories');
      return categories.remove(req.params.id);
    },
  );
}
