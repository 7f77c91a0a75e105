import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { itemTexts, playing, show } from '../../../test/game-fixtures';
import { createGameStore } from '../shared/game-store';
import { RolledBallsModal } from './rolled-balls-modal';

describe('Show Rolled Balls', () => {
  it('lists the rolled numbers by letter column in the order drawn, marks the last one, and keeps the whole draw', async () => {
    const store = createGameStore({ ...playing, bingoRolls: [70, 3, 40, 75, 1] });
    show(<RolledBallsModal store={store} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show Rolled Balls' }));
    const table = await screen.findByRole('table');
    const rows = [...table.querySelectorAll('tr')].map((tr) =>
      [...tr.querySelectorAll('th,td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['B', 'I', 'N', 'G', 'O'],
      ['3', '', '40', '', '70'],
      ['1', '', '', '', '75'],
    ]);
    expect(table.querySelector('[aria-current]')?.textContent).toBe('1');
    expect(screen.getByText('Last called: B 1')).toBeTruthy();
    const order = screen.getByRole('list', { name: 'Balls in the order drawn' });
    expect(itemTexts(order)).toEqual(['O 70', 'B 3', 'N 40', 'O 75', 'B 1']);
    expect(screen.getByText('Rolled balls (5)')).toBeTruthy();

    // Open, it follows the game: a roll meanwhile is in the table, the draw and the title.
    act(() => store.set({ ...store.get(), bingoRolls: [70, 3, 40, 75, 1, 62] }));
    expect(itemTexts(order)).toEqual(['O 70', 'B 3', 'N 40', 'O 75', 'B 1', 'O 62']);
    expect(screen.getByText('Last called: O 62')).toBeTruthy();
    expect(screen.getByText('Rolled balls (6)')).toBeTruthy();
  });
});
