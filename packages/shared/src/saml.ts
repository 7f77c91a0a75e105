import { z } from 'zod/mini';
import { endpoints, GET, orgAdminSpec, readAndSave } from './endpoint';
import { zWebAddress } from './input';
import { key } from './server-messages';

/**
 * SAML 2.0 single sign-on per organization, beside OpenID Connect (sign-in.ts): the identity
 * provider's metadata in, the service provider's metadata out. Account matching, the default role and
 * "password sign-in off" are the organization's sign-in settings, shared by both.
 */

/** GET /organizations/{id}/saml: the identity provider as read, and what to register there. */
export const ZOrgSaml = z.object({
  orgId: z.number().check(z.int()),
  enabled: z.boolean(),
  idpMetadataUrl: z.nullable(z.string()),
  idpEntityId: z.nullable(z.string()),
  idpSsoUrl: z.nullable(z.string()),
  /** Null when the provider offers no single logout. */
  idpSloUrl: z.nullable(z.string()),
  idpCertificateCount: z.number().check(z.int()),
  /** The service provider's entity id: also the address of its metadata. */
  spEntityId: z.string(),
  acsUrl: z.string(),
  sloUrl: z.string(),
  metadataUrl: z.string(),
});
export type OrgSaml = z.infer<typeof ZOrgSaml>;

const ZMetadataUrl = zWebAddress(key('saml.metadataUrlInvalid'));

/**
 * PUT /organizations/{id}/saml. The metadata by address (read at each save) or as the file's text;
 * neither keeps what was read before.
 */
export const ZOrgSamlUpdate = z.strictObject({
  enabled: z.boolean(),
  idpMetadataUrl: z.union([
    z.nullable(ZMetadataUrl),
    z.pipe(
      z.literal(''),
      z.transform(() => null),
    ),
  ]),
  idpMetadataXml: z.optional(z.string().check(z.maxLength(500_000))),
});
export type OrgSamlUpdate = z.input<typeof ZOrgSamlUpdate>;

/** Where to send the browser to sign out at the identity provider too (null: nowhere). */
export const ZSamlLogout = z.object({ logoutUrl: z.nullable(z.string()) });

export const SAML_API = endpoints(['sso'], {
  logout: GET(
    { path: '/saml/logout-url', reply: ZSamlLogout, access: 'signedIn' },
    "Before signing out: the identity provider's single logout address for a SAML sign-in (signed LogoutRequest), or null",
  ),
  ...readAndSave(['settings', 'saveSettings'], orgAdminSpec('saml', ZOrgSaml), ZOrgSamlUpdate, {
    read: "An organization's SAML single sign-on: the identity provider as read, and what to register there",
    save: "Change an organization's SAML single sign-on",
    saveDescription:
      "The identity provider's metadata by address (https; read now, 400 if it cannot be) or as the file's text. The service provider's metadata is at GET /saml/{orgId}/metadata.",
  }),
});
