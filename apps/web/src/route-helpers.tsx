import type { Permission } from '@playshop/shared';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequirePermission } from './auth/require-permission';

// The shapes of a route table: a lazy page or layout, and a permission around some of them.

/** A module that exports the component `name` (NoInfer: the name is checked, not widened). */
type ModuleWith<Name extends string> = () => Promise<{ [K in NoInfer<Name>]: ComponentType }>;

/**
 * A route `lazy` loader for the component a module exports as `name`. Each area's screens and layout
 * live in their own chunks: a player's phone downloads none of the admin or facilitator code.
 */
export function lazyComponent<Name extends string>(load: ModuleWith<Name>, name: Name) {
  return async () => ({ Component: (await load())[name] });
}

/** A page at `path`, its code loaded with its chunk when first shown. */
export function lazyRoute<Name extends string>(
  path: string,
  load: ModuleWith<Name>,
  name: Name,
): RouteObject {
  return { path, lazy: lazyComponent(load, name) };
}

/** Routes for the roles with `permission` only (RequirePermission turns the others away). */
export function guarded(permission: Permission, children: RouteObject[]): RouteObject {
  return { element: <RequirePermission permission={permission} />, children };
}
