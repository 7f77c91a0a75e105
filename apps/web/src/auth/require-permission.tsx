import type { Permission } from '@playshop/shared';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useParams } from 'react-router';
import { decideAccess } from './access';
import { useCurrentUser } from './auth-provider';

interface RequirePermissionProps {
  permission: Permission;
  /** Also require the {username} route parameter to be the logged-in player. */
  ownUserOnly?: boolean;
  children?: ReactNode;
}

/** Route guard: renders its children (or the child route) only for roles with `permission`. */
export function RequirePermission({ permission, ownUserOnly = false, children }: RequirePermissionProps) {
  const user = useCurrentUser();
  const { org, username } = useParams();
  const decision = decideAccess({
    user,
    permission,
    orgParam: org,
    usernameParam: ownUserOnly ? username : undefined,
  });
  if (decision === 'login') return <Navigate to="/" replace />;
  if (decision === 'unauthorized') return <Navigate to="/unauthorized" replace />;
  return children ?? <Outlet />;
}
