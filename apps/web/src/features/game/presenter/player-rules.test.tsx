import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { ZClientMessage } from '@playshop/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearFakeSocket, fakeSocket } from '../board/fake-game-socket';
import type { GameState } from '../board/game-reducer';
import { card, playing, room } from '../board/test-fixtures';
import { marksWinPrize, PlayerGame } from '../player/player-game';
import { autoMarkKey, numbersToAutoMark } from './auto-mark';

/** The socket hook, replaced: the screen gets the state the server would produce. */
vi.mock('../board/use-game-socket', () => import('../board/fake-game-socket'));
const socket = fakeSocket;

const fourCorners: GameState = {
  ...playing,
  bingoRolls: [1, 61, 5, 17, 40],
  markedCells: [0],
  rules: { prizes: [{ kind: 'four_corners' }], prizeIndex: 0, autoCall: null },
};

function showGame(state: GameState) {
  socket.state = state;
  return render(
    <MantineProvider>
      <Notifications />
      <MemoryRouter>
        <PlayerGame room={room} dashboard="/Acme/ann/dashboard" />
      </MemoryRouter>
    </MantineProvider>,
  );
}

const sent = () => socket.send.mock.calls.map(([m]) => ZClientMessage.parse(m).payload);

beforeEach(() => {
  clearFakeSocket();
  localStorage.clear();
});

describe('player: pattern, claim and auto-mark', () => {
  it('shows the pattern played for; Bingo! is a claim whatever the marks', () => {
    showGame(fourCorners);
    expect(screen.getByText('Playing for: Four corners')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Four corners pattern' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bingo!' }));
    expect(sent()).toEqual([{ action: 'check_win', roomId: 7 }]);
  });

  it('a tap completing the round pattern claims; a line does not when the pattern is four corners', () => {
    expect(marksWinPrize(card, [0, 1, 2, 3, 4, 5], fourCorners.rules)).toBe(false);
    expect(marksWinPrize(card, [0, 1, 61, 5, 65], fourCorners.rules)).toBe(true);
    expect(marksWinPrize(card, [0, 1, 2, 3, 4, 5], null)).toBe(true);
    showGame({ ...fourCorners, bingoRolls: [1, 61, 5, 65], markedCells: [0, 1, 61, 5] });
    fireEvent.click(screen.getByRole('button', { name: 'O 65, rolled' }));
    expect(sent()).toEqual([
      { action: 'mark', roomId: 7, number: 65, marked: true },
      { action: 'check_win', roomId: 7 },
    ]);
  });

  it('auto-mark marks every called number on the card, never claims, and is remembered on the device', () => {
    const view = showGame({ ...fourCorners, bingoRolls: [1, 61, 5, 65, 40] });
    expect(sent()).toEqual([]);
    fireEvent.click(screen.getByRole('switch', { name: /Auto-mark/ }));
    expect(sent()).toEqual(
      [1, 61, 5, 65].map((number) => ({ action: 'mark', roomId: 7, number, marked: true })),
    );
    expect(localStorage.getItem(autoMarkKey('anonymous'))).toBe('true');
    view.unmount();
    socket.send.mockClear();
    // Another visit: still on, and the marks the server already has are not asked for again.
    showGame({ ...fourCorners, bingoRolls: [1, 61, 5, 65, 17], markedCells: [0, 1, 61, 5, 65] });
    expect((screen.getByRole('switch', { name: /Auto-mark/ }) as HTMLInputElement).checked).toBe(true);
    expect(sent()).toEqual([{ action: 'mark', roomId: 7, number: 17, marked: true }]);
  });

  it('auto-mark follows a change made in another tab of the same browser', () => {
    showGame({ ...fourCorners, bingoRolls: [1, 61] });
    const toggle = () => screen.getByRole('switch', { name: /Auto-mark/ }) as HTMLInputElement;
    expect(toggle().checked).toBe(false);
    // The other tab writes the setting; this one hears of it through the storage event.
    act(() => {
      localStorage.setItem(autoMarkKey('anonymous'), 'true');
      window.dispatchEvent(new StorageEvent('storage', { key: autoMarkKey('anonymous') }));
    });
    expect(toggle().checked).toBe(true);
    expect(sent()).toEqual([1, 61].map((number) => ({ action: 'mark', roomId: 7, number, marked: true })));
    // The other tab clears the site's storage (the event names no key): the setting is off again.
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(toggle().checked).toBe(false);
  });

  it('the ball still tumbling is marked once it lands', () => {
    expect(numbersToAutoMark(card, [1, 17], [0], true)).toEqual([1]);
    expect(numbersToAutoMark(card, [1, 17], [0], false)).toEqual([1, 17]);
    expect(numbersToAutoMark(card, [1, 17, 70], [0, 1], false)).toEqual([17]);
    expect(numbersToAutoMark(null, [1], [0], false)).toEqual([]);
  });
});
