import { z } from 'zod/mini';
import { DELETE, deleteById, endpoints, GET, getById, PATCH, POST } from './endpoint';
import { EMAIL_ADDRESS, zIdParam, zLine } from './input';
import { ZLanguage } from './languages';
import { ZCount, ZPaging, ZSearchTerm, zPaged } from './pagination';
import { ZMessageReply, ZOrgExpiryReply, ZOrgIdParam, ZOrgWorkshopsReply, ZWorkshopSummary } from './schemas';
import { key } from './server-messages';

/** SPEC §5: letters, digits and spaces only (any script's letters), trimmed. */
const ORG_NAME = /^[\p{L}\p{N} ]+$/u;

export const ZOrgName = zLine().check(
  z.trim(),
  z.minLength(1, key('validation.required')),
  z.maxLength(100),
  z.regex(ORG_NAME, key('validation.orgNameSpecialChars')),
);

/** Left out stays left out (an edit keeps the value); '' and null clear it. */
const keepUnsetClearEmpty = (v: string | null | undefined) => (v === undefined ? undefined : v || null);

const optionalText = (max: number) =>
  z.pipe(z.nullish(zLine().check(z.trim(), z.maxLength(max))), z.transform(keepUnsetClearEmpty));

/** An ISO date; '' and null both mean 'no expiry'. */
export const ZExpiry = z
  .pipe(
    z.optional(z.union([zLine().check(z.trim()), z.null()])),
    z.transform((v) => (v ? v : v === undefined ? undefined : null)),
  )
  .check(
    z.refine((v) => v == null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), {
      message: key('organizations.invalidExpiry'),
    }),
  );

const ZOrgEmail = z
  .pipe(z.nullish(zLine().check(z.trim(), z.maxLength(254))), z.transform(keepUnsetClearEmpty))
  .check(z.refine((v) => v == null || EMAIL_ADDRESS.test(v), { message: key('organizations.invalidEmail') }));

/** The game screen's music: an https embed address, or null/'' for none. */
const ZMusicPlaylistUrl = z
  .pipe(z.nullish(zLine().check(z.trim(), z.maxLength(500))), z.transform(keepUnsetClearEmpty))
  .check(
    z.refine((v) => v == null || /^https:\/\/[^\s]+$/.test(v), {
      message: key('organizations.invalidMusicUrl'),
    }),
  );

const orgFields = {
  address: optionalText(300),
  phone: optionalText(50),
  website: optionalText(300),
  email: ZOrgEmail,
  hideRollAnimation: z.optional(z.boolean()),
  /** Participants with a room's code or link may join with a nickname; off by default. */
  allowGuests: z.optional(z.boolean()),
  /** The language of the organization's rooms unless a room has its own (default English). */
  language: z.optional(ZLanguage),
  musicPlaylistUrl: ZMusicPlaylistUrl,
  expiry: ZExpiry,
};

/** POST /create-organization {name, others}. */
export const ZCreateOrganization = z.object({ name: ZOrgName, ...orgFields });
export type CreateOrganizationInput = z.input<typeof ZCreateOrganization>;

/**
 * PATCH /edit-org {id, name, address, phone, website, email, hideRollAnimation, expiry}. Fields left
 * out stay as they are; null or '' clears an optional one.
 */
export const ZEditOrganization = z.object({
  id: zIdParam(),
  name: z.optional(ZOrgName),
  ...orgFields,
});
export type EditOrganizationInput = z.input<typeof ZEditOrganization>;

export const ZOrganizationReply = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  address: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  website: z.nullable(z.string()),
  email: z.nullable(z.string()),
  expiry: z.nullable(z.string()),
  hideRollAnimation: z.boolean(),
  allowGuests: z.boolean(),
  musicPlaylistUrl: z.nullable(z.string()),
  language: ZLanguage,
});
export type OrganizationReply = z.infer<typeof ZOrganizationReply>;

export const ZOrganizationPage = zPaged(ZOrganizationReply);
export type OrganizationPage = z.infer<typeof ZOrganizationPage>;

export const ZOrgOption = z.object({ id: z.number().check(z.int()), name: z.string() });
export type OrgOption = z.infer<typeof ZOrgOption>;

export const ZOrgWorkshopLink = z.object({
  id: z.number().check(z.int()),
  orgId: z.number().check(z.int()),
  workshopId: z.number().check(z.int()),
  workshop: z.object({ id: z.number().check(z.int()), name: z.string() }),
});
export type OrgWorkshopLink = z.infer<typeof ZOrgWorkshopLink>;

/** POST /create-org-to-workshop {orgId, workshopId}. */
export const ZLinkOrgWorkshop = z.object({
  orgId: zIdParam(),
  workshopId: zIdParam('organizations.selectWorkshop'),
});
export type LinkOrgWorkshopInput = z.input<typeof ZLinkOrgWorkshop>;

const ZOrgNameParam = z.object({ name: zLine().check(z.minLength(1), z.maxLength(200)) });

export const ORG_API = endpoints(['organizations'], {
  /** Users of an expired organization must be able to learn that it expired (`allowExpiredOrg`). */
  checkExpiry: GET(
    { path: '/check-org-expiry/:orgId', params: ZOrgIdParam, reply: ZOrgExpiryReply, access: 'signedIn' },
    "Whether an organization's license has expired",
  ),
  workshops: GET(
    {
      path: '/get-org-workshops/:name',
      params: ZOrgNameParam,
      reply: ZOrgWorkshopsReply,
      access: 'readWorkshops',
    },
    'Workshops linked to an organization, by organization name',
  ),
  byName: GET(
    {
      path: '/get-org-by-name/:name',
      params: ZOrgNameParam,
      reply: ZOrganizationReply,
      access: 'readOrganization',
    },
    "One organization by name: the caller's own, or any for a super admin",
  ),
  byId: getById(
    { path: '/get-org-by-id/:id', reply: ZOrganizationReply, access: 'readOrganization' },
    "One organization by id: the caller's own, or any for a super admin",
  ),
  options: GET(
    { path: '/get-orgs', reply: z.array(ZOrgOption), access: 'readOrganization' },
    "Organizations a user form may offer: every one for a super admin, else the caller's own",
  ),
  count: GET(
    { path: '/count-orgs', reply: ZCount, access: 'manageOrganizations' },
    'Number of organizations',
  ),
  page: GET(
    {
      path: '/get-paginated-orgs/:page/:size',
      params: ZPaging,
      reply: ZOrganizationPage,
      access: 'manageOrganizations',
    },
    'Organizations by name, one page',
    '`page` starts at 1; `size` is the page size (the UI uses 10). `totalPages` = ceil(count/size).',
  ),
  search: GET(
    {
      path: '/search-orgs/:term',
      params: z.object({ term: ZSearchTerm }),
      query: ZPaging,
      reply: ZOrganizationPage,
      access: 'manageOrganizations',
    },
    'Organizations whose name contains the term (case-insensitive, % and _ literal), one page',
    'Query `page` (from 1, default 1) and `size` (default 10).',
  ),
  create: POST(
    {
      path: '/create-organization',
      body: ZCreateOrganization,
      reply: ZOrganizationReply,
      status: 201,
      access: 'manageOrganizations',
    },
    'Create an organization (name: letters, digits and spaces; trimmed)',
  ),
  /** The service refuses an admin's name or expiry change with 403. */
  edit: PATCH(
    { path: '/edit-org', body: ZEditOrganization, reply: ZOrganizationReply, access: 'editOwnOrganization' },
    'Change an organization',
    'Super admin: every field. Admin: address, phone, website, email, hideRollAnimation and musicPlaylistUrl of their own ' +
      'organization (name or expiry changes answer 403). Omitted fields stay; null or "" clears one.',
  ),
  remove: deleteById(
    { path: '/delete-organization/:id', access: 'manageOrganizations' },
    'Delete an organization with no users (409 ORG_HAS_USERS otherwise); its rooms and links go too',
  ),
  linkableWorkshops: GET(
    {
      path: '/get-linkable-workshops/:orgId',
      params: ZOrgIdParam,
      reply: z.array(ZWorkshopSummary),
      access: 'manageOrganizations',
    },
    'Workshops not yet linked to the organization (the edit screen\'s "add workshop" choice)',
  ),
  linkWorkshop: POST(
    {
      path: '/create-org-to-workshop',
      body: ZLinkOrgWorkshop,
      reply: ZOrgWorkshopLink,
      status: 201,
      access: 'manageOrganizations',
    },
    'Link a workshop to an organization',
  ),
  unlinkWorkshop: DELETE(
    {
      path: '/delete-org-workshop/:orgId/:workshopId',
      params: z.object({ orgId: zIdParam(), workshopId: zIdParam() }),
      reply: ZMessageReply,
      access: 'manageOrganizations',
    },
    'Unlink a workshop from an organization',
  ),
});
