import { vi } from 'vitest';
import type { GameState } from '../features/game/shared/game-reducer';
import { createGameStore, useWholeGame } from '../features/game/shared/game-store';

const store = createGameStore();

/**
 * `useGameStore` and `useGameSocket` for the screen tests, which replace the real ones with
 * `vi.mock('../shared/use-game-socket', () => import('../../../test/fake-game-socket'))`: the screen gets
 * `fakeSocket.state` as the server would produce it, and what it sends is recorded.
 */
export const fakeSocket = {
  get state(): GameState {
    return store.get();
  },
  set state(state: unknown) {
    store.set(state as GameState);
  },
  send: vi.fn(),
  close: vi.fn(),
  retry: vi.fn(),
  dispatch: vi.fn(),
  /** The server's next state, as a frame would bring it: the parts of the screen that show it render. */
  push(state: unknown) {
    store.set(state as GameState);
  },
};

export function useGameStore() {
  return {
    store,
    status: 'open',
    send: fakeSocket.send,
    close: fakeSocket.close,
    retry: fakeSocket.retry,
    dispatch: fakeSocket.dispatch,
  };
}

export function useGameSocket() {
  const game = useGameStore();
  return { ...game, state: useWholeGame(store) };
}

/** Forgets what the screen sent (for a `beforeEach`). */
export function clearFakeSocket() {
  fakeSocket.send.mockClear();
  fakeSocket.close.mockClear();
  fakeSocket.dispatch.mockClear();
}
