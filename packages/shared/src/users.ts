import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants';
import { zIdParam, zLine, zText } from './input';
import { VALIDATION } from './messages';
import { zPaged } from './pagination';
import { normalizeRole, ROLES } from './roles';

export const USER_TEXTS = {
  created: 'Successfully created User',
  updated: 'Successfully updated User',
  deleted: 'Successfully deleted User',
  emailRequired: 'Email is required',
  organizationRequired: 'This field is required',
  roleRequired: VALIDATION.required,
  duplicateEmail: 'A user with this email already exists',
  duplicateUsername: 'A user with this username already exists',
  userNotFound: 'User not found',
  playerNotFound: 'Player not found',
  adminNotFound: 'Admin not found',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotChangeOwnRole: 'You cannot change your own role',
  roleNotAllowed: 'You may not give this role',
  otherOrganization: 'You may only manage users of your own organization',
  playersOnPlayersPage: 'Players are created on the Players page',
  searchPlaceholder: 'Search by first or last name',
  reservedUsername: 'This username is reserved: please choose another',
} as const;

export const RESERVED_USERNAMES: readonly string[] = ['admin', 'facilitator'];

/** SPEC §5: a standard address whose top-level domain has 2 to 4 letters. */
export const USER_EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}$/;

const ZFirstName = zLine().trim().min(1, VALIDATION.firstNameRequired).max(100);
const ZLastName = zLine().trim().min(1, VALIDATION.lastNameRequired).max(100);
const ZUserEmail = zLine()
  .trim()
  .min(1, USER_TEXTS.emailRequired)
  .max(254)
  .regex(USER_EMAIL, VALIDATION.userInvalidEmail)
  .transform((v) => v.toLowerCase());
const ZUsername = zLine()
  .trim()
  .min(1, VALIDATION.usernameRequired)
  .max(100)
  // A player's pages live at /{org}/{username}/…, beside /{org}/admin and /{org}/facilitator.
  .refine((v) => !RESERVED_USERNAMES.includes(v.toLowerCase()), USER_TEXTS.reservedUsername);
/** A select's value ('' when nothing is picked) or a number. */
const ZOrganizationId = zIdParam(USER_TEXTS.organizationRequired);
/** Any spelling of the spec ('Admin', 'SUPERADMIN', …), normalised. */
export const ZRoleInput = z.preprocess(
  (v) => (v === '' || v == null ? undefined : (normalizeRole(v) ?? v)),
  z.enum(ROLES, { message: USER_TEXTS.roleRequired }),
);
const ZPassword = zText()
  .min(1, VALIDATION.userPasswordTooShort)
  .min(PASSWORD_MIN_LENGTH, VALIDATION.userPasswordTooShort)
  .max(1024);

const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
/**
 * Checked as soon as both passwords are there, even while other fields are still empty: a form that
 * validates on blur says 'Passwords do not match' when the confirmation is left (zod skips an object
 * refinement on input with other issues unless `when` says otherwise).
 */
const mismatch = {
  message: VALIDATION.userPasswordsDiffer,
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
export const ZEditPlayer = ZPlayerForm.extend({ id: zIdParam() });
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
export const ZEditAdmin = ZAdminEditForm.extend({ id: zIdParam() });
export type EditAdminInput = z.input<typeof ZEditAdmin>;

/** The admin form in add mode, and POST /create-admin: passwords are set for new users only. */
export const ZCreateAdmin = ZAdminEditForm.extend({
  password: ZPassword,
  confirmPassword: z.string().min(1, VALIDATION.userPasswordsDiffer),
}).refine(passwordsMatch, mismatch);
export type CreateAdminInput = z.input<typeof ZCreateAdmin>;

/** What leaves the server about a user (SPEC §3): never a password hash. */
export const ZUserReply = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  role: z.enum(ROLES),
  organizationId: z.number().int(),
  organizationName: z.string(),
  /** Joined with a nickname through a room's code. */
  isGuest: z.boolean(),
});
export type UserReply = z.infer<typeof ZUserReply>;

export const ZUserPage = zPaged(ZUserReply);
export type UserPage = z.infer<typeof ZUserPage>;
