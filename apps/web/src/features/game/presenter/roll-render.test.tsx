import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playing } from '../../../test/game-fixtures';
import { type GameState, gameReducer } from '../shared/game-reducer';
import { createGameStore, type GameStore } from '../shared/game-store';
import { TUMBLE_MS } from '../shared/shown-rolls';
import { PresenterView } from './presenter-view';

// Every screen part of the game reads its texts through useT: counting its calls counts the parts
// that rendered (as player/roll-render.test.tsx does for the phone).
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../i18n/locale-provider', async (importOriginal) => {
  const { countingUseT } = await import('../../../test/count-renders');
  return countingUseT(importOriginal, renders);
});

const before: GameState = { ...playing, bingoRolls: [5, 17, 33, 48, 61, 70, 7] };

/** The presenter on a store, as presenter-page gives it; the count of parts after the first render. */
function presenter(store: GameStore) {
  render(
    <MantineProvider>
      <PresenterView
        roomName="Blue room"
        workshopName="Safety day"
        store={store}
        join={null}
        muted={false}
        isFullScreen={false}
        onToggleMute={() => {}}
        onToggleFullScreen={() => {}}
      />
    </MantineProvider>,
  );
  const first = renders.count;
  renders.count = 0;
  return first;
}

/** A roll's two frames, as the server sends them: the ball, then the state after it. */
const ball = (store: GameStore, roll: number) =>
  act(() => store.set(gameReducer(store.get(), { type: 'get_random_roll', seq: 90, payload: { roll } })));
const stateAfter = (store: GameStore) =>
  act(() =>
    store.set(gameReducer(store.get(), { type: 'set_game_state', seq: 91, payload: { gameState: 'bingo' } })),
  );

const board = () => screen.getByRole('list', { name: 'Call board' });
const isRinged = (name: string) => within(board()).getByRole('listitem', { name }).hasAttribute('data-last');

afterEach(() => {
  vi.useRealTimers();
  renders.count = 0;
});

describe('a roll on the staff screens (issue 46)', () => {
  it("the presenter renders the last balls and the board's two numbers, not the stage", () => {
    const store = createGameStore({ ...before, hideRollAnimation: true });
    // The whole stage: the 75 numbers of the board and the rest.
    expect(presenter(store)).toBeGreaterThan(75);

    ball(store, 16);
    expect(within(screen.getByRole('group', { name: 'Last ball' })).getByText('I 16')).toBeTruthy();
    expect(screen.getByText('8 of 75 called')).toBeTruthy();
    expect(screen.getByText('Ball rolled: I 16')).toBeTruthy();
    expect(isRinged('I 16, called')).toBe(true);
    expect(isRinged('B 7, called')).toBe(false);
    // The last balls (with the count) and the board's number lit and the one un-ringed: not the
    // board, its other 73 numbers, the titles, the round strip or the toolbar; the announcer is
    // painted (before the store: 5 for the ball, the board with them).
    expect(renders.count).toBe(3);

    // Roll to bingo: nothing on the stage shows it (before the store: the last balls rendered again).
    renders.count = 0;
    stateAfter(store);
    expect(renders.count).toBe(0);
    expect(isRinged('I 16, called')).toBe(true);
  });

  it('with the roll animation: the tumble, then the landing, then nothing for the state after', () => {
    vi.useFakeTimers();
    const store = createGameStore(before);
    presenter(store);

    ball(store, 16);
    expect(screen.getByText('Rolling…')).toBeTruthy();
    expect(within(board()).getByRole('listitem', { name: 'I 16' })).toBeTruthy();
    // The screen reader hears the ball when the screen shows it, not before.
    expect(screen.queryByText('Ball rolled: I 16')).toBeNull();
    // The last balls (rolling); the announcer and the board wait for the ball to land (before the
    // store: 3, the board with them).
    expect(renders.count).toBe(1);

    renders.count = 0;
    act(() => vi.advanceTimersByTime(TUMBLE_MS));
    expect(within(screen.getByRole('group', { name: 'Last ball' })).getByText('I 16')).toBeTruthy();
    expect(screen.getByText('Ball rolled: I 16')).toBeTruthy();
    expect(isRinged('I 16, called')).toBe(true);
    // The last balls and the board's two numbers (before the store: 4, the board with them).
    expect(renders.count).toBe(3);

    renders.count = 0;
    stateAfter(store);
    expect(renders.count).toBe(0);
  });
});
