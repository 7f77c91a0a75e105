import type { AuthzRow } from './core';
import { ADMINS, enc, STAFF, SUPER, scopedGet, unscopedGet } from './core';
/** Dashboards: the overview (super admin), an organization's, its rooms now. */
export const dashboardRows: AuthzRow[] = [
  unscopedGet('/dashboard/overview', SUPER),
  scopedGet('/dashboard/org/:org', ADMINS, (side) => `/dashboard/org/${enc(side.org.name)}`),
  scopedGet('/dashboard/rooms/:org', STAFF, (side) => `/dashboard/rooms/${enc(side.org.name)}`),
];
