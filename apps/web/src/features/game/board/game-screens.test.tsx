import { PROTOCOL_VERSION, WINNER_SOUNDS } from '@playshop/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RolledBallsModal } from '../facilitator/rolled-balls-modal';
import { BingoNews } from '../player/bingo-news';
import { LobbyView } from '../player/lobby-view';
import { PlayerGameView } from '../player/player-game-view';
import { BallChips } from './ball';
import { BingoBoard, RollAnnouncer } from './bingo-board';
import { ConnectionNotice } from './connection-notice';
import { Countdown, secondsLeft } from './countdown';
import type { GameState } from './game-reducer';
import { card, content, itemTexts, playing, room, show } from './test-fixtures';
import { WinScreen } from './win-screen';

describe('game screens', () => {
  it('the board has B I N G O, a Free centre, and marks only rolled numbers', () => {
    const onMark = vi.fn();
    show(<BingoBoard card={card} markedCells={[1]} rolls={[1, 17]} onMark={onMark} />);
    for (const letter of ['B', 'I', 'N', 'G', 'O']) expect(screen.getByText(letter)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Free' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'B 1, marked' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'I 16, not rolled yet' }));
    expect(onMark).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'I 17, rolled' }));
    expect(onMark).toHaveBeenCalledWith(17);
  });

  it('arrow keys move between cells', () => {
    show(<BingoBoard card={card} markedCells={[]} rolls={[]} onMark={() => {}} />);
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

  it("says 'Reconnecting…' once it has tried for 2 s, and offers Retry after the last failed try", () => {
    vi.useFakeTimers();
    const view = show(
      <ConnectionNotice status="reconnecting" serverProtocolVersion={null} onRetry={() => {}} />,
    );
    // A reconnect within 2 s says nothing (issue 28).
    act(() => vi.advanceTimersByTime(1_900));
    expect(screen.queryByText('Reconnecting…')).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    vi.useRealTimers();
    expect(screen.getByText('Reconnecting…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    view.unmount();
    const onRetry = vi.fn();
    show(<ConnectionNotice status="failed" serverProtocolVersion={null} onRetry={onRetry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('the presenter (onlyActionable) never says it is connecting, only that it gave up', () => {
    vi.useFakeTimers();
    const view = show(<ConnectionNotice status="reconnecting" serverProtocolVersion={null} onlyActionable />);
    act(() => vi.advanceTimersByTime(10_000));
    vi.useRealTimers();
    expect(screen.queryByText('Reconnecting…')).toBeNull();
    view.unmount();
    show(<ConnectionNotice status="failed" serverProtocolVersion={null} onRetry={() => {}} onlyActionable />);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
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
  it('lists the rolled numbers by letter column in the order drawn, marks the last one, and keeps the whole draw', async () => {
    show(<RolledBallsModal rolls={[70, 3, 40, 75, 1]} />);
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
  });
});

describe('timer', () => {
  it("an expired timer says 'Time is up' for a few seconds, then clears", () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00.000Z') });
    try {
      show(<Countdown endsAt="2026-01-01T00:00:02.000Z" time={2} isRunning />);
      expect(screen.getByRole('timer').getAttribute('aria-label')).toBe('Timer: 2 seconds left');
      act(() => vi.advanceTimersByTime(2000));
      expect(screen.getByText('Time is up')).toBeTruthy();
      act(() => vi.advanceTimersByTime(4000));
      expect(screen.getByText('Time is up')).toBeTruthy();
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.queryByRole('timer')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

function playerView(state: GameState, onMark = vi.fn(), username = 'ann') {
  return show(
    <PlayerGameView
      room={room}
      state={state}
      status="open"
      username={username}
      onMark={onMark}
      onLeave={() => {}}
      onRetry={() => {}}
    />,
  );
}

describe('player game screen', () => {
  it('keeps the card during a roll: the ball comes in a sheet above it and the player can mark meanwhile', () => {
    const onMark = vi.fn();
    playerView({ ...playing, gameState: 'roll', bingoRolls: [1, 17, 32] }, onMark);
    expect(screen.getByRole('region', { name: 'New ball' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Your bingo card' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I 17, rolled' }));
    expect(onMark).toHaveBeenCalledWith(17);
    expect(screen.getByRole('button', { name: 'B 1, marked' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows sent content above the card, and the player can minimise it and bring it back', () => {
    playerView({ ...playing, gameState: 'content', contentId: 9, content });
    const sheet = screen.getByRole('region', { name: 'From the facilitator' });
    expect(within(sheet).getByText('Find the nearest exit')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Your bingo card' })).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Minimise' }));
    expect(within(sheet).getByRole('button', { name: 'Show' }).getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Show' }));
    expect(within(sheet).getByRole('button', { name: 'Minimise' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it("shows the current session's name", () => {
    playerView(playing);
    expect(screen.getByText('Session: Fire safety')).toBeTruthy();
  });

  it("on a win: the win screen above the card, with no Close for a player, and 'ann has bingo' for the others", async () => {
    playerView({ ...playing, gameState: 'game_over', winners: ['ann'] }, vi.fn(), 'bob');
    // The win screen loads with the first win (player-game-view.tsx).
    expect(await screen.findByText('ann has won the game!')).toBeTruthy();
    expect(screen.getByText('ann has bingo')).toBeTruthy();
    expect(screen.queryByText('Bingo!')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Your bingo card' })).toBeTruthy();
  });

  it("who has bingo: 'You have bingo!' for the winner, names for everyone else, nothing before a win", () => {
    const view = show(<BingoNews winners={['ann', 'cy']} username="ann" />);
    expect(screen.getByText('You have bingo!')).toBeTruthy();
    view.unmount();
    const other = show(<BingoNews winners={['ann', 'cy']} username="bob" />);
    expect(screen.getByText('ann and cy have bingo')).toBeTruthy();
    other.unmount();
    show(<BingoNews winners={[]} username="bob" />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(/bingo/i)).toBeNull();
  });
});
