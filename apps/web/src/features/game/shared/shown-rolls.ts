import { useMemo, useSyncExternalStore } from 'react';
import type { Readable } from '../../../ui/store';
import type { GameState } from './game-reducer';
import type { GameStore } from './game-store';

/** How long the ball tumbles before it lands big, inside the 12 s of the roll state. */
export const TUMBLE_MS = 3000;

/** The roll state with its animation on: the newest ball is tumbling, if there is one. */
export const rollTumbles = (state: GameState): boolean =>
  state.gameState === 'roll' && !state.hideRollAnimation;

/**
 * The balls a screen shows as called: while a new ball tumbles (the roll animation) it is held back
 * until it lands, so no screen names it before the ball shows it, and none says 'No balls rolled
 * yet' under a ball that has landed.
 */
export interface ShownRolls {
  /** The rolls, less a new ball while it tumbles (the same array until they change). */
  rolls: number[];
  /** The new ball while it tumbles, else null. */
  tumbling: number | null;
}

export type ShownRollsStore = Readable<ShownRolls>;

/**
 * The balls shown as called, as a store beside the game's: the parts that show them (the phone's
 * chips, the presenter's last balls and each number of its call board) read it and render only when
 * their own answer changes (issue 46). A new ball lands `tumbleMs` after its tumble began. It follows
 * the game while anyone reads it.
 */
export function createShownRolls(game: GameStore, tumbleMs = TUMBLE_MS): ShownRollsStore {
  const listeners = new Set<() => void>();
  /** The last ball whose tumble has ended. */
  let landed: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** What the timer was started for: it starts again when either changes (the hook's effect deps). */
  let timed: { last: number | undefined; isTumbling: boolean } = { last: undefined, isTumbling: false };
  let stopFollowing: (() => void) | null = null;
  let shown: ShownRolls = { rolls: [], tumbling: null };
  let shownFrom: number[] | null = null;

  const read = () => {
    const state = game.get();
    const last = state.bingoRolls.at(-1);
    return { rolls: state.bingoRolls, last, isTumbling: rollTumbles(state) && last !== undefined };
  };
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const stopTimer = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  /** A tumble begins its timer; a new ball, or the roll over, ends the one before. */
  const watch = () => {
    const { last, isTumbling } = read();
    if (last === timed.last && isTumbling === timed.isTumbling) return;
    timed = { last, isTumbling };
    stopTimer();
    if (!isTumbling) return;
    // A tumble begun is not landed yet, even for a number that landed in an earlier game.
    landed = undefined;
    timer = setTimeout(() => {
      timer = undefined;
      landed = last;
      notify();
    }, tumbleMs);
  };
  const onGame = () => {
    watch();
    notify();
  };

  return {
    get() {
      const { rolls, last, isTumbling } = read();
      const tumbling = isTumbling && landed !== last ? (last as number) : null;
      if (rolls !== shownFrom || tumbling !== shown.tumbling) {
        shownFrom = rolls;
        shown = { rolls: tumbling === null ? rolls : rolls.slice(0, -1), tumbling };
      }
      return shown;
    },
    subscribe(listener) {
      listeners.add(listener);
      if (!stopFollowing) {
        stopFollowing = game.subscribe(onGame);
        watch();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0 || !stopFollowing) return;
        stopFollowing();
        stopFollowing = null;
        stopTimer();
        timed = { last: undefined, isTumbling: false };
      };
    },
  };
}

/** A screen's one balls-shown store for its game: the parts that show balls, and its announcer, share it. */
export function useShownRollsStore(game: GameStore): ShownRollsStore {
  return useMemo(() => createShownRolls(game), [game]);
}

/** One fact of the balls shown, read in a render: a field or a primitive, as `useGame`. */
export function useShownRolls<T>(shown: ShownRollsStore, select: (shown: ShownRolls) => T): T {
  return useSyncExternalStore(shown.subscribe, () => select(shown.get()));
}
