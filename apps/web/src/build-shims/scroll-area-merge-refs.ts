// Mantine's ScrollArea takes a single hook, useMergeRefs, from @floating-ui/react, which is one module:
// it would bring the whole floating layer (~15 KB gzip) to every screen with a Modal or a Table,
// a player's game screen among them (issue 11). In the browser build (vite.config.ts) ScrollArea
// gets this instead: the same merged ref, from Mantine's own hook.
import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

export function useMergeRefs<T>(refs: Array<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}
