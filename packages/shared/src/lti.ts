import { z } from 'zod/mini';
import { DELETE, endpoints, GET, orgAdminSpec, POST, PUT } from './endpoint';
import { isWebAddress, zIdParam, zLine, zWebAddress } from './input';
import { key } from './server-messages';

/**
 * LTI 1.3 (issue 47): an organization registers the learning platforms (Moodle, Canvas, …) that
 * launch Playshop from their courses. The tool's addresses and key go into the platform; what the
 * platform gives back comes here. The launch itself is apps/server/src/lti.
 */

/** The score a course link sends to the gradebook (the author's choice). */
export const LTI_SCORE_MODES = ['points', 'attendance'] as const;
export type LtiScoreMode = (typeof LTI_SCORE_MODES)[number];

/** What an organization pastes into the platform. */
export const ZLtiToolUrls = z.object({
  /** OIDC third-party login initiation (GET or POST). */
  loginUrl: z.string(),
  /** The redirect URI and target link (launch) URL. */
  launchUrl: z.string(),
  /** Where deep linking requests go (the same launch endpoint). */
  deepLinkUrl: z.string(),
  jwksUrl: z.string(),
  /** The tool's current public key, PEM (for platforms that take a key rather than a keyset URL). */
  publicKeyPem: z.string(),
});

export const ZLtiPlatform = z.object({
  id: z.number().check(z.int()),
  issuer: z.string(),
  clientId: z.string(),
  deploymentIds: z.array(z.string()),
  authUrl: z.string(),
  tokenUrl: z.string(),
  jwksUrl: z.string(),
});
export type LtiPlatform = z.infer<typeof ZLtiPlatform>;

/** GET /organizations/{id}/lti: the tool's addresses and the platforms registered. */
export const ZOrgLti = z.object({
  orgId: z.number().check(z.int()),
  tool: ZLtiToolUrls,
  platforms: z.array(ZLtiPlatform),
});
export type OrgLti = z.infer<typeof ZOrgLti>;

const zUrl = () => zWebAddress(key('lti.urlInvalid'));

const zRequired = (text: string) => zLine().check(z.trim(), z.minLength(1, text), z.maxLength(1000));

/** POST/PUT …/lti/platforms: what the platform gave (the issuer an address, as the spec has it). */
export const ZLtiPlatformInput = z.strictObject({
  issuer: zRequired(key('lti.issuerRequired')).check(z.refine(isWebAddress, key('lti.urlInvalid'))),
  clientId: zRequired(key('lti.clientIdRequired')).check(z.maxLength(255)),
  deploymentIds: z
    .array(zLine().check(z.trim(), z.regex(/^\S{1,255}$/, key('lti.deploymentInvalid'))))
    .check(z.minLength(1, key('lti.deploymentRequired')), z.maxLength(50)),
  authUrl: zUrl(),
  tokenUrl: zUrl(),
  jwksUrl: zUrl(),
});
export type LtiPlatformInput = z.input<typeof ZLtiPlatformInput>;

const ZPlatformParams = z.object({ id: zIdParam(), platformId: zIdParam() });

export const LTI_API = endpoints(['lti'], {
  settings: GET(
    orgAdminSpec('lti', ZOrgLti),
    "An organization's LTI 1.3: what to paste into the learning platform, and the platforms registered",
  ),
  addPlatform: POST(
    { ...orgAdminSpec('lti/platforms', ZOrgLti), body: ZLtiPlatformInput },
    'Register a learning platform (what it gave: issuer, client id, deployment ids, its addresses)',
    'In production the addresses must be public https addresses (as an OpenID issuer).',
  ),
  editPlatform: PUT(
    {
      path: '/organizations/:id/lti/platforms/:platformId',
      params: ZPlatformParams,
      body: ZLtiPlatformInput,
      reply: ZOrgLti,
      access: 'editOwnOrganization',
    },
    'Change a registered learning platform',
  ),
  removePlatform: DELETE(
    {
      path: '/organizations/:id/lti/platforms/:platformId',
      params: ZPlatformParams,
      reply: ZOrgLti,
      access: 'editOwnOrganization',
    },
    'Remove a learning platform: its launches are refused from now on',
  ),
});
