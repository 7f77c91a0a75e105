import {
  IMPORT_TEXTS,
  type Permission,
  ZCount,
  ZCreateAdmin,
  ZCreatePlayer,
  ZEditAdmin,
  ZEditPlayer,
  ZErrorReply,
  ZIdParam,
  ZImportPlayers,
  ZImportPlayersRejected,
  ZImportPlayersReply,
  ZMessageReply,
  ZPaging,
  ZSearchTerm,
  ZUserPage,
  ZUserReply,
  zIdParam,
} from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../http/actor';
import type { UserKind, UsersService } from './service';

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };
const writeErrors = { ...errors, 409: ZErrorReply };
const tags = ['users'];
const ZOrgId = zIdParam();
const PAGED_DOC =
  '`{orgId}/{page}/{size}`: organization id, page (from 1) and page size (the UI uses 10); ' +
  '`totalPages` = ceil(count/size). A page beyond the end has no items.';
const SEARCH_DOC =
  'Matches first name, last name or "first last", case-insensitive; `%` and `_` are literal. ' +
  'Query `page` (from 1, default 1) and `size` (default 10).';

/** Which permission each kind of list needs: admins for the Admins screen, staff for Players. */
const permissionOf = (kind: UserKind): Permission => (kind === 'admin' ? 'manageAdmins' : 'managePlayers');

export function userRoutes(app: FastifyInstance, users: UsersService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/import-players',
    {
      // 5,000 rows of long names stay under 4 MB.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        summary:
          'Create up to 5,000 players of an organization in one transaction; any invalid row and none is saved',
        body: ZImportPlayers,
        response: { ...writeErrors, 200: ZImportPlayersReply, 400: ZImportPlayersRejected.or(ZErrorReply) },
      },
    },
    async (req, reply) => {
      const result = await users.importPlayers(requirePermission(req, 'managePlayers'), req.body);
      if ('problems' in result) {
        return reply
          .status(400)
          .send({ message: IMPORT_TEXTS.rejected, code: 'INVALID_ROWS' as const, rows: result.problems });
      }
      return result;
    },
  );

  r.get(
    '/export-players/:orgId',
    {
      schema: {
        tags,
        summary: "An organization's players as CSV (firstName, lastName, username, guest)",
        params: z.object({ orgId: ZOrgId }),
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const { filename, csv } = await users.exportPlayers(
        requirePermission(req, 'managePlayers'),
        req.params.orgId,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );

  for (const kind of ['admin', 'player'] as const) {
    const plural = kind === 'admin' ? 'admins' : 'players';
    const permission = permissionOf(kind);

    r.get(
      `/get-org-${plural}/:orgId/:page/:size`,
      {
        schema: {
          tags,
          summary: `One organization's ${plural}, one page`,
          description: PAGED_DOC,
          params: ZPaging.extend({ orgId: ZOrgId }),
          response: { 200: ZUserPage, ...errors },
        },
      },
      async (req) => {
        const { orgId, page, size } = req.params;
        return users.page(requirePermission(req, permission), kind, { orgId }, page, size);
      },
    );

    r.get(
      `/get-all-${plural}/:page/:size`,
      {
        schema: {
          tags,
          summary: `Every organization's ${plural}, one page (super admin)`,
          description: '`{page}/{size}`: page (from 1) and page size.',
          params: ZPaging,
          response: { 200: ZUserPage, ...errors },
        },
      },
      async (req) =>
        users.page(
          requirePermission(req, 'readAllOrganizations'),
          kind,
          'visible',
          req.params.page,
          req.params.size,
        ),
    );

    r.get(
      `/count-org-${plural}/:orgId`,
      {
        schema: {
          tags,
          summary: `Number of ${plural} in one organization`,
          params: z.object({ orgId: ZOrgId }),
          response: { 200: ZCount, ...errors },
        },
      },
      async (req) => users.count(requirePermission(req, permission), kind, { orgId: req.params.orgId }),
    );

    r.get(
      `/count-all-${plural}`,
      {
        schema: {
          tags,
          summary: `Number of ${plural} in every organization (super admin)`,
          response: { 200: ZCount, ...errors },
        },
      },
      async (req) => users.count(requirePermission(req, 'readAllOrganizations'), kind, 'visible'),
    );

    r.get(
      `/search-${plural}/:term`,
      {
        schema: {
          tags,
          summary: `Search ${plural} by first or last name: every organization for a super admin, else the caller's own`,
          description: SEARCH_DOC,
          params: z.object({ term: ZSearchTerm }),
          querystring: ZPaging,
          response: { 200: ZUserPage, ...errors },
        },
      },
      async (req) =>
        users.page(
          requirePermission(req, permission),
          kind,
          'visible',
          req.query.page,
          req.query.size,
          req.params.term,
        ),
    );

    // The spec spells the organization-scoped admin search in the singular.
    r.get(
      kind === 'admin' ? '/search-org-admin/:orgId/:term' : '/search-org-players/:orgId/:term',
      {
        schema: {
          tags,
          summary: `Search one organization's ${plural} by first or last name`,
          description: SEARCH_DOC,
          params: z.object({ orgId: ZOrgId, term: ZSearchTerm }),
          querystring: ZPaging,
          response: { 200: ZUserPage, ...errors },
        },
      },
      async (req) =>
        users.page(
          requirePermission(req, permission),
          kind,
          { orgId: req.params.orgId },
          req.query.page,
          req.query.size,
          req.params.term,
        ),
    );

    r.get(
      `/get-${kind}-by-id/:id`,
      {
        schema: {
          tags,
          summary: `One ${kind} (404 for another organization's)`,
          params: ZIdParam,
          response: { 200: ZUserReply, ...errors },
        },
      },
      async (req) => users.getById(requirePermission(req, permission), kind, req.params.id),
    );

    r.delete(
      `/delete-${kind}/:id`,
      {
        schema: {
          tags,
          summary: `Delete a ${kind} (never yourself); their sessions end`,
          params: ZIdParam,
          response: { 200: ZMessageReply, ...writeErrors },
        },
      },
      async (req) => users.remove(requirePermission(req, permission), kind, req.params.id),
    );
  }

  r.get(
    '/getadmins',
    {
      schema: {
        tags,
        summary:
          "Every admin and facilitator the caller may see (a super admin: all; an admin: their organization's)",
        response: { 200: z.array(ZUserReply), ...errors },
      },
    },
    async (req) => users.all(requirePermission(req, 'manageAdmins'), 'admin'),
  );

  r.get(
    '/getparticipants',
    {
      schema: {
        tags,
        summary: "Every player the caller may see (a super admin: all; staff: their organization's)",
        response: { 200: z.array(ZUserReply), ...errors },
      },
    },
    async (req) => users.all(requirePermission(req, 'managePlayers'), 'player'),
  );

  r.post(
    '/create-player',
    {
      schema: {
        tags,
        summary: 'Create a player (signs in by username; usernames are unique ignoring case)',
        body: ZCreatePlayer,
        response: { 201: ZUserReply, ...writeErrors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await users.createPlayer(requirePermission(req, 'managePlayers'), req.body)),
  );

  r.post(
    '/create-admin',
    {
      schema: {
        tags,
        summary: 'Create an admin or facilitator (Super Admin: by a super admin only)',
        body: ZCreateAdmin,
        response: { 201: ZUserReply, ...writeErrors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await users.createAdmin(requirePermission(req, 'manageAdmins'), req.body)),
  );

  r.patch(
    '/edit-player',
    {
      schema: {
        tags,
        summary: 'Change a player',
        body: ZEditPlayer,
        response: { 200: ZUserReply, ...writeErrors },
      },
    },
    async (req) => users.editPlayer(requirePermission(req, 'managePlayers'), req.body),
  );

  r.patch(
    '/edit-admin',
    {
      schema: {
        tags,
        summary:
          'Change an admin or facilitator (not your own role; other organizations by a super admin only)',
        body: ZEditAdmin,
        response: { 200: ZUserReply, ...writeErrors },
      },
    },
    async (req) => users.editAdmin(requirePermission(req, 'manageAdmins'), req.body),
  );
}
