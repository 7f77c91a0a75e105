import { z } from 'zod/mini';
import { PASSWORD_MIN_LENGTH } from './constants';
import { deleteById, endpoints, GET, getById, PATCH, POST, PUT } from './endpoint';
import { EMAIL_ADDRESS, zIdParam, zLine, zPreprocess } from './input';
import { ZStaffLanguage } from './languages';
import { ZCount, ZPaging, ZSearchTerm, zPaged } from './pagination';
import { normalizeRole, ROLES } from './roles';
import { ZOrgIdParam } from './schemas';
import { key } from './server-messages';

export const RESERVED_USERNAMES: readonly string[] = ['admin', 'facilitator'];

const ZFirstName = zLine().check(
  z.trim(),
  z.minLength(1, key('validation.firstNameRequired')),
  z.maxLength(100),
);
const ZLastName = zLine().check(
  z.trim(),
  z.minLength(1, key('validation.lastNameRequired')),
  z.maxLength(100),
);
const ZUserEmail = z.pipe(
  zLine().check(
    z.trim(),
    z.minLength(1, key('validation.emailRequired')),
    z.maxLength(254),
    z.regex(EMAIL_ADDRESS, key('validation.userInvalidEmail')),
  ),
  z.transform((v) => v.toLowerCase()),
);
const ZUsername = zLine().check(
  z.trim(),
  z.minLength(1, key('validation.usernameRequired')),
  z.maxLength(100),
  // A player's pages live at /{org}/{username}/…, beside /{org}/admin and /{org}/facilitator.
  z.refine((v) => !RESERVED_USERNAMES.includes(v.toLowerCase()), key('users.reservedUsername')),
);
/** A select's value ('' when nothing is picked) or a number. */
const ZOrganizationId = zIdParam('validation.required');
/** Any spelling of the spec ('Admin', 'SUPERADMIN', …), normalised. */
export const ZRoleInput = zPreprocess(
  (v) => (v === '' || v == null ? undefined : (normalizeRole(v) ?? v)),
  z.enum(ROLES, { message: key('validation.required') }),
);
// One line: a password must be one its owner can type at sign-in (where control characters are refused).
const ZPassword = zLine().check(
  z.minLength(1, key('validation.userPasswordTooShort')),
  z.minLength(PASSWORD_MIN_LENGTH, key('validation.userPasswordTooShort')),
  z.maxLength(1024),
);

const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
/**
 * Checked as soon as both passwords are there, even while other fields are still empty: a form that
 * validates on blur says 'Passwords do not match' when the confirmation is left (zod skips an object
 * refinement on input with other issues unless `when` says otherwise).
 */
const mismatch = {
  message: key('validation.userPasswordsDiffer'),
  path: ['confirmPassword'],
  when: ({ value }: { value: unknown }) => {
    const v = (value ?? {}) as { password?: unknown; confirmPassword?: unknown };
    return typeof v.password === 'string' && typeof v.confirmPassword === 'string';
  },
};

/** The player form, and POST /create-player (the role is always PLAYER). */
export const ZPlayerForm = z.object({
  firstName: ZFirstName,
  lastName: ZLastName,
  username: ZUsername,
  organizationId: ZOrganizationId,
});
export type PlayerFormInput = z.input<typeof ZPlayerForm>;
export const ZCreatePlayer = ZPlayerForm;
/** PATCH /edit-player. */
export const ZEditPlayer = z.extend(ZPlayerForm, { id: zIdParam() });
export type EditPlayerInput = z.input<typeof ZEditPlayer>;

/** The admin form in edit mode, and the body of PATCH /edit-admin without its id. */
export const ZAdminEditForm = z.object({
  firstName: ZFirstName,
  lastName: ZLastName,
  email: ZUserEmail,
  role: ZRoleInput,
  organizationId: ZOrganizationId,
});
export type AdminEditFormInput = z.input<typeof ZAdminEditForm>;
export const ZEditAdmin = z.extend(ZAdminEditForm, { id: zIdParam() });
export type EditAdminInput = z.input<typeof ZEditAdmin>;

/** The admin form in add mode, and POST /create-admin: passwords are set for new users only. */
export const ZCreateAdmin = z
  .extend(ZAdminEditForm, {
    password: ZPassword,
    confirmPassword: z.string().check(z.minLength(1, key('validation.userPasswordsDiffer'))),
  })
  .check(z.refine(passwordsMatch, mismatch));
export type CreateAdminInput = z.input<typeof ZCreateAdmin>;

/** What leaves the server about a user (SPEC §3): never a password hash. */
export const ZUserReply = z.object({
  id: z.number().check(z.int()),
  firstName: z.string(),
  lastName: z.string(),
  email: z.nullable(z.string()),
  username: z.nullable(z.string()),
  role: z.enum(ROLES),
  organizationId: z.number().check(z.int()),
  organizationName: z.string(),
  /** Joined with a nickname through a room's code. */
  isGuest: z.boolean(),
});
export type UserReply = z.infer<typeof ZUserReply>;

export const ZUserPage = zPaged(ZUserReply);
export type UserPage = z.infer<typeof ZUserPage>;

const tags = ['users'];
const PAGED_DOC =
  '`{orgId}/{page}/{size}`: organization id, page (from 1) and page size (the UI uses 10); ' +
  '`totalPages` = ceil(count/size). A page beyond the end has no items.';
const SEARCH_DOC =
  'Matches first name, last name or "first last", case-insensitive; `%` and `_` are literal. ' +
  'Query `page` (from 1, default 1) and `size` (default 10).';

/** The lists, counts and searches of one kind of user, for one organization or every one. */
function userKindLists(kind: 'admin' | 'player') {
  const plural = kind === 'admin' ? 'admins' : 'players';
  const access = kind === 'admin' ? 'manageAdmins' : 'managePlayers';
  return {
    page: GET(
      {
        path: `/get-org-${plural}/:orgId/:page/:size`,
        params: z.extend(ZPaging, ZOrgIdParam.shape),
        reply: ZUserPage,
        access,
        tags,
      },
      `One organization's ${plural}, one page`,
      PAGED_DOC,
    ),
    allPage: GET(
      {
        path: `/get-all-${plural}/:page/:size`,
        params: ZPaging,
        reply: ZUserPage,
        access: 'readAllOrganizations',
        tags,
      },
      `Every organization's ${plural}, one page (super admin)`,
      '`{page}/{size}`: page (from 1) and page size.',
    ),
    count: GET(
      {
        path: `/count-org-${plural}/:orgId`,
        params: ZOrgIdParam,
        reply: ZCount,
        access,
        tags,
      },
      `Number of ${plural} in one organization`,
    ),
    countAll: GET(
      { path: `/count-all-${plural}`, reply: ZCount, access: 'readAllOrganizations', tags },
      `Number of ${plural} in every organization (super admin)`,
    ),
    search: GET(
      {
        path: `/search-${plural}/:term`,
        params: z.object({ term: ZSearchTerm }),
        query: ZPaging,
        reply: ZUserPage,
        access,
        tags,
      },
      `Search ${plural} by first or last name: every organization for a super admin, else the caller's own`,
      SEARCH_DOC,
    ),
    orgSearch: GET(
      {
        // The spec spells the organization-scoped admin search in the singular.
        path: kind === 'admin' ? '/search-org-admin/:orgId/:term' : '/search-org-players/:orgId/:term',
        params: z.extend(ZOrgIdParam, { term: ZSearchTerm }),
        query: ZPaging,
        reply: ZUserPage,
        access,
        tags,
      },
      `Search one organization's ${plural} by first or last name`,
      SEARCH_DOC,
    ),
  };
}

/** What differs between the two kinds of user beyond their name: access, paths, bodies and summaries. */
interface UserKind {
  readonly access: 'manageAdmins' | 'managePlayers';
  readonly allPath: string;
  readonly allSummary: string;
  readonly createBody: z.core.$ZodType;
  readonly createSummary: string;
  readonly editBody: z.core.$ZodType;
  readonly editSummary: string;
}

/**
 * The endpoints of one kind of user: admins (and facilitators) need `manageAdmins`, players
 * `managePlayers`; lists across every organization need `readAllOrganizations`. What differs beyond
 * the name comes in `own`, whose literal types the endpoints keep.
 */
function userKindApi<const K extends 'admin' | 'player', const U extends UserKind>(kind: K, own: U) {
  // Typed as U's own members, not UserKind's: the endpoints keep the literal types of `own`.
  const access: U['access'] = own.access;
  const allPath: U['allPath'] = own.allPath;
  const createBody: U['createBody'] = own.createBody;
  const editBody: U['editBody'] = own.editBody;
  return {
    ...userKindLists(kind),
    byId: getById(
      { path: `/get-${kind}-by-id/:id`, reply: ZUserReply, access, tags },
      `One ${kind} (404 for another organization's)`,
    ),
    remove: deleteById(
      { path: `/delete-${kind}/:id`, access, tags },
      `Delete a ${kind} (never yourself); their sessions end`,
    ),
    all: GET({ path: allPath, reply: z.array(ZUserReply), access, tags }, own.allSummary),
    create: POST(
      { path: `/create-${kind}`, body: createBody, reply: ZUserReply, status: 201, access, tags },
      own.createSummary,
    ),
    edit: PATCH({ path: `/edit-${kind}`, body: editBody, reply: ZUserReply, access, tags }, own.editSummary),
  };
}

export const USER_API = {
  admin: userKindApi('admin', {
    access: 'manageAdmins',
    allPath: '/getadmins',
    allSummary:
      "Every admin and facilitator the caller may see (a super admin: all; an admin: their organization's)",
    createBody: ZCreateAdmin,
    createSummary: 'Create an admin or facilitator (Super Admin: by a super admin only)',
    editBody: ZEditAdmin,
    editSummary:
      'Change an admin or facilitator (not your own role; other organizations by a super admin only)',
  }),
  player: {
    ...userKindApi('player', {
      access: 'managePlayers',
      allPath: '/getparticipants',
      allSummary: "Every player the caller may see (a super admin: all; staff: their organization's)",
      createBody: ZCreatePlayer,
      createSummary:
        'Create a player (signs in by username; usernames are unique within the organization, ignoring case)',
      editBody: ZEditPlayer,
      editSummary: 'Change a player',
    }),
    /** A CSV file: the web downloads it rather than parsing a reply. */
    export: GET(
      {
        path: '/export-players/:orgId',
        params: ZOrgIdParam,
        reply: z.string(),
        access: 'managePlayers',
        tags,
      },
      "An organization's players as CSV (firstName, lastName, username, guest)",
    ),
  },
};

/** The caller's own language of the staff screens (null: follow the browser). */
export const ZAccountLanguage = z.object({ language: z.nullable(ZStaffLanguage) });
export type AccountLanguage = z.infer<typeof ZAccountLanguage>;

export const ACCOUNT_API = endpoints(['users'], {
  setLanguage: PUT(
    {
      path: '/account/language',
      body: ZAccountLanguage,
      reply: ZAccountLanguage,
      access: 'chooseOwnLanguage',
    },
    "Keep the caller's language of the staff screens with their account (English or German)",
    'Sign-in and refresh replies carry it as `language`, so the staff screens show it on any device.',
  ),
});
