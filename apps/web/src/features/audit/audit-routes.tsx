import type { RouteObject } from 'react-router';
import { guarded, lazyRoute } from '../../route-helpers';

/** `{org}/admin/audit-log`: admins (their organization's entries) and the super admin (all). */
export const adminAuditRoutes: RouteObject[] = [
  guarded('readAuditLog', [
    lazyRoute(
      'audit-log',
      () => import('./audit-page'),
      (m) => m.AuditPage,
    ),
  ]),
];
