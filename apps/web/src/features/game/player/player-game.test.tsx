import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { ZClientMessage } from '@playshop/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearFakeSocket, fakeSocket } from '../../../test/fake-game-socket';
import { card, playing, room } from '../../../test/game-fixtures';
import { type GameState, initialGameState } from '../shared/game-reducer';
import { TUMBLE_MS } from '../shared/shown-rolls';
import { autoMarkKey, numbersToAutoMark } from './auto-mark';
import { marksMakeALine, marksWinPrize, PlayerGame } from './player-game';

/** The socket hook, replaced: these tests drive the screen with the state the server would produce. */
vi.mock('../shared/use-game-socket', () => import('../../../test/fake-game-socket'));
const socket = fakeSocket;

const rolling: GameState = {
  ...initialGameState,
  lobbyOpen: true,
  gameStarted: true,
  gameState: 'roll',
  bingoBoard: card,
  // 40 is the ball tumbling: the balls before it are on the card.
  bingoRolls: [1, 2, 3, 4, 5, 17, 40],
  markedCells: [0, 1, 2, 4, 5],
};

const fourCorners: GameState = {
  ...playing,
  bingoRolls: [1, 61, 5, 17, 40],
  markedCells: [0],
  rules: { prizes: [{ kind: 'four_corners' }], prizeIndex: 0, autoCall: null },
};

const gameScreen = () => (
  <MantineProvider>
    <Notifications />
    <MemoryRouter initialEntries={['/Acme/ann/play-game/7']}>
      <Routes>
        <Route
          path="/Acme/ann/play-game/7"
          element={<PlayerGame room={room} dashboard="/Acme/ann/dashboard" />}
        />
        <Route path="/Acme/ann/dashboard" element={<p>Your rooms</p>} />
      </Routes>
    </MemoryRouter>
  </MantineProvider>
);

function showGame(state: GameState) {
  socket.state = state;
  return render(gameScreen());
}

const sent = () => socket.send.mock.calls.map(([m]) => ZClientMessage.parse(m).payload);

beforeEach(() => {
  clearFakeSocket();
  sessionStorage.clear();
  localStorage.clear();
});

describe('PlayerGame', () => {
  it('a tap marks at once and sends the mark to the server, during a roll too', () => {
    showGame(rolling);
    fireEvent.click(screen.getByRole('button', { name: 'I 17, rolled' }));
    expect(socket.dispatch).toHaveBeenCalledWith({ type: 'mark_cell', payload: { number: 17 } });
    expect(socket.send.mock.calls.map(([m]) => m)).toEqual([
      { type: 'game_event', payload: { action: 'mark', roomId: 7, number: 17, marked: true } },
    ]);
  });

  it('a mark that completes a line is claimed', () => {
    showGame(rolling);
    fireEvent.click(screen.getByRole('button', { name: 'B 3, rolled' }));
    expect(socket.send.mock.calls.map(([m]) => m)).toEqual([
      { type: 'game_event', payload: { action: 'mark', roomId: 7, number: 3, marked: true } },
      { type: 'game_event', payload: { action: 'check_win', roomId: 7 } },
    ]);
    expect(marksMakeALine(card, [0, 1, 2, 3, 4])).toBe(false);
    expect(marksMakeALine(card, [0, 1, 2, 3, 4, 5])).toBe(true);
    expect(marksMakeALine(null, [1, 2, 3, 4, 5])).toBe(false);
  });

  it('after End Game the phone stays in the room and joins the next lobby by itself', async () => {
    const view = showGame({ ...initialGameState, connectionClosed: true });
    expect(await screen.findByText(/Keep this screen open/)).toBeTruthy();
    expect(screen.queryByText('Your rooms')).toBeNull();
    expect(socket.close).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('playshop:joined-room:7')).toBeNull();
    expect(socket.send).not.toHaveBeenCalled();
    // Between games there is no lobby: no empty player list under the notice.
    expect(screen.queryByText(/^Players \(/)).toBeNull();
    expect(screen.queryByText('No players yet')).toBeNull();
    // 'Room Closed' is a plain notice, never a success tick.
    const toast = (await screen.findAllByText('Room Closed')).find((e) =>
      e.closest('.mantine-Notification-root'),
    );
    const notification = toast!.closest('.mantine-Notification-root')!;
    expect(notification.querySelector('.mantine-Notification-icon')).toBeNull();
    expect(notification.getAttribute('style') ?? '').toContain('gray');
    // The facilitator opens the next lobby: the server's new view of the room arrives.
    socket.state = { ...initialGameState, lobbyOpen: true };
    view.rerender(gameScreen());
    expect(socket.send.mock.calls.map(([m]) => m)).toEqual([
      { type: 'room_event', payload: { action: 'join_room', roomId: 7 } },
    ]);
  });

  it('a removed player is back on their room list', async () => {
    showGame({ ...initialGameState, connectionClosed: true, removedFromRoom: true });
    expect(await screen.findByText('Your rooms')).toBeTruthy();
    expect(socket.close).toHaveBeenCalled();
  });
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

  it('auto-mark marks a tumbling ball when it lands, as the card shows it, not before', () => {
    expect(numbersToAutoMark(card, [1, 17, 70], [0, 1])).toEqual([17]);
    expect(numbersToAutoMark(null, [1], [0])).toEqual([]);
    vi.useFakeTimers();
    try {
      localStorage.setItem(autoMarkKey('anonymous'), 'true');
      // 17 is tumbling (the roll animation on): 1 was called before it.
      showGame({ ...fourCorners, gameState: 'roll', bingoRolls: [1, 17] });
      expect(sent()).toEqual([{ action: 'mark', roomId: 7, number: 1, marked: true }]);
      expect(screen.getByRole('button', { name: 'I 17, not rolled yet' })).toBeTruthy();
      act(() => vi.advanceTimersByTime(TUMBLE_MS));
      expect(sent()).toEqual([1, 17].map((number) => ({ action: 'mark', roomId: 7, number, marked: true })));
    } finally {
      vi.useRealTimers();
    }
  });
});
