import { ADMINS, type AuthzRow, unscopedGet } from './core';
/**
 * The audit log: admins read their own organization's (any `orgId` filter is the super admin's
 * alone), so the routes target no organization. Read-only: no route writes an entry.
 */
export const auditRows: AuthzRow[] = [
  unscopedGet('/audit-log', ADMINS, (side) => `/audit-log?orgId=${side.org.id}`),
  unscopedGet('/audit-log/export', ADMINS, (side) => `/audit-log/export?orgId=${side.org.id}`),
];
