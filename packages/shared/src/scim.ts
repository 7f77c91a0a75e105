import { z } from 'zod/mini';
import { DELETE, endpoints, GET, orgAdminSpec, POST } from './endpoint';

/**
 * SCIM 2.0 provisioning per organization (issue 45 item 2): the organization's directory (Okta,
 * Entra ID, …) creates, changes, deactivates and deletes its staff accounts at
 * `{publicUrl}/api/v1/scim/v2/{orgId}` with a bearer token an admin generates here.
 */

/** The SCIM groups and the Playshop role each gives (apps/server/src/scim/groups.ts). */
export const SCIM_GROUPS = [
  { id: 'admins', displayName: 'Playshop Admins', role: 'ADMIN' },
  { id: 'facilitators', displayName: 'Playshop Facilitators', role: 'FACILITATOR' },
] as const;

/** GET /organizations/{id}/scim: where the directory sends its requests, and whether a token exists. */
export const ZOrgScim = z.object({
  orgId: z.number().check(z.int()),
  baseUrl: z.string(),
  /** When the current token was made (ISO); null: none, provisioning is off. */
  tokenCreatedAt: z.nullable(z.string()),
});
export type OrgScim = z.infer<typeof ZOrgScim>;

/** The new token: shown this once, only its hash is kept. */
export const ZOrgScimToken = z.extend(ZOrgScim, { token: z.string() });

export const SCIM_API = endpoints(['sso'], {
  settings: GET(
    orgAdminSpec('scim', ZOrgScim),
    "An organization's SCIM provisioning: the base address and whether a token exists",
  ),
  createToken: POST(
    orgAdminSpec('scim/token', ZOrgScimToken),
    'Generate (or replace) the SCIM bearer token',
    'The token is in this reply only; a token made before stops working at once.',
  ),
  revokeToken: DELETE(
    orgAdminSpec('scim/token', ZOrgScim),
    'Revoke the SCIM bearer token: provisioning stops until a new one is generated',
  ),
});
