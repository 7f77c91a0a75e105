import { can, type Permission } from '@playshop/shared';
import type { AuthUser } from '../api/session-store';

type AccessDecision = 'allow' | 'login' | 'unauthorized';

interface AccessRequest {
  user: AuthUser | null;
  permission: Permission;
  /** The {org} route parameter, already decoded, when the route has one. */
  orgParam?: string;
  /** The {username} route parameter when the route belongs to one player. */
  usernameParam?: string;
}

/**
 * The route guard's rule (SPEC §2): no user goes to '/', a role without the permission to
 * '/unauthorized'. A user
 * outside the super admin role may only open their own organization's pages, and a player only
 * their own.
 */
export function decideAccess({ user, permission, orgParam, usernameParam }: AccessRequest): AccessDecision {
  if (!user) return 'login';
  if (!can(user.role, permission)) return 'unauthorized';
  if (!can(user.role, 'readAllOrganizations') && orgParam !== undefined && orgParam !== user.org) {
    return 'unauthorized';
  }
  if (usernameParam !== undefined && usernameParam !== user.username) return 'unauthorized';
  return 'allow';
}
