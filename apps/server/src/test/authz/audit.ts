import { eq } from 'drizzle-orm';
import { organizations } from '../../db/schema';
import type { AuthzRow } from './core';
import { ADMINS, allowed, row, SUPER, scopedGet, scopedTo, unscopedGet } from './core';
/**
 * The audit log: admins read their own organization's (any `orgId` filter is the super admin's
 * alone), so the routes target no organization. Read-only: no route writes an entry.
 */
export const auditRows: AuthzRow[] = [
  unscopedGet('/audit-log', ADMINS, (side) => `/audit-log?orgId=${side.org.id}`),
  unscopedGet('/audit-log/export', ADMINS, (side) => `/audit-log/export?orgId=${side.org.id}`),
];

/** An organization's data: its zip (its admins, any for the super admin), its erasure, a player's. */
export const orgDataRows: AuthzRow[] = [
  scopedGet('/organizations/:id/export', ADMINS, (side) => `/organizations/${side.org.id}/export`),
  // The callers' own organization is never erased (409 for the super admin, who belongs to it);
  // another is, so each call makes a fresh one.
  row(
    'POST',
    '/organizations/:id/erase',
    { own: allowed(SUPER, 409), other: allowed(SUPER) },
    async (f, side) => {
      if (side === f.own)
        return { url: `/organizations/${side.org.id}/erase`, payload: { confirmName: side.org.name } };
      const id = await f.newEmptyOrg();
      const [org] = await f.database.db.select().from(organizations).where(eq(organizations.id, id));
      return { url: `/organizations/${id}/erase`, payload: { confirmName: org!.name } };
    },
  ),
  row('POST', '/erase-player/:id', scopedTo(ADMINS), async (f, side) => ({
    url: `/erase-player/${await f.newPlayer(side)}`,
  })),
];
