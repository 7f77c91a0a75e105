import { useLayoutEffect } from 'react';

/**
 * A value outside the component tree that parts of a screen read and follow (the session, a live
 * game): `set` tells every listener once, and only when the value is a new one.
 */
export interface Store<T> extends Readable<T> {
  set(next: T): void;
}

/** A value that is read and followed: a store, or one derived from a store (the balls shown). */
export interface Readable<T> {
  get(): T;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next) {
      if (next === current) return;
      current = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Writes a part of the page straight from a store, outside any render: `paint` runs with the value
 * before the part is first painted and again whenever the value is a new one. For what a roll changes
 * on a budget phone (issue 46: the card's cells, the chips, the count), where rendering even the one
 * part a frame changes cost the phone more than its frame's own work. `paint` is memoised by its
 * caller (a new one paints everything again: a language change) and writes only what changed.
 */
export function usePaint<T>(source: Readable<T>, paint: (value: T) => void): void {
  useLayoutEffect(() => {
    let painted: { value: T } | null = null;
    const follow = () => {
      const value = source.get();
      if (painted && Object.is(painted.value, value)) return;
      painted = { value };
      paint(value);
    };
    follow();
    return source.subscribe(follow);
  }, [source, paint]);
}
