import { z } from 'zod/mini';
import { MIN_TEXT_CONTRAST } from './brand-colors';
import { DELETE, endpoints, GET, PUT } from './endpoint';
import { zIdParam } from './input';
import { ZRoomBranding } from './room-branding';
import { ZOrgIdParam } from './schemas';
import { key } from './server-messages';

/**
 * An organization's own look (issue 32): a logo, a primary colour and an accent. The contrast rule is
 * in brand-colors.ts (docs/decisions.md, "Branding (issue 32)").
 */

/** The largest logo file accepted, in bytes. */
export const LOGO_MAX_BYTES = 256 * 1024;
export const LOGO_TYPES = ['image/png', 'image/svg+xml'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

const HEX = /^#[0-9a-f]{6}$/i;

/** `#rrggbb` (any case in, lower case out). Any colour is accepted: `textOn` and `inkOnWhite` keep 4.5:1. */
export const ZBrandColor = z.pipe(
  z.string().check(z.trim(), z.regex(HEX, key('branding.invalidColor'))),
  z.transform((v) => v.toLowerCase()),
);

export const ZOrgBranding = z.extend(ZRoomBranding, { orgId: z.number().check(z.int()) });
export type OrgBranding = z.infer<typeof ZOrgBranding>;

/** PUT /org-branding: null clears a colour (Playshop's own comes back). */
export const ZSetBrandColors = z.object({
  orgId: zIdParam(),
  primaryColor: z.nullable(ZBrandColor),
  accentColor: z.nullable(ZBrandColor),
});
export type SetBrandColorsInput = z.input<typeof ZSetBrandColors>;

/** PUT /org-logo: the file's bytes in base64 (a logo is small); its type is read from the bytes. */
export const ZSetLogo = z.object({
  orgId: zIdParam(),
  /** Base64 of at most LOGO_MAX_BYTES bytes (the server answers 413 past it). */
  data: z.string().check(z.maxLength(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 1024)),
});
export type SetLogoInput = z.input<typeof ZSetLogo>;

/** A logo refused as a file: too large (413) or neither PNG nor SVG (415). */
const ZLogoRefused = z.object({ message: z.string(), code: z.string() });

export const BRANDING_API = endpoints(['organizations'], {
  get: GET(
    { path: '/org-branding/:orgId', params: ZOrgIdParam, reply: ZOrgBranding, access: 'readOrganization' },
    "An organization's logo and colours: the caller's own, or any for a super admin",
  ),
  setColors: PUT(
    { path: '/org-branding', body: ZSetBrandColors, reply: ZOrgBranding, access: 'editOwnOrganization' },
    "Set an organization's primary and accent colours (admin: their own; super admin: any)",
    `A colour on which neither black nor white text reaches ${MIN_TEXT_CONTRAST}:1 is refused with 400.`,
  ),
  setLogo: PUT(
    {
      path: '/org-logo',
      body: ZSetLogo,
      reply: ZOrgBranding,
      access: 'editOwnOrganization',
      errors: { 413: ZLogoRefused, 415: ZLogoRefused },
    },
    "Set an organization's logo: PNG or SVG, at most 256 KB",
    'An SVG with scripts, event handlers or references outside itself is refused (400); the rest is sanitized (DOMPurify) before it is stored.',
  ),
  removeLogo: DELETE(
    { path: '/org-logo/:orgId', params: ZOrgIdParam, reply: ZOrgBranding, access: 'editOwnOrganization' },
    "Remove an organization's logo",
  ),
});

/** Where logos are served: `${API_PREFIX}${LOGO_PATH}/{orgId}/{sha256}.{png|svg}`. */
export const LOGO_PATH = '/org-logos';
