import { ZClientMessage } from '@playshop/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { playing, show } from '../../../test/game-fixtures';
import type { GameState } from '../shared/game-reducer';
import { createGameStore } from '../shared/game-store';
import { ControlBar } from './control-bar';
import { PatternPicker } from './pattern-picker';

async function choose(label: string, option: string, inModal = false) {
  fireEvent.click(screen.getByRole('textbox', { name: label }));
  // Inside a modal the dropdown's portal sits beside the modal, which hides the rest from the tree.
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: inModal }));
}

describe('pattern picker', () => {
  it('picks four corners for the round', async () => {
    const onSave = vi.fn();
    show(<PatternPicker initial={[]} canChange onSave={onSave} />);
    expect(screen.getByRole('textbox', { name: 'Pattern' })).toHaveProperty('value', 'Any line');
    await choose('Pattern', 'Four corners');
    expect(screen.getByRole('img', { name: 'Four corners pattern' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use for this round' }));
    expect(onSave).toHaveBeenCalledWith([{ kind: 'four_corners' }]);
  });

  it('draws a custom pattern on the 5×5 grid, and needs at least one cell', async () => {
    const onSave = vi.fn();
    show(<PatternPicker initial={[]} canChange onSave={onSave} />);
    await choose('Pattern', 'Custom pattern');
    const save = screen.getByRole('button', { name: 'Use for this round' });
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Draw at least one cell besides the free centre')).toBeTruthy();
    const grid = screen.getByRole('group', { name: 'Pattern: custom pattern' });
    // The free centre alone would be won by every card before a ball.
    fireEvent.click(within(grid).getByRole('button', { name: 'Row 3, column 3 (free)' }));
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(grid).getByRole('button', { name: 'Row 3, column 3 (free)' }));
    fireEvent.click(within(grid).getByRole('button', { name: 'Row 2, column 2' }));
    fireEvent.click(within(grid).getByRole('button', { name: 'Row 3, column 3 (free)' }));
    fireEvent.click(within(grid).getByRole('button', { name: 'Row 1, column 1' }));
    fireEvent.click(within(grid).getByRole('button', { name: 'Row 3, column 3 (free)' }));
    expect(within(grid).getByRole('button', { name: 'Row 1, column 1' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledWith([{ kind: 'custom', cells: [0, 6] }]);
  });

  it('several prizes in order: first a line, then full house; at most four', async () => {
    const onSave = vi.fn();
    show(<PatternPicker initial={[{ kind: 'any_line' }]} canChange onSave={onSave} />);
    const add = screen.getByRole('button', { name: 'Add a prize' });
    fireEvent.click(add);
    expect(screen.getByRole('textbox', { name: 'Prize 2' })).toHaveProperty('value', 'Full house');
    fireEvent.click(screen.getByRole('button', { name: 'Use for this round' }));
    expect(onSave).toHaveBeenLastCalledWith([{ kind: 'any_line' }, { kind: 'full_house' }]);
    fireEvent.click(add);
    fireEvent.click(add);
    expect(add.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove prize 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Use for this round' }));
    expect(onSave).toHaveBeenLastCalledWith([
      { kind: 'full_house' },
      { kind: 'full_house' },
      { kind: 'full_house' },
    ]);
  });

  it('after the first ball the pattern stays as it is', () => {
    show(<PatternPicker initial={[{ kind: 'x' }]} canChange={false} onSave={vi.fn()} />);
    expect(screen.getByText(/The pattern can only be changed before the first ball of a round/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use for this round' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('control bar: pattern, auto-call and the presenter view', () => {
  function bar(state: GameState) {
    const sent: unknown[] = [];
    const send = (m: unknown) => sent.push(m);
    show(
      <MemoryRouter initialEntries={['/Acme%20Co/facilitator/online/rooms/play-game/7']}>
        <Routes>
          <Route
            path="/:org/facilitator/online/rooms/play-game/:roomId"
            element={
              <ControlBar store={createGameStore(state)} send={send} musicUrl={null} onEndGame={vi.fn()} />
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    // Every message must be one the server's schema accepts.
    const parsed = () => sent.map((m) => ZClientMessage.parse(m));
    return { sent, parsed };
  }

  it('the pattern is picked before the first ball and sent as set_prizes', async () => {
    const { parsed } = bar({ ...playing, bingoRolls: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Win pattern: Any line' }));
    await screen.findByRole('textbox', { name: 'Pattern' });
    await choose('Pattern', 'Four corners', true);
    fireEvent.click(screen.getByRole('button', { name: 'Use for this round' }));
    expect(parsed()).toEqual([
      {
        type: 'game_event',
        payload: { action: 'set_prizes', roomId: 7, prizes: [{ kind: 'four_corners' }] },
      },
    ]);
  });

  it('shows the prize being played for', () => {
    bar({
      ...playing,
      rules: { prizes: [{ kind: 'any_line' }, { kind: 'full_house' }], prizeIndex: 1, autoCall: null },
    });
    expect(screen.getByRole('button', { name: 'Win pattern: Full house' }).textContent).toContain('(2/2)');
  });

  it('auto-call: on at the chosen interval, pause, resume and off', async () => {
    const off = bar(playing);
    await choose('Every (seconds)', '30');
    expect(off.sent).toEqual([]);
    fireEvent.click(screen.getByRole('switch', { name: 'Auto-call' }));
    expect(off.parsed()).toEqual([
      { type: 'game_event', payload: { action: 'set_auto_call', roomId: 7, seconds: 30 } },
    ]);
    expect(screen.queryByRole('button', { name: 'Pause auto-call' })).toBeNull();
  });

  it('auto-call running: pause, change the interval, turn off; paused: resume', async () => {
    const on = bar({
      ...playing,
      rules: { prizes: [], prizeIndex: 0, autoCall: { seconds: 20, paused: false } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Pause auto-call' }));
    await choose('Every (seconds)', '45');
    fireEvent.click(screen.getByRole('switch', { name: 'Auto-call' }));
    expect(on.parsed().map((m) => m.payload)).toEqual([
      { action: 'pause_auto_call', roomId: 7 },
      { action: 'set_auto_call', roomId: 7, seconds: 45 },
      { action: 'set_auto_call', roomId: 7, seconds: null },
    ]);
    // Roll by hand stays.
    expect(screen.getByRole('button', { name: 'Roll' }).getAttribute('aria-disabled')).toBe('false');
  });

  it('paused auto-call offers Resume', () => {
    const paused = bar({
      ...playing,
      rules: { prizes: [], prizeIndex: 0, autoCall: { seconds: 20, paused: true } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Resume auto-call' }));
    expect(paused.parsed().map((m) => m.payload)).toEqual([{ action: 'resume_auto_call', roomId: 7 }]);
  });

  it('Open presenter view opens the room on the big screen in its own window', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    bar(playing);
    fireEvent.click(screen.getByRole('button', { name: 'Open presenter view' }));
    expect(open).toHaveBeenCalledWith(
      '/Acme%20Co/facilitator/online/rooms/present/7',
      'playshop-presenter-7',
      expect.stringContaining('popup'),
    );
    open.mockRestore();
  });
});
