import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { playing } from '../../../test/game-fixtures';
import type { GameState } from '../shared/game-reducer';
import { PresenterView } from './presenter-view';

// Every screen part of the game reads its texts through useT: counting its calls counts the parts
// that rendered (as player/roll-render.test.tsx does for the phone).
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../i18n/locale-provider', async (importOriginal) => {
  const { countingUseT } = await import('../../../test/count-renders');
  return countingUseT(importOriginal, renders);
});

const rolled = (state: GameState, n: number): GameState => ({
  ...state,
  bingoRolls: [...state.bingoRolls, n],
});
const before: GameState = { ...playing, bingoRolls: [5, 17, 33, 48, 61, 70, 7] };

describe('a roll on the staff screens (issue 46)', () => {
  it("the presenter renders the last balls, the board's new number and the announcer, not the stage", () => {
    const handlers = { onToggleMute: () => {}, onToggleFullScreen: () => {} };
    const view = (state: GameState) => (
      <MantineProvider>
        <PresenterView
          roomName="Blue room"
          workshopName="Safety day"
          state={state}
          join={null}
          muted={false}
          isFullScreen={false}
          {...handlers}
        />
      </MantineProvider>
    );
    const { rerender } = render(view(before));
    expect(renders.count).toBeGreaterThan(8);

    renders.count = 0;
    rerender(view(rolled(before, 16)));
    expect(within(screen.getByRole('group', { name: 'Last ball' })).getByText('I 16')).toBeTruthy();
    expect(screen.getByText('8 of 75 called')).toBeTruthy();
    // The view, the last balls' panel, the announcer, the board and its one new number: not the
    // titles, the round strip, the toolbar or the board's other 74 numbers.
    expect(renders.count).toBeLessThanOrEqual(5);
  });
});
