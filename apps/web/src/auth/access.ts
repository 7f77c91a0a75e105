import type { Role } from '@playshop/shared';
import type { AuthUser } from './session-store';

type AccessDecision = 'allow' | 'login' | 'unauthorized';

interface AccessRequest {
  user: AuthUser | null;
  allowed: readonly Role[];
  /** The {org} route parameter, already decoded, when the route has one. */
  orgParam?: string;
  /** The {username} route parameter when the route belongs to one player. */
  usernameParam?: string;
}

/**
 * The route guard's rule (SPEC §2): no user goes to '/', a wrong role to '/unauthorized'. A user
 * outside the super admin role may only open their own organization's pages, and a player only
 * their own.
 */
export function decideAccess({ user, allowed, orgParam, usernameParam }: AccessRequest): AccessDecision {
  if (!user) return 'login';
  if (!allowed.includes(user.role)) return 'unauthorized';
  if (user.role !== 'SUPER_ADMIN' && orgParam !== undefined && orgParam !== user.org) return 'unauthorized';
  if (usernameParam !== undefined && usernameParam !== user.username) return 'unauthorized';
  return 'allow';
}
