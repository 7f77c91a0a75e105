import { ADMINS, type AuthzRow, allowed, enc, STAFF, SUPER, same, scoped } from './core';
/** Dashboards: the overview (super admin), an organization's, its rooms now. */
export const dashboardRows: AuthzRow[] = [
  {
    method: 'GET',
    path: '/dashboard/overview',
    ...same(allowed(SUPER)),
    request: () => ({ url: '/dashboard/overview' }),
  },
  {
    method: 'GET',
    path: '/dashboard/org/:org',
    own: allowed(ADMINS),
    other: scoped(ADMINS),
    request: (_f, side) => ({ url: `/dashboard/org/${enc(side.org.name)}` }),
  },
  {
    method: 'GET',
    path: '/dashboard/rooms/:org',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: (_f, side) => ({ url: `/dashboard/rooms/${enc(side.org.name)}` }),
  },
];
