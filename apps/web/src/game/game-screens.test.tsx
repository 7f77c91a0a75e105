import { MantineProvider } from '@mantine/core';
import { PROTOCOL_VERSION, WINNER_SOUNDS } from '@playshop/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BallChips } from './ball';
import { BingoBoard, RollAnnouncer } from './bingo-board';
import { ConnectionNotice } from './connection-notice';
import { secondsLeft } from './countdown';
import { toBoard } from './game-reducer';
import { LobbyView } from './lobby-view';
import { RolledBallsModal } from './rolled-balls-modal';
import { WinScreen } from './win-screen';

const card = [
  [1, 16, 31, 46, 61],
  [2, 17, 32, 47, 62],
  [3, 18, 0, 48, 63],
  [4, 19, 33, 49, 64],
  [5, 20, 34, 50, 65],
];
const show = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

describe('game screens', () => {
  it('the board has B I N G O, a Free centre, and marks only rolled numbers', () => {
    const onMark = vi.fn();
    show(<BingoBoard board={toBoard(card, [1])} rolls={[1, 17]} onMark={onMark} />);
    for (const letter of ['B', 'I', 'N', 'G', 'O']) expect(screen.getByText(letter)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Free' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'B 1, marked' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'I 16, not rolled yet' }));
    expect(onMark).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'I 17, rolled' }));
    expect(onMark).toHaveBeenCalledWith(17);
  });

  it('arrow keys move between cells', () => {
    show(<BingoBoard board={toBoard(card)} rolls={[]} onMark={() => {}} />);
    const first = screen.getByRole('button', { name: 'B 1, not rolled yet' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('I 16, not rolled yet');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('I 17, not rolled yet');
  });

  it('rolled balls show letter and number, newest first, and the newest is announced', () => {
    show(
      <>
        <BallChips rolls={[5, 70, 33]} label="Rolled" />
        <RollAnnouncer rolls={[5, 70, 33]} />
      </>,
    );
    expect(screen.getAllByRole('img').map((b) => b.getAttribute('aria-label'))).toEqual([
      'N 33',
      'O 70',
      'B 5',
    ]);
    expect(screen.getByText('Ball rolled: N 33')).toBeTruthy();
  });

  it("the win screen names each winner, or says 'We have a winner!'; Close only when offered", () => {
    const view = show(<WinScreen winners={[]} winnerAudio={null} />);
    expect(screen.getByText('Congratulations!')).toBeTruthy();
    expect(screen.getByText('We have a winner!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    view.unmount();
    const onClose = vi.fn();
    show(<WinScreen winners={['ann', 'bob']} winnerAudio={null} onClose={onClose} />);
    expect(screen.getByText('ann has won the game!')).toBeTruthy();
    expect(screen.getByText('bob has won the game!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("plays the server's winner sound at volume 0.5, or one of the seven when none is given", () => {
    const played: { src: string; volume: number }[] = [];
    class FakeAudio {
      volume = 1;
      constructor(readonly src: string) {}
      play() {
        played.push({ src: this.src, volume: this.volume });
        return Promise.resolve();
      }
    }
    vi.stubGlobal('Audio', FakeAudio);
    try {
      show(<WinScreen winners={['ann']} winnerAudio="/sounds/winner-3.wav" />).unmount();
      show(<WinScreen winners={['ann']} winnerAudio={null} />).unmount();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(played[0]).toEqual({ src: '/sounds/winner-3.wav', volume: 0.5 });
    expect(WINNER_SOUNDS).toContain(played[1]?.src);
    expect(played).toHaveLength(2);
  });

  it('the lobby counts every player, and says so when the room is too big to list them', () => {
    const lobby = (
      players: { username: string; isReady: boolean; hasBingo: boolean }[],
      playerCount: number,
    ) =>
      show(
        <LobbyView
          roomName="Room"
          workshopName="W"
          sessionName={null}
          players={players}
          playerCount={playerCount}
          lobbyOpen
        />,
      );
    const small = lobby([{ username: 'ann', isReady: false, hasBingo: false }], 1);
    expect(screen.getByRole('heading', { name: 'Players (1)' })).toBeTruthy();
    expect(screen.getByText('ann')).toBeTruthy();
    small.unmount();
    lobby([], 250);
    expect(screen.getByRole('heading', { name: 'Players (250)' })).toBeTruthy();
    expect(screen.queryByText('No players yet')).toBeNull();
    expect(screen.getByText('Too many players to list here.')).toBeTruthy();
  });

  it('says when the socket is down, and asks for a reload when the server speaks a newer protocol', () => {
    const view = show(<ConnectionNotice status="open" serverProtocolVersion={PROTOCOL_VERSION} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Connecting…')).toBeNull();
    view.unmount();
    show(<ConnectionNotice status="failed" serverProtocolVersion={PROTOCOL_VERSION + 1} />);
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual([
      'Failed to reconnect to websocket',
      'Playshop has been updated. Reload this page to keep playing.Reload',
    ]);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('the timer counts down to the server end time, never below 0', () => {
    const now = Date.parse('2026-01-01T00:00:00.000Z');
    expect(secondsLeft('2026-01-01T00:00:30.000Z', 0, now)).toBe(30);
    expect(secondsLeft('2026-01-01T00:00:29.200Z', 0, now)).toBe(30);
    expect(secondsLeft('2025-12-31T23:59:00.000Z', 0, now)).toBe(0);
    expect(secondsLeft(null, 12, now)).toBe(12);
  });
});

describe('Show Rolled Balls', () => {
  it('lists the rolled numbers by letter column', async () => {
    show(<RolledBallsModal rolls={[70, 3, 40, 1, 75]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show Rolled Balls' }));
    const table = await screen.findByRole('table');
    const rows = [...table.querySelectorAll('tr')].map((tr) =>
      [...tr.querySelectorAll('th,td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['B', 'I', 'N', 'G', 'O'],
      ['1', '', '40', '', '70'],
      ['3', '', '', '', '75'],
    ]);
  });
});
