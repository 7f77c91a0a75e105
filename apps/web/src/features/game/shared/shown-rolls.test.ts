import { afterEach, describe, expect, it, vi } from 'vitest';
import { playing } from '../../../test/game-fixtures';
import { gameReducer } from './game-reducer';
import { createGameStore, type GameStore } from './game-store';
import { createShownRolls, TUMBLE_MS } from './shown-rolls';

const roll = (store: GameStore, n: number) =>
  store.set(gameReducer(store.get(), { type: 'get_random_roll', seq: 1, payload: { roll: n } }));

afterEach(() => vi.useRealTimers());

describe('the balls a screen shows as called', () => {
  it('a hidden roll shows at once; a frame that leaves the balls alone keeps the same answer', () => {
    const store = createGameStore({ ...playing, hideRollAnimation: true });
    const shown = createShownRolls(store);
    const heard = vi.fn();
    shown.subscribe(heard);
    const first = shown.get();
    expect(first).toEqual({ rolls: [1, 17], tumbling: null });
    store.set(
      gameReducer(store.get(), {
        type: 'get_timer_option',
        seq: 2,
        payload: { time: 30, isRunning: true, isPaused: false, endsAt: null },
      }),
    );
    expect(shown.get()).toBe(first);
    roll(store, 7);
    expect(shown.get()).toEqual({ rolls: [1, 17, 7], tumbling: null });
    expect(shown.get().rolls).toBe(store.get().bingoRolls);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('a tumbling ball is held back, the same held array, until it lands TUMBLE_MS later', () => {
    vi.useFakeTimers();
    const store = createGameStore(playing);
    const shown = createShownRolls(store);
    const heard = vi.fn();
    shown.subscribe(heard);
    roll(store, 7);
    const held = shown.get();
    expect(held).toEqual({ rolls: [1, 17], tumbling: 7 });
    expect(shown.get()).toBe(held);
    vi.advanceTimersByTime(TUMBLE_MS - 1);
    expect(shown.get()).toBe(held);
    heard.mockClear();
    vi.advanceTimersByTime(1);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(shown.get()).toEqual({ rolls: [1, 17, 7], tumbling: null });
    // The state after the roll: the same answer.
    const landed = shown.get();
    store.set(gameReducer(store.get(), { type: 'set_game_state', seq: 2, payload: { gameState: 'bingo' } }));
    expect(shown.get()).toBe(landed);
  });

  it('a ball drawn again in a new game is held back again while it tumbles', () => {
    vi.useFakeTimers();
    const store = createGameStore(playing);
    const shown = createShownRolls(store);
    shown.subscribe(() => undefined);
    roll(store, 7);
    vi.advanceTimersByTime(TUMBLE_MS);
    expect(shown.get().tumbling).toBeNull();
    store.set(
      gameReducer(store.get(), {
        type: 'start_new_game',
        seq: 2,
        payload: { round: 2, bingoBoard: playing.bingoBoard, queue: null, sessionName: null },
      }),
    );
    roll(store, 7);
    expect(shown.get()).toEqual({ rolls: [], tumbling: 7 });
    vi.advanceTimersByTime(TUMBLE_MS);
    expect(shown.get()).toEqual({ rolls: [7], tumbling: null });
  });

  it('with no one reading it, it follows nothing and keeps no timer', () => {
    vi.useFakeTimers();
    const store = createGameStore(playing);
    const shown = createShownRolls(store);
    const heard = vi.fn();
    const stop = shown.subscribe(heard);
    roll(store, 7);
    stop();
    expect(vi.getTimerCount()).toBe(0);
    roll(store, 8);
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
