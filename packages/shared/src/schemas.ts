import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants';
import { zIdParam, zLine } from './input';
import { ZLanguage, ZStaffLanguage } from './languages';
import { VALIDATION, ZMessageKeyFields } from './messages';
import { ROLES } from './roles';

/** SPEC §5: request reset emails only need to look like something@something. */
const LOOSE_EMAIL = /^[^\s@]+@[^\s@]+$/;

export const ZLogin = z.object({
  email: zLine().trim().min(1, VALIDATION.required).max(254),
  // One line like every sign-in field: a control character is a 400 naming the field (issue 30).
  password: zLine().min(1, VALIDATION.required).max(1024),
});
export type LoginInput = z.infer<typeof ZLogin>;

export const ZRequestReset = z.object({
  email: zLine().trim().min(1, VALIDATION.emailRequired).max(254).regex(LOOSE_EMAIL, VALIDATION.invalidEmail),
});
export type RequestResetInput = z.infer<typeof ZRequestReset>;

const ZNewPassword = zLine()
  .min(1, VALIDATION.resetPasswordTooShort)
  .min(PASSWORD_MIN_LENGTH, VALIDATION.resetPasswordTooShort)
  .max(1024);

export const ZResetPassword = z.object({
  password: ZNewPassword,
  token: zLine().min(1, VALIDATION.required).max(200),
});
export type ResetPasswordInput = z.infer<typeof ZResetPassword>;

/** The reset form: the API body plus a confirmation checked on change. */
export const ZResetPasswordForm = z
  .object({ password: ZNewPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: VALIDATION.resetPasswordsDiffer,
    path: ['confirmPassword'],
  });

export const ZRole = z.enum(ROLES);

/** Reply of POST /login (SPEC §7). */
export const ZLoginReply = z.object({
  username: z.string(),
  org: z.string(),
  orgId: z.number().int(),
  role: ZRole,
  userId: z.number().int(),
  accessToken: z.string(),
  /** A staff member's own language for the staff screens on any device; null: the browser's. */
  language: ZStaffLanguage.nullable().optional(),
});
export type LoginReply = z.infer<typeof ZLoginReply>;

export const ZMessageReply = z.object({ message: z.string() });

/** The one error format of DESIGN §5. */
export const ZErrorReply = z
  .object({
    message: z.string(),
    code: z.string(),
    field: z.string().optional(),
  })
  .extend(ZMessageKeyFields.shape);
export type ErrorReply = z.infer<typeof ZErrorReply>;

export const ZIdParam = z.object({ id: zIdParam() });

export const ZOrgExpiryReply = z.object({ expired: z.boolean() });

export const ZRoomReply = z.object({
  id: z.number().int(),
  name: z.string(),
  workshopId: z.number().int(),
  workshop: z.object({ id: z.number().int(), name: z.string() }),
  orgId: z.number().int(),
  sessions: z.array(z.object({ id: z.number().int(), name: z.string(), orderIndex: z.number().int() })),
  /** The room's own language; null follows its organization's (`effectiveLanguage`). */
  language: ZLanguage.nullable(),
  effectiveLanguage: ZLanguage,
});
export type RoomReply = z.infer<typeof ZRoomReply>;

export const ZWorkshopSummary = z.object({ id: z.number().int(), name: z.string() });
export const ZOrgWorkshopsReply = z.array(ZWorkshopSummary);

export const ZPublicSettings = z.object({
  reportIssueUrl: z.string(),
  statusUrl: z.string(),
  trainingUrl: z.string(),
});
export type PublicSettings = z.infer<typeof ZPublicSettings>;
