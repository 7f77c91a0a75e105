import { useSyncExternalStore } from 'react';
import { createStore, type Store } from '../../../ui/store';
import { type GameState, initialGameState } from './game-reducer';

/**
 * The live game of one screen, outside the component tree: each part of a screen reads the facts it
 * shows (`useGame`) and renders when they change, so a roll renders the new ball, the cell it calls
 * and the count, not the screen around them (issue 46: a budget phone). The reducer keeps what a
 * frame leaves alone (same arrays, same objects), which is what makes a selection stable.
 */
export type GameStore = Store<GameState>;

export const createGameStore = (initial: GameState = initialGameState): GameStore => createStore(initial);

/**
 * One fact of the game, read in a render: the part renders again only when `select`'s answer changes
 * (compared with Object.is). `select` returns a field or a primitive, never a new object or array.
 */
export function useGame<T>(store: GameStore, select: (state: GameState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}

const whole = (state: GameState) => state;

/** The whole state: a part that shows most of it (a win screen, the admin's room page). */
export const useWholeGame = (store: GameStore): GameState => useGame(store, whole);
