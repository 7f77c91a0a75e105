import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearFakeSocket, fakeSocket } from '../board/fake-game-socket';
import { type GameState, initialGameState } from '../board/game-reducer';
import { card, room } from '../board/test-fixtures';
import { marksMakeALine, PlayerGame } from './player-game';

/** The socket hook, replaced: these tests drive the screen with the state the server would produce. */
vi.mock('../board/use-game-socket', () => import('../board/fake-game-socket'));
const socket = fakeSocket;

const playing: GameState = {
  ...initialGameState,
  lobbyOpen: true,
  gameStarted: true,
  gameState: 'roll',
  bingoBoard: card,
  bingoRolls: [1, 2, 3, 4, 5, 17],
  markedCells: [0, 1, 2, 4, 5],
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

beforeEach(() => {
  clearFakeSocket();
  sessionStorage.clear();
});

describe('PlayerGame', () => {
  it('a tap marks at once and sends the mark to the server, during a roll too', () => {
    showGame(playing);
    fireEvent.click(screen.getByRole('button', { name: 'I 17, rolled' }));
    expect(socket.dispatch).toHaveBeenCalledWith({ type: 'mark_cell', payload: { number: 17 } });
    expect(socket.send.mock.calls.map(([m]) => m)).toEqual([
      { type: 'game_event', payload: { action: 'mark', roomId: 7, number: 17, marked: true } },
    ]);
  });

  it('a mark that completes a line is claimed', () => {
    showGame(playing);
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
