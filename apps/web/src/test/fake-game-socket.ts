import { useEffect, useReducer } from 'react';
import { vi } from 'vitest';

/**
 * `useGameSocket` for the screen tests, which replace the real one with
 * `vi.mock('../shared/use-game-socket', () => import('../../../test/fake-game-socket'))`: the screen gets
 * `fakeSocket.state` as the server would produce it, and what it sends is recorded.
 */
export const fakeSocket = {
  state: null as unknown,
  send: vi.fn(),
  close: vi.fn(),
  retry: vi.fn(),
  dispatch: vi.fn(),
  /** The server's next state, as a frame would bring it: the screen renders with it. */
  push(state: unknown) {
    fakeSocket.state = state;
    for (const render of screens) render();
  },
};
const screens = new Set<() => void>();

export function useGameSocket() {
  const [, render] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    screens.add(render);
    return () => void screens.delete(render);
  }, []);
  return {
    state: fakeSocket.state,
    status: 'open',
    send: fakeSocket.send,
    close: fakeSocket.close,
    retry: fakeSocket.retry,
    dispatch: fakeSocket.dispatch,
  };
}

/** Forgets what the screen sent (for a `beforeEach`). */
export function clearFakeSocket() {
  fakeSocket.send.mockClear();
  fakeSocket.close.mockClear();
  fakeSocket.dispatch.mockClear();
}
