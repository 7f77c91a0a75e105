import { z } from 'zod/mini';
import { PASSWORD_MIN_LENGTH } from './constants';
import { EMAIL_ADDRESS, zIdParam, zLine } from './input';
import { ZLanguage, ZStaffLanguage } from './languages';
import { ZMessageKeyFields } from './messages';
import { ROLES } from './roles';
import { key } from './server-messages';

export const ZLogin = z.object({
  email: zLine().check(z.trim(), z.minLength(1, key('validation.required')), z.maxLength(254)),
  // One line like every sign-in field: a control character is a 400 naming the field (issue 30).
  password: zLine().check(z.minLength(1, key('validation.required')), z.maxLength(1024)),
});
export type LoginInput = z.infer<typeof ZLogin>;

export const ZRequestReset = z.object({
  email: zLine().check(
    z.trim(),
    z.minLength(1, key('validation.emailRequired')),
    z.maxLength(254),
    // The browser's rule, as on every form (issue 42): something@something that type=email accepts.
    z.regex(EMAIL_ADDRESS, key('validation.invalidEmail')),
  ),
});
export type RequestResetInput = z.infer<typeof ZRequestReset>;

const ZNewPassword = zLine().check(
  z.minLength(1, key('validation.resetPasswordTooShort')),
  z.minLength(PASSWORD_MIN_LENGTH, key('validation.resetPasswordTooShort')),
  z.maxLength(1024),
);

export const ZResetPassword = z.object({
  password: ZNewPassword,
  token: zLine().check(z.minLength(1, key('validation.required')), z.maxLength(200)),
});
export type ResetPasswordInput = z.infer<typeof ZResetPassword>;

/** The reset form: the API body plus a confirmation checked on change. */
export const ZResetPasswordForm = z.object({ password: ZNewPassword, confirmPassword: z.string() }).check(
  z.refine((v) => v.password === v.confirmPassword, {
    message: key('validation.resetPasswordsDiffer'),
    path: ['confirmPassword'],
  }),
);

export const ZRole = z.enum(ROLES);

/** Reply of POST /login (SPEC §7). */
export const ZLoginReply = z.object({
  username: z.string(),
  org: z.string(),
  orgId: z.number().check(z.int()),
  role: ZRole,
  userId: z.number().check(z.int()),
  accessToken: z.string(),
  /** A staff member's own language for the staff screens on any device; null: the browser's. */
  language: z.optional(z.nullable(ZStaffLanguage)),
});
export type LoginReply = z.infer<typeof ZLoginReply>;

export const ZMessageReply = z.object({ message: z.string() });

/** The one error format of DESIGN §5. */
export const ZErrorReply = z.extend(
  z.object({
    message: z.string(),
    code: z.string(),
    field: z.optional(z.string()),
  }),
  ZMessageKeyFields.shape,
);
export type ErrorReply = z.infer<typeof ZErrorReply>;

export const ZIdParam = z.object({ id: zIdParam() });
/** `/:orgId` in a path. */
export const ZOrgIdParam = z.object({ orgId: zIdParam() });
/** `/:org` in a path: an organization by its name. */
export const ZOrgNameParam = z.object({ org: zLine().check(z.minLength(1), z.maxLength(200)) });

export const ZOrgExpiryReply = z.object({ expired: z.boolean() });

export const ZRoomReply = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  workshopId: z.number().check(z.int()),
  workshop: z.object({ id: z.number().check(z.int()), name: z.string() }),
  orgId: z.number().check(z.int()),
  sessions: z.array(
    z.object({ id: z.number().check(z.int()), name: z.string(), orderIndex: z.number().check(z.int()) }),
  ),
  /** The room's own language; null follows its organization's (`effectiveLanguage`). */
  language: z.nullable(ZLanguage),
  effectiveLanguage: ZLanguage,
});
export type RoomReply = z.infer<typeof ZRoomReply>;

export const ZWorkshopSummary = z.object({ id: z.number().check(z.int()), name: z.string() });
export const ZOrgWorkshopsReply = z.array(ZWorkshopSummary);

export const ZPublicSettings = z.object({
  reportIssueUrl: z.string(),
  statusUrl: z.string(),
  trainingUrl: z.string(),
});
export type PublicSettings = z.infer<typeof ZPublicSettings>;
