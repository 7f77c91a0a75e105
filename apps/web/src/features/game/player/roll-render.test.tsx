import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { playing, room } from '../../../test/game-fixtures';
import type { GameState } from '../shared/game-reducer';
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
    // The same callbacks on both renders, as the game page keeps them (stable callbacks).
    const handlers = { onMark: vi.fn(), onLeave: () => {}, onRetry: () => {}, onClaim: () => {} };
    const view = (state: GameState) => (
      <MantineProvider>
        <PlayerGameView room={room} state={state} status="open" username="ann" {...handlers} />
      </MantineProvider>
    );
    const { rerender } = render(view(playing));
    const first = renders.count;
    expect(first).toBeGreaterThan(25); // the whole screen: 25 cells and the rest

    renders.count = 0;
    rerender(view({ ...playing, bingoRolls: [...playing.bingoRolls, 16] }));
    expect(screen.getByRole('button', { name: 'I 16, rolled' })).toBeTruthy();
    expect(screen.getByText('Ball rolled: I 16')).toBeTruthy();
    // The screen, the card area, the rolled balls, the announcer, the one cell: not the 25 cells and the rest.
    expect(renders.count).toBeLessThanOrEqual(10);
  });
});
