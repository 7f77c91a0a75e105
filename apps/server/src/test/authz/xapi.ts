/** Authorization-matrix rows: an organization's learning record store (xapi/), a training video's completion. */

import { ROLES } from '@playshop/shared';
import type { AuthzRow } from './core';
import { ADMINS, allowed, row, same, scopedGet, scopedTo } from './core';

const url = (side: { org: { id: number } }) => `/organizations/${side.org.id}/xapi`;

export const xapiRows: AuthzRow[] = [
  // An organization's LRS: its admins, any for a super admin.
  scopedGet('/organizations/:id/xapi', ADMINS, url),
  row('PUT', '/organizations/:id/xapi', scopedTo(ADMINS), (_f, side) => ({
    url: url(side),
    payload: { enabled: false, endpoint: null, key: null, identifyByEmail: false },
  })),
  // Nothing listens on the discard port: the reply says the store could not be reached (200).
  row('POST', '/organizations/:id/xapi/test', scopedTo(ADMINS), (_f, side) => ({
    url: `${url(side)}/test`,
    payload: { endpoint: 'http://127.0.0.1:9/xapi', key: 'key', secret: 'secret' },
  })),
  // Every role may report its own playlist's videos; the matrix's roles have none (400: not in it).
  row('POST', '/training/video-completed', same(allowed(ROLES, 400)), () => ({
    url: '/training/video-completed',
    payload: { url: 'https://www.youtube.com/watch?v=aaaaaaaaaaa' },
  })),
];
