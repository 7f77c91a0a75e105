import type { ComponentType } from 'react';

/**
 * A route `lazy` loader for one named component. Each area's screens and layout live in their own
 * chunks: a player's phone downloads none of the admin or facilitator code.
 */
export function lazyComponent<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}
