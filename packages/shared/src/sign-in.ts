import { z } from 'zod/mini';
import { endpoints, GET, orgAdminSpec, POST, readAndSave } from './endpoint';
import { zLine, zWebAddress } from './input';
import { ZErrorReply, ZLoginReply, ZMessageReply, ZOrgNameParam } from './schemas';
import { key } from './server-messages';

/**
 * Single sign-on (OpenID Connect) per organization and two-factor sign-in (TOTP) for staff: the
 * settings, the sign-in steps and their texts, read by the server and the web app alike.
 */

/** How long a device stays trusted after "Remember this device" (no code asked on it meanwhile). */
export const TWO_FACTOR_REMEMBER_DAYS = 30;
/** Recovery codes handed out at enrolment; each signs in once in place of a code. */
export const RECOVERY_CODE_COUNT = 10;

/** The roles SSO may create an account with (never a super admin, never a player). */
export const SSO_DEFAULT_ROLES = ['ADMIN', 'FACILITATOR'] as const;
export const ZSsoDefaultRole = z.enum(SSO_DEFAULT_ROLES);

/** An OpenID issuer: an http(s) address (http only makes sense on loopback; the server checks). */
const ZIssuer = zWebAddress(key('signIn.issuerInvalid'), {
  maxLength: 500,
  also: (url) => !url.search && !url.hash,
});

/** The scopes the sign-in asks the provider for: an organization registers Playshop's client with them. */
export const SSO_SCOPE = 'openid email profile';

/** GET /organizations/{id}/sign-in: the organization's SSO and two-factor settings (no secret). */
export const ZOrgSignInSettings = z.object({
  orgId: z.number().check(z.int()),
  ssoEnabled: z.boolean(),
  issuer: z.nullable(z.string()),
  clientId: z.nullable(z.string()),
  /** The secret itself never leaves the server. */
  hasClientSecret: z.boolean(),
  /** A verified email with no account yet gets one, with `defaultRole`. */
  createAccounts: z.boolean(),
  defaultRole: ZSsoDefaultRole,
  /** Staff of the organization (not super admins) may not sign in with a password. */
  passwordSignInDisabled: z.boolean(),
  requireTwoFactorForAdmins: z.boolean(),
  /** The address to register at the provider as the redirect URI. */
  redirectUri: z.string(),
});
export type OrgSignInSettings = z.infer<typeof ZOrgSignInSettings>;

/** PUT /organizations/{id}/sign-in. `clientSecret` omitted or empty keeps the stored one. */
export const ZOrgSignInUpdate = z.strictObject({
  ssoEnabled: z.boolean(),
  issuer: z.union([
    z.nullable(ZIssuer),
    z.pipe(
      z.literal(''),
      z.transform(() => null),
    ),
  ]),
  clientId: z.nullable(zLine().check(z.trim(), z.maxLength(300))),
  clientSecret: z.optional(zLine().check(z.maxLength(1000))),
  createAccounts: z.boolean(),
  defaultRole: ZSsoDefaultRole,
  passwordSignInDisabled: z.boolean(),
  requireTwoFactorForAdmins: z.boolean(),
});
export type OrgSignInUpdate = z.input<typeof ZOrgSignInUpdate>;

/** GET/PUT /product-sign-in: the super admin's product-wide rule. */
export const ZProductSignIn = z.strictObject({ requireTwoFactorForStaff: z.boolean() });
export type ProductSignIn = z.infer<typeof ZProductSignIn>;

export const ZSsoOption = z.object({ org: z.string(), orgId: z.number().check(z.int()) });
export type SsoOption = z.infer<typeof ZSsoOption>;

export const ZSsoStart = z.strictObject({ org: zLine().check(z.trim(), z.minLength(1), z.maxLength(200)) });
export const ZSsoStartReply = z.object({ authorizationUrl: z.string() });

/** The query string the provider sent the browser back with (`?code=…&state=…`). */
export const ZSsoCallback = z.strictObject({ query: zLine().check(z.maxLength(4000)) });

/** A TOTP code (6 digits, spaces allowed) or a recovery code (xxxxx-xxxxx). */
const ZCode = z.pipe(
  zLine().check(z.trim(), z.minLength(1, key('signIn.codeRequired')), z.maxLength(40)),
  z.transform((value) => value.replace(/\s+/g, '')),
);

export const ZTwoFactorCode = z.strictObject({ code: ZCode });
export const ZChallenge = z.strictObject({ challenge: z.string().check(z.minLength(1), z.maxLength(2000)) });
export const ZTwoFactorVerify = z.strictObject({
  challenge: z.string().check(z.minLength(1), z.maxLength(2000)),
  code: ZCode,
  rememberDevice: z._default(z.boolean(), false),
});
export const ZTwoFactorEnrolConfirm = z.strictObject({
  challenge: z.string().check(z.minLength(1), z.maxLength(2000)),
  code: ZCode,
});

export const ZTwoFactorSetup = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The otpauth:// address the QR code holds. */
  otpauthUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export const ZEnrolledLoginReply = z.extend(ZLoginReply, { recoveryCodes: z.array(z.string()) });
export type EnrolledLoginReply = z.infer<typeof ZEnrolledLoginReply>;

export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** The organization or the product requires it for this account. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().check(z.int()),
});
export type TwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

const tooMany = { 429: ZErrorReply };
export const SSO_API = endpoints(['sso'], {
  option: GET(
    {
      path: '/sso/options/:org',
      params: ZOrgNameParam,
      reply: ZSsoOption,
      access: 'public',
      errors: tooMany,
    },
    'Whether an organization (by name) offers single sign-on: 404 SSO_NOT_CONFIGURED if not',
  ),
  start: POST(
    { path: '/sso/start', body: ZSsoStart, reply: ZSsoStartReply, access: 'public', errors: tooMany },
    "Begin an organization's OpenID Connect sign-in: the provider address to open",
    'Sets a short-lived encrypted cookie holding the state, nonce and PKCE verifier; the browser then goes to `authorizationUrl`.',
  ),
  callback: POST(
    { path: '/sso/callback', body: ZSsoCallback, reply: ZLoginReply, access: 'public', errors: tooMany },
    "Finish single sign-on with the provider's answer (the query string of /sso/callback)",
  ),
  ...readAndSave(
    ['settings', 'saveSettings'],
    orgAdminSpec('sign-in', ZOrgSignInSettings),
    ZOrgSignInUpdate,
    {
      read: "An organization's single sign-on and two-factor settings (the client secret is never returned)",
      save: "Change an organization's single sign-on and two-factor settings",
      saveDescription:
        "Turning SSO on reads the issuer's discovery document first (400 if it cannot). An omitted or empty clientSecret keeps the stored one.",
    },
  ),
});

export const TWO_FACTOR_API = endpoints(['two-factor'], {
  /** The product's sign-in policy. */
  ...readAndSave(
    ['productPolicy', 'saveProductPolicy'],
    { path: '/product-sign-in', reply: ZProductSignIn, access: 'manageProductSettings' },
    ZProductSignIn,
    {
      read: 'Whether the product requires two-factor sign-in of every staff account',
      save: 'Require (or stop requiring) two-factor sign-in of every staff account',
    },
  ),
  status: GET(
    { path: '/two-factor', reply: ZTwoFactorStatus, access: 'manageOwnSignIn' },
    "The caller's two-factor sign-in: on or off, required, recovery codes left",
  ),
  setup: POST(
    { path: '/two-factor/setup', reply: ZTwoFactorSetup, access: 'manageOwnSignIn' },
    'Begin enrolling: a new secret and its otpauth:// address (for the QR code)',
  ),
  confirm: POST(
    {
      path: '/two-factor/confirm',
      body: ZTwoFactorCode,
      reply: ZRecoveryCodes,
      access: 'manageOwnSignIn',
      errors: tooMany,
    },
    'Finish enrolling with a code from the app: two-factor is on; the recovery codes, shown once',
  ),
  disable: POST(
    {
      path: '/two-factor/disable',
      body: ZTwoFactorCode,
      reply: ZMessageReply,
      access: 'manageOwnSignIn',
      errors: tooMany,
    },
    'Turn two-factor off with a current code (409 where it is required)',
  ),
  verify: POST(
    {
      path: '/two-factor/verify',
      body: ZTwoFactorVerify,
      reply: ZLoginReply,
      access: 'public',
      errors: tooMany,
    },
    "Second sign-in step: the password step's challenge and a code (or a recovery code)",
    'rememberDevice sets a signed cookie so this browser is not asked again for 30 days.',
  ),
  enrolSetup: POST(
    {
      path: '/two-factor/enrol/setup',
      body: ZChallenge,
      reply: ZTwoFactorSetup,
      access: 'public',
      errors: tooMany,
    },
    'Second sign-in step where two-factor is required but not set up: a new secret',
  ),
  enrolConfirm: POST(
    {
      path: '/two-factor/enrol/confirm',
      body: ZTwoFactorEnrolConfirm,
      reply: ZEnrolledLoginReply,
      access: 'public',
      errors: tooMany,
    },
    'Finish the required enrolment with a code: a session and the recovery codes, shown once',
  ),
});
