/** Authorization-matrix rows: SCIM provisioning (scim/): the admins' token, and SCIM itself. */

import type { AuthzRow } from './core';
import { ADMINS, row, scopedGet, scopedTo } from './core';

const url = (side: { org: { id: number } }) => `/organizations/${side.org.id}/scim`;
/** SCIM answers only the organization's SCIM token: a staff access token or none is 401. */
const scim = (method: AuthzRow['method'], path: string, concrete: string): AuthzRow =>
  row(method, `/scim/v2/:orgId${path}`, { anonymous: 401 }, (_f, side) => ({
    url: `/scim/v2/${side.org.id}${concrete}`,
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  }));

export const scimRows: AuthzRow[] = [
  scopedGet('/organizations/:id/scim', ADMINS, url),
  row('POST', '/organizations/:id/scim/token', scopedTo(ADMINS), (_f, side) => ({
    url: `${url(side)}/token`,
  })),
  row('DELETE', '/organizations/:id/scim/token', scopedTo(ADMINS), (_f, side) => ({
    url: `${url(side)}/token`,
  })),
  scim('GET', '/Users', '/Users'),
  scim('GET', '/Users/:id', '/Users/1'),
  scim('POST', '/Users', '/Users'),
  scim('PUT', '/Users/:id', '/Users/1'),
  scim('PATCH', '/Users/:id', '/Users/1'),
  scim('DELETE', '/Users/:id', '/Users/1'),
  scim('GET', '/Groups', '/Groups'),
  scim('GET', '/Groups/:id', '/Groups/admins'),
  scim('POST', '/Groups', '/Groups'),
  scim('PUT', '/Groups/:id', '/Groups/admins'),
  scim('PATCH', '/Groups/:id', '/Groups/admins'),
  scim('DELETE', '/Groups/:id', '/Groups/admins'),
  scim('GET', '/ServiceProviderConfig', '/ServiceProviderConfig'),
  scim('GET', '/ResourceTypes', '/ResourceTypes'),
  scim('GET', '/ResourceTypes/:id', '/ResourceTypes/User'),
  scim('GET', '/Schemas', '/Schemas'),
  scim('GET', '/Schemas/:id', '/Schemas/x'),
];
