import {
  PAGE_SIZE,
  WORKSHOP_TEXTS,
  ZCountReply,
  ZCreateSessionWithContent,
  ZCreateWorkshop,
  ZEditSession,
  ZEditWorkshop,
  ZEditWorkshopName,
  ZErrorReply,
  ZIdParam,
  ZMessageReply,
  ZSessionContentReply,
  ZSessionReply,
  ZWorkshopListItem,
  ZWorkshopPage,
  ZWorkshopReply,
  zLine,
} from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../http/actor';
import type { WorkshopsService } from './service';

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply };
/** Reads: staff; a non-super-admin sees only workshops linked to their organization. */
const tags = ['workshops'];
const sTags = ['sessions'];

export function workshopRoutes(app: FastifyInstance, svc: WorkshopsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/get-workshops',
    {
      schema: {
        tags,
        summary: 'Workshops the caller may read, by name',
        response: { 200: z.array(ZWorkshopListItem), ...errors },
      },
    },
    async (req) => svc.list(requirePermission(req, 'readWorkshops')),
  );

  r.get(
    '/get-paginated-workshops/:page/:size',
    {
      schema: {
        tags,
        summary: 'A page of workshops (10 by default); `search` in the query filters by name',
        params: z.object({
          page: z.coerce.number().int().min(1).max(100_000),
          size: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
        }),
        querystring: z.object({ search: zLine().trim().max(200).optional() }),
        response: { 200: ZWorkshopPage, ...errors },
      },
    },
    async (req) =>
      svc.page(
        requirePermission(req, 'readWorkshops'),
        req.params.page,
        req.params.size,
        req.query.search || undefined,
      ),
  );

  r.get(
    '/get-workshop-by-id/:id',
    {
      schema: {
        tags,
        summary: 'A workshop with its sessions and their ordered content',
        params: ZIdParam,
        response: { 200: ZWorkshopReply, ...errors },
      },
    },
    async (req) => svc.get(requirePermission(req, 'readWorkshops'), req.params.id),
  );

  r.get(
    '/count-workshops',
    {
      schema: {
        tags,
        summary: 'How many workshops the caller may read',
        response: { 200: ZCountReply, ...errors },
      },
    },
    async (req) => svc.count(requirePermission(req, 'readWorkshops')),
  );

  r.get(
    '/get-workshops-by-search/:term',
    {
      schema: {
        tags,
        summary: 'Workshops whose name contains the term',
        params: z.object({ term: zLine().trim().min(1).max(200) }),
        response: { 200: z.array(ZWorkshopListItem), ...errors },
      },
    },
    async (req) => svc.list(requirePermission(req, 'readWorkshops'), req.params.term),
  );

  r.post(
    '/create-workshop',
    {
      schema: {
        tags,
        summary: 'Create an empty workshop (super admin); replies with its id',
        body: ZCreateWorkshop,
        response: { 201: ZWorkshopListItem, ...errors },
      },
    },
    async (req, reply) => {
      requirePermission(req, 'manageWorkshops');
      return reply.status(201).send(await svc.create(req.body.name));
    },
  );

  r.patch(
    '/edit-workshop-name',
    {
      schema: {
        tags,
        summary: 'Rename a workshop (super admin)',
        body: ZEditWorkshopName,
        response: { 200: ZWorkshopListItem, ...errors },
      },
    },
    async (req) => {
      requirePermission(req, 'manageWorkshops');
      return svc.edit(req.body.id, req.body.name);
    },
  );

  r.patch(
    '/edit-workshop',
    {
      schema: {
        tags,
        summary: 'Rename a workshop and optionally reorder its sessions (every session id, in order)',
        body: ZEditWorkshop,
        response: { 200: ZWorkshopListItem, ...errors },
      },
    },
    async (req) => {
      requirePermission(req, 'manageWorkshops');
      const order = req.body.sessions?.map((s) => (typeof s === 'number' ? s : s.id));
      return svc.edit(req.body.id, req.body.name, order);
    },
  );

  r.delete(
    '/delete-workshop/:id',
    {
      schema: {
        tags,
        summary: 'Delete a workshop with its sessions (super admin); refused while a room uses it',
        params: ZIdParam,
        response: { 200: ZMessageReply, ...errors },
      },
    },
    async (req) => {
      requirePermission(req, 'manageWorkshops');
      await svc.remove(req.params.id);
      return { message: WORKSHOP_TEXTS.deleted };
    },
  );

  // ---- Sessions ------------------------------------------------------------------------------

  r.post(
    '/create-session-with-content',
    {
      schema: {
        tags: sTags,
        summary: 'Add a session with its ordered content to a workshop, after its last session (super admin)',
        body: ZCreateSessionWithContent,
        response: { 201: ZSessionReply, ...errors },
      },
    },
    async (req, reply) => {
      requirePermission(req, 'manageWorkshops');
      return reply.status(201).send(await svc.createSession(req.body));
    },
  );

  r.get(
    '/get-session-by-workshopid/:id',
    {
      schema: {
        tags: sTags,
        summary: "A workshop's sessions in order, with their content",
        params: ZIdParam,
        response: { 200: z.array(ZSessionReply), ...errors },
      },
    },
    async (req) => svc.sessionsOf(requirePermission(req, 'readWorkshops'), req.params.id),
  );

  r.get(
    '/get-session-by-id/:id',
    {
      schema: {
        tags: sTags,
        summary: 'One session with its content',
        params: ZIdParam,
        response: { 200: ZSessionReply, ...errors },
      },
    },
    async (req) => svc.getSession(requirePermission(req, 'readWorkshops'), req.params.id),
  );

  r.patch(
    '/edit-session/:id',
    {
      schema: {
        tags: sTags,
        summary: 'Rename a session and/or replace its ordered content (super admin)',
        params: ZIdParam,
        body: ZEditSession,
        response: { 200: ZSessionReply, ...errors },
      },
    },
    async (req) => {
      requirePermission(req, 'manageWorkshops');
      return svc.editSession(req.params.id, req.body);
    },
  );

  r.delete(
    '/delete-session/:id',
    {
      schema: {
        tags: sTags,
        summary: 'Delete a session; the later sessions move up (super admin)',
        params: ZIdParam,
        response: { 200: ZMessageReply, ...errors },
      },
    },
    async (req) => {
      requirePermission(req, 'manageWorkshops');
      await svc.removeSession(req.params.id);
      return { message: WORKSHOP_TEXTS.sessionDeleted };
    },
  );

  r.get(
    '/getsectioncontentbysectionid/:id',
    {
      schema: {
        tags: sTags,
        summary: "A session's ordered content entries",
        params: ZIdParam,
        response: { 200: z.array(ZSessionContentReply), ...errors },
      },
    },
    async (req) => svc.sessionContentOf(requirePermission(req, 'readWorkshops'), [req.params.id]),
  );

  r.get(
    '/getmanysectioncontentbysectionids/:ids',
    {
      schema: {
        tags: sTags,
        summary: 'The content entries of several sessions (ids separated by commas)',
        params: z.object({
          ids: z
            .string()
            .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, 'ids must be whole numbers separated by commas')
            .transform((v) => [...new Set(v.split(',').map(Number))]),
        }),
        response: { 200: z.array(ZSessionContentReply), ...errors },
      },
    },
    async (req) => svc.sessionContentOf(requirePermission(req, 'readWorkshops'), req.params.ids),
  );
}
