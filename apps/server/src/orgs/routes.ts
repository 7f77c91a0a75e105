import {
  ZCount,
  ZCreateOrganization,
  ZEditOrganization,
  ZErrorReply,
  ZIdParam,
  ZLinkOrgWorkshop,
  ZMessageReply,
  ZOrganizationPage,
  ZOrganizationReply,
  ZOrgExpiryReply,
  ZOrgOption,
  ZOrgWorkshopLink,
  ZOrgWorkshopsReply,
  ZPaging,
  ZSearchTerm,
  ZWorkshopSummary,
  zIdParam,
  zLine,
} from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor, requirePermission } from '../http/actor';
import type { OrgsService } from './service';

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };
const writeErrors = { ...errors, 409: ZErrorReply };
const tags = ['organizations'];

export function orgRoutes(app: FastifyInstance, orgs: OrgsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/check-org-expiry/:orgId',
    {
      // Users of an expired organization must be able to learn that it expired.
      config: { allowExpiredOrg: true },
      schema: {
        tags,
        summary: "Whether an organization's license has expired",
        params: z.object({ orgId: zIdParam() }),
        response: { 200: ZOrgExpiryReply, ...errors },
      },
    },
    async (req) => orgs.checkExpiry(requireActor(req), req.params.orgId),
  );

  r.get(
    '/get-org-workshops/:name',
    {
      schema: {
        tags,
        summary: 'Workshops linked to an organization, by organization name',
        params: z.object({ name: zLine().min(1).max(200) }),
        response: { 200: ZOrgWorkshopsReply, ...errors },
      },
    },
    async (req) => orgs.workshopsOf(requirePermission(req, 'readWorkshops'), req.params.name),
  );

  r.get(
    '/get-org-by-name/:name',
    {
      schema: {
        tags,
        summary: "One organization by name: the caller's own, or any for a super admin",
        params: z.object({ name: zLine().min(1).max(200) }),
        response: { 200: ZOrganizationReply, ...errors },
      },
    },
    async (req) => orgs.getByName(requirePermission(req, 'readOrganization'), req.params.name),
  );

  r.get(
    '/get-org-by-id/:id',
    {
      schema: {
        tags,
        summary: "One organization by id: the caller's own, or any for a super admin",
        params: ZIdParam,
        response: { 200: ZOrganizationReply, ...errors },
      },
    },
    async (req) => orgs.getById(requirePermission(req, 'readOrganization'), req.params.id),
  );

  r.get(
    '/get-orgs',
    {
      schema: {
        tags,
        summary: "Organizations a user form may offer: every one for a super admin, else the caller's own",
        response: { 200: z.array(ZOrgOption), ...errors },
      },
    },
    async (req) => orgs.options(requirePermission(req, 'readOrganization')),
  );

  r.get(
    '/count-orgs',
    {
      schema: { tags, summary: 'Number of organizations', response: { 200: ZCount, ...errors } },
    },
    async (req) => {
      requirePermission(req, 'manageOrganizations');
      return orgs.count();
    },
  );

  r.get(
    '/get-paginated-orgs/:page/:size',
    {
      schema: {
        tags,
        summary: 'Organizations by name, one page',
        description:
          '`page` starts at 1; `size` is the page size (the UI uses 10). `totalPages` = ceil(count/size).',
        params: ZPaging,
        response: { 200: ZOrganizationPage, ...errors },
      },
    },
    async (req) => {
      requirePermission(req, 'manageOrganizations');
      return orgs.page(req.params.page, req.params.size);
    },
  );

  r.get(
    '/search-orgs/:term',
    {
      schema: {
        tags,
        summary: 'Organizations whose name contains the term (case-insensitive, % and _ literal), one page',
        description: 'Query `page` (from 1, default 1) and `size` (default 10).',
        params: z.object({ term: ZSearchTerm }),
        querystring: ZPaging,
        response: { 200: ZOrganizationPage, ...errors },
      },
    },
    async (req) => {
      requirePermission(req, 'manageOrganizations');
      return orgs.search(req.params.term, req.query.page, req.query.size);
    },
  );

  r.post(
    '/create-organization',
    {
      schema: {
        tags,
        summary: 'Create an organization (name: letters, digits and spaces; trimmed)',
        body: ZCreateOrganization,
        response: { 201: ZOrganizationReply, ...writeErrors },
      },
    },
    async (req, reply) => {
      requirePermission(req, 'manageOrganizations');
      return reply.status(201).send(await orgs.create(req.body));
    },
  );

  r.patch(
    '/edit-org',
    {
      schema: {
        tags,
        summary: 'Change an organization',
        description:
          'Super admin: every field. Admin: address, phone, website, email, hideRollAnimation and musicPlaylistUrl of their own ' +
          'organization (name or expiry changes answer 403). Omitted fields stay; null or "" clears one.',
        body: ZEditOrganization,
        response: { 200: ZOrganizationReply, ...writeErrors },
      },
    },
    async (req) => orgs.edit(requirePermission(req, 'editOwnOrganization'), req.body),
  );

  r.delete(
    '/delete-organization/:id',
    {
      schema: {
        tags,
        summary:
          'Delete an organization with no users (409 ORG_HAS_USERS otherwise); its rooms and links go too',
        params: ZIdParam,
        response: { 200: ZMessageReply, ...writeErrors },
      },
    },
    async (req) => {
      requirePermission(req, 'manageOrganizations');
      return orgs.remove(req.params.id);
    },
  );

  r.get(
    '/get-linkable-workshops/:orgId',
    {
      schema: {
        tags,
        summary: 'Workshops not yet linked to the organization (the edit screen\'s "add workshop" choice)',
        params: z.object({ orgId: zIdParam() }),
        response: { 200: z.array(ZWorkshopSummary), ...errors },
      },
    },
    async (req) => {
      requirePermission(req, 'manageOrganizations');
      return orgs.linkableWorkshops(req.params.orgId);
    },
  );

  r.post(
    '/create-org-to-workshop',
    {
      schema: {
        tags,
        summary: 'Link a workshop to an organization',
        body: ZLinkOrgWorkshop,
        response: { 201: ZOrgWorkshopLink, ...writeErrors },
      },
    },
    async (req, reply) => {
      requirePermission(req, 'manageOrganizations');
      return reply.status(201).send(await orgs.link(req.body.orgId, req.body.workshopId));
    },
  );

  r.delete(
    '/delete-org-workshop/:orgId/:workshopId',
    {
      schema: {
        tags,
        summary: 'Unlink a workshop from an organization',
        params: z.object({
          orgId: zIdParam(),
          workshopId: zIdParam(),
        }),
        response: { 200: ZMessageReply, ...errors },
      },
    },
    async (req) => {
      requirePermission(req, 'manageOrganizations');
      return orgs.unlink(req.params.orgId, req.params.workshopId);
    },
  );
}
