import type { Permission } from '@playshop/shared';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequirePermission } from './auth/require-permission';
import { lazyComponent } from './lazy-component';

// The two shapes of a feature's route table: a lazy page, and a permission around some of them.

/** A page at `path`, its code loaded with its chunk when first shown. */
export function lazyRoute<M>(
  path: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): RouteObject {
  return { path, lazy: lazyComponent(load, pick) };
}

/** Routes for the roles with `permission` only (RequirePermission turns the others away). */
export function guarded(permission: Permission, children: RouteObject[]): RouteObject {
  return { element: <RequirePermission permission={permission} />, children };
}
