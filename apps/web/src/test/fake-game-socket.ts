import { vi } from 'vitest';

/**
 * `useGameSocket` for the screen tests, which replace the real one with
 * `vi.mock('../shared/use-game-socket', () => import('../../../test/fake-game-socket'))`: the screen gets
 * `fakeSocket.state` as the server would produce it, and what it sends is recorded.
 */
export const fakeSocket = { state: null as unknown, send: vi.fn(), close: vi.fn(), dispatch: vi.fn() };

export function useGameSocket() {
  return {
    state: fakeSocket.state,
    status: 'open',
    send: fakeSocket.send,
    close: fakeSocket.close,
    retry: vi.fn(),
    dispatch: fakeSocket.dispatch,
  };
}

/** Forgets what the screen sent (for a `beforeEach`). */
export function clearFakeSocket() {
  fakeSocket.send.mockClear();
  fakeSocket.close.mockClear();
  fakeSocket.dispatch.mockClear();
}
