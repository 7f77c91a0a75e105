/** Authorization-matrix rows: retention per organization (retention/). */

import type { AuthzRow } from './core';
import { ADMINS, row, scopedGet, scopedTo } from './core';

const url = (side: { org: { id: number } }) => `/organizations/${side.org.id}/retention`;

export const retentionRows: AuthzRow[] = [
  // An organization's retention: its admins, any for a super admin.
  scopedGet('/organizations/:id/retention', ADMINS, url),
  row('PUT', '/organizations/:id/retention', scopedTo(ADMINS), (_f, side) => ({
    url: url(side),
    payload: { games: null, answers: null, audit: null },
  })),
  row('POST', '/organizations/:id/retention/run', scopedTo(ADMINS), (_f, side) => ({
    url: `${url(side)}/run`,
  })),
];
