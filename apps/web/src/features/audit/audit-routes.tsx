import { guarded, lazyRoute } from '../../route-helpers';

/** `{org}/admin/audit-log`: admins (their organization's entries) and the super admin (all). */
export const adminAuditRoutes = [
  guarded('readAuditLog', [lazyRoute('audit-log', () => import('./audit-page'), 'AuditPage')]),
];
