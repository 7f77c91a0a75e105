import { z } from 'zod/mini';
import { ZLoginReply } from './schemas';

// The reply of POST /login, apart from the rest of sign-in.ts: the player's sign-in screens import
// AUTH_API (joining.ts), and this keeps the staff-only SSO and two-factor schemas off their path.

/** A password sign-in that needs a second step: a code, or setting two-factor up first. */
export const ZTwoFactorStep = z.object({
  twoFactor: z.enum(['verify', 'enrol']),
  /** Short-lived proof of the password step, for the two-factor calls (sign-in.ts). */
  challenge: z.string(),
});
export type TwoFactorStep = z.infer<typeof ZTwoFactorStep>;

/** POST /login: a session, or the second step to take. */
export const ZPasswordLoginReply = z.union([ZLoginReply, ZTwoFactorStep]);
export type PasswordLoginReply = z.infer<typeof ZPasswordLoginReply>;
export const isTwoFactorStep = (reply: PasswordLoginReply): reply is TwoFactorStep => 'twoFactor' in reply;
