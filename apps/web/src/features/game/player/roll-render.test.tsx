import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { playing, room } from '../../../test/game-fixtures';
import { gameReducer } from '../shared/game-reducer';
import { createGameStore, type GameStore } from '../shared/game-store';
import { createShownRolls, TUMBLE_MS } from '../shared/shown-rolls';
import { PlayerGameView } from './player-game-view';

// Every screen part of the game reads its texts through useT: counting its calls counts the parts
// that rendered.
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../i18n/locale-provider', async (importOriginal) => {
  const { countingUseT } = await import('../../../test/count-renders');
  return countingUseT(importOriginal, renders);
});

/** The player's screen in a round, reading `store`. */
function renderPhone(store: GameStore) {
  render(
    <MantineProvider>
      <PlayerGameView
        room={room}
        store={store}
        shown={createShownRolls(store)}
        status="open"
        username="ann"
        onMark={vi.fn()}
        onLeave={() => {}}
        onRetry={() => {}}
        onClaim={() => {}}
      />
    </MantineProvider>,
  );
}

describe("a roll on the player's screen (issue 46: a budget phone)", () => {
  it('paints the new ball, the cell it calls and the count, and renders nothing', () => {
    const store = createGameStore({ ...playing, hideRollAnimation: true });
    renderPhone(store);
    expect(renders.count).toBeGreaterThan(5); // the whole screen's parts, the card one of them

    // What the page writes: each write restyles and lays out part of a budget phone's page.
    const writes = new MutationObserver(() => undefined);
    writes.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    const written = () => writes.takeRecords().map((r) => `${r.type} ${r.attributeName ?? ''}`.trim());

    // A roll's two frames, as the server sends them: the ball, then the state after it.
    renders.count = 0;
    act(() =>
      store.set(gameReducer(store.get(), { type: 'get_random_roll', seq: 90, payload: { roll: 16 } })),
    );
    // Balls were out before: the chips and 'No balls rolled yet' keep their `hidden` as it was.
    expect(written().filter((w) => w === 'attributes hidden')).toEqual([]);
    expect(screen.getByRole('button', { name: 'I 16, rolled' })).toBeTruthy();
    expect(screen.getByText('Ball rolled: I 16')).toBeTruthy();
    expect(screen.getByText('Rolled balls (3)')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: /^[BINGO] \d+$/ })[0]?.getAttribute('aria-label')).toBe('I 16');
    // The chips, the count, the announcer and the one cell are painted from the store: no part renders.
    expect(renders.count).toBe(0);

    renders.count = 0;
    act(() =>
      store.set(
        gameReducer(store.get(), { type: 'set_game_state', seq: 91, payload: { gameState: 'bingo' } }),
      ),
    );
    expect(renders.count).toBe(0);
    expect(written()).toEqual([]);
    writes.disconnect();
  });

  it('with the animation on, the ball lands and joins the chips on one timer, in one task', () => {
    vi.useFakeTimers();
    try {
      const store = createGameStore(playing);
      renderPhone(store);
      const timers = vi.getTimerCount();
      act(() =>
        store.set(gameReducer(store.get(), { type: 'get_random_roll', seq: 90, payload: { roll: 16 } })),
      );
      expect(screen.getByText(/^Rolling a .* ball…$/)).toBeTruthy();
      expect(screen.getByText('Rolled balls (2)')).toBeTruthy();
      // Two timers would land the sheet and the chips in two tasks: two frames on a budget phone.
      expect(vi.getTimerCount()).toBe(timers + 1);
      act(() => vi.advanceTimersByTime(TUMBLE_MS - 1));
      expect(screen.queryByText('Rolled balls (3)')).toBeNull();
      act(() => vi.advanceTimersToNextTimer());
      expect(screen.getByText('Rolled balls (3)')).toBeTruthy();
      expect(screen.queryByText(/^Rolling a .* ball…$/)).toBeNull();
      expect(screen.getByText('I 16')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
