import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { playing, room } from '../../../test/game-fixtures';
import { gameReducer } from '../shared/game-reducer';
import { createGameStore } from '../shared/game-store';
import { PlayerGameView } from './player-game-view';

// Every screen part of the game reads its texts through useT: counting its calls counts the parts
// that rendered.
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../i18n/locale-provider', async (importOriginal) => {
  const { countingUseT } = await import('../../../test/count-renders');
  return countingUseT(importOriginal, renders);
});

describe("a roll on the player's screen (issue 46: a budget phone)", () => {
  it('renders the new ball, the cell it calls and the count, not the whole card and screen', () => {
    const store = createGameStore({ ...playing, hideRollAnimation: true });
    render(
      <MantineProvider>
        <PlayerGameView
          room={room}
          store={store}
          status="open"
          username="ann"
          onMark={vi.fn()}
          onLeave={() => {}}
          onRetry={() => {}}
          onClaim={() => {}}
        />
      </MantineProvider>,
    );
    expect(renders.count).toBeGreaterThan(25); // the whole screen: 25 cells and the rest

    // A roll's two frames, as the server sends them: the ball, then the state after it.
    renders.count = 0;
    act(() =>
      store.set(gameReducer(store.get(), { type: 'get_random_roll', seq: 90, payload: { roll: 16 } })),
    );
    expect(screen.getByRole('button', { name: 'I 16, rolled' })).toBeTruthy();
    expect(screen.getByText('Ball rolled: I 16')).toBeTruthy();
    expect(screen.getByText('Rolled balls (3)')).toBeTruthy();
    // The rolled balls (with their count), the announcer, the one cell: nothing else with a text.
    expect(renders.count).toBe(3);

    renders.count = 0;
    act(() =>
      store.set(
        gameReducer(store.get(), { type: 'set_game_state', seq: 91, payload: { gameState: 'bingo' } }),
      ),
    );
    expect(renders.count).toBe(0);
  });
});
