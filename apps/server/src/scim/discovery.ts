import { SCIM_GROUPS } from '@playshop/shared';
import { GROUP_SCHEMA, LIST_SCHEMA, USER_SCHEMA } from './resource';

const attr = (name: string, type: string, extra: Record<string, unknown> = {}) => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

/** The ServiceProviderConfig resource (RFC 7643 §5). */
const serviceProviderConfigOf = (baseUrl: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
  documentationUri: 'https://github.com/playshop/playshop/blob/main/docs/security.md#scim-provisioning',
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: 200 },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: true },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Bearer token',
      description: "The organization's SCIM token, generated in Settings → Sign-in",
      primary: true,
    },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
});

/** The User and Group schemas (RFC 7643 §7). */
const schemaList = (baseUrl: string) =>
  [
    {
      id: USER_SCHEMA,
      name: 'User',
      description: 'A staff account',
      attributes: [
        attr('userName', 'string', { required: true, uniqueness: 'server' }),
        attr('name', 'complex', {
          subAttributes: [
            attr('givenName', 'string'),
            attr('familyName', 'string'),
            attr('formatted', 'string', { mutability: 'readOnly' }),
          ],
        }),
        attr('displayName', 'string', { mutability: 'readOnly' }),
        attr('emails', 'complex', {
          multiValued: true,
          subAttributes: [attr('value', 'string'), attr('type', 'string'), attr('primary', 'boolean')],
        }),
        attr('active', 'boolean'),
        attr('externalId', 'string', { caseExact: true }),
        attr('groups', 'complex', { multiValued: true, mutability: 'readOnly' }),
      ],
    },
    {
      id: GROUP_SCHEMA,
      name: 'Group',
      description: 'A Playshop role',
      attributes: [
        attr('displayName', 'string', { required: true, mutability: 'readOnly' }),
        attr('members', 'complex', {
          multiValued: true,
          subAttributes: [attr('value', 'string'), attr('display', 'string')],
        }),
      ],
    },
  ].map((s) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    ...s,
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${s.id}` },
  }));

/** RFC 7643 §5-7: what this server supports, for directories that read it first. */
export function discovery(baseUrl: string) {
  const list = (resources: unknown[]) => ({
    schemas: [LIST_SCHEMA],
    totalResults: resources.length,
    startIndex: 1,
    itemsPerPage: resources.length,
    Resources: resources,
  });
  const serviceProviderConfig = serviceProviderConfigOf(baseUrl);
  const resourceTypes = [
    { id: 'User', name: 'User', endpoint: '/Users', schema: USER_SCHEMA },
    { id: 'Group', name: 'Group', endpoint: '/Groups', schema: GROUP_SCHEMA },
  ].map((t) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    ...t,
    description:
      t.id === 'User'
        ? "The organization's staff"
        : `Roles: ${SCIM_GROUPS.map((g) => g.displayName).join(', ')}`,
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/${t.id}` },
  }));
  const schemas = schemaList(baseUrl);
  return { serviceProviderConfig, resourceTypes, schemas, list };
}
