import { can } from '@playshop/shared';
import type { AuthUser } from '../api/session-store';

/**
 * Where /enter sends a user (SPEC §2 and §4 'After login'): admin roles to the admin dashboard,
 * players to their dashboard, every other role to the facilitator entry, nobody to '/'.
 */
export function enterTarget(user: AuthUser | null): string {
  if (!user) return '/';
  const org = encodeURIComponent(user.org);
  if (can(user.role, 'openAdminArea')) return `/${org}/admin/dashboard`;
  if (can(user.role, 'openFacilitatorArea')) return `/${org}/facilitator/enter`;
  return `/${org}/${encodeURIComponent(user.username)}/dashboard`;
}
