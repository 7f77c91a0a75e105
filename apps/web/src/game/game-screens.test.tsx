import { MantineProvider } from '@mantine/core';
import { PROTOCOL_VERSION, WINNER_SOUNDS } from '@playshop/shared';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BallChips } from './ball';
import { BingoBoard, RollAnnouncer } from './bingo-board';
import { BingoNews } from './bingo-news';
import { ConnectionNotice } from './connection-notice';
import { Countdown, secondsLeft } from './countdown';
import { CentrePanel } from './facilitator/centre-panel';
import { facilitatorCommands } from './facilitator/commands';
import { ControlBar } from './facilitator/control-bar';
import { QueuePanel } from './facilitator/queue-panel';
import { type GameState, initialGameState, toBoard } from './game-reducer';
import { LobbyView } from './lobby-view';
import { PlayerGameView } from './player-game-view';
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

  it("says 'Reconnecting…' while it tries again, and offers Retry after the last failed try", () => {
    const view = show(
      <ConnectionNotice status="reconnecting" serverProtocolVersion={null} onRetry={() => {}} />,
    );
    expect(screen.getByText('Reconnecting…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    view.unmount();
    const onRetry = vi.fn();
    show(<ConnectionNotice status="failed" serverProtocolVersion={null} onRetry={onRetry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
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
    expect(
      within(order)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['O 70', 'B 3', 'N 40', 'O 75', 'B 1']);
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

const room = {
  id: 7,
  name: 'Blue room',
  workshopId: 1,
  workshop: { id: 1, name: 'Safety day' },
  orgId: 1,
  sessions: [{ id: 1, name: 'Warm-up', orderIndex: 0 }],
};
const playing: GameState = {
  ...initialGameState,
  lobbyOpen: true,
  gameStarted: true,
  gameState: 'bingo',
  bingoBoard: card,
  bingoRolls: [1, 17],
  markedCells: [0, 1],
  sessionName: 'Fire safety',
};
const content = {
  id: 9,
  title: 'Exits',
  description: 'Find the nearest exit',
  script: null,
  type: 'OTHER',
  categoryId: 1,
  category: { id: 1, name: 'Safety' },
  question: null,
  image: null,
  video: null,
} as GameState['content'];

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

  it("on a win: the win screen above the card, with no Close for a player, and 'ann has bingo' for the others", () => {
    playerView({ ...playing, gameState: 'game_over', winners: ['ann'] }, vi.fn(), 'bob');
    expect(screen.getByText('ann has won the game!')).toBeTruthy();
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
    expect(screen.getByText('ann, cy have bingo')).toBeTruthy();
    other.unmount();
    show(<BingoNews winners={[]} username="bob" />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(/bingo/i)).toBeNull();
  });
});

describe('facilitator panels', () => {
  it('the win screen for the facilitator too, as soon as someone has bingo; Close goes back to the board', () => {
    const onCloseWin = vi.fn();
    show(
      <CentrePanel
        state={{ ...playing, gameState: 'game_over', winners: ['ann'] }}
        onCloseWin={onCloseWin}
      />,
    );
    expect(screen.getByText('ann has won the game!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onCloseWin).toHaveBeenCalled();
  });

  it('the centre shows the content on screen, and none after a new game cleared it', () => {
    const view = show(<CentrePanel state={{ ...playing, content }} onCloseWin={() => {}} />);
    expect(screen.getByText('Sent content: Exits')).toBeTruthy();
    view.unmount();
    show(<CentrePanel state={{ ...playing, content: null }} onCloseWin={() => {}} />);
    expect(screen.queryByText(/Sent content/)).toBeNull();
  });

  it("the queue is the server's: titles in order, 'No Content Remaining' when empty, Send Content sends the next", () => {
    const onSend = vi.fn();
    const queue = [
      { contentId: 4, contentType: 'OTHER', title: 'Exits' },
      { contentId: 6, contentType: 'VIDEO', title: 'Drill' },
    ];
    const view = show(<QueuePanel queue={queue} canSend onSend={onSend} />);
    const list = screen.getByRole('list', { name: 'Content queue' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Exits', 'Drill']);
    fireEvent.click(screen.getByRole('button', { name: 'Send Content' }));
    expect(onSend).toHaveBeenCalled();
    view.unmount();
    show(<QueuePanel queue={[]} canSend onSend={onSend} />);
    expect(screen.getByText('No Content Remaining')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Content' }).hasAttribute('disabled')).toBe(true);
  });

  function bar(state: GameState, onEndGame = vi.fn()) {
    const sent: unknown[] = [];
    const commands = facilitatorCommands(7, (m) => sent.push(m));
    const view = show(<ControlBar state={state} commands={commands} musicUrl={null} onEndGame={onEndGame} />);
    return { sent, view, onEndGame };
  }

  it('Roll asks for a ball and stays off while it is shown; the server brings the board back', () => {
    const { sent, view } = bar(playing);
    const roll = () => screen.getByRole('button', { name: 'Roll' });
    fireEvent.click(roll());
    expect(sent).toEqual([{ type: 'game_event', payload: { action: 'get_roll', roomId: 7 } }]);
    // Asked, not answered yet: no second request.
    expect(roll().hasAttribute('disabled')).toBe(true);
    view.rerender(
      <MantineProvider>
        <ControlBar
          state={{ ...playing, gameState: 'roll', bingoRolls: [1, 17, 40] }}
          commands={facilitatorCommands(7, () => {})}
          musicUrl={null}
          onEndGame={() => {}}
        />
      </MantineProvider>,
    );
    expect(roll().hasAttribute('disabled')).toBe(true);
    view.rerender(
      <MantineProvider>
        <ControlBar
          state={{ ...playing, gameState: 'bingo', bingoRolls: [1, 17, 40] }}
          commands={facilitatorCommands(7, () => {})}
          musicUrl={null}
          onEndGame={() => {}}
        />
      </MantineProvider>,
    );
    expect(roll().hasAttribute('disabled')).toBe(false);
  });

  it('Start New Game and End Game ask first, naming the consequence; Cancel does nothing', async () => {
    const { sent, onEndGame } = bar(playing);
    // Text queries: role queries over the whole bar (with the timer's options) are slow in jsdom.
    const dialogOf = async (title: string) => (await screen.findByText(title)).closest('section')!;
    const [startButton, endButton] = ['Start New Game', 'End Game'].map(
      (name) => screen.getByText(name).closest('button')!,
    );
    fireEvent.click(startButton!);
    const ask = await dialogOf('Start a new game?');
    expect(within(ask).getByText(/Every player gets a new card/)).toBeTruthy();
    fireEvent.click(within(ask).getByText('Cancel'));
    expect(sent).toEqual([]);
    fireEvent.click(startButton!);
    fireEvent.click(within(await dialogOf('Start a new game?')).getByText('Start New Game'));
    expect(sent).toEqual([{ type: 'game_event', payload: { action: 'start_new_game', roomId: 7 } }]);

    fireEvent.click(endButton!);
    const end = await dialogOf('End the game?');
    expect(within(end).getByText(/players are sent back to their room list/)).toBeTruthy();
    fireEvent.click(within(end).getByText('End Game'));
    expect(onEndGame).toHaveBeenCalled();
  }, 15_000);

  it('every command is a message of the protocol', async () => {
    const { ZClientMessage } = await import('@playshop/shared');
    const sent: unknown[] = [];
    const commands = facilitatorCommands(7, (m) => sent.push(m));
    commands.openLobby();
    commands.startGame();
    commands.roll();
    commands.sendNextContent();
    commands.startTimer(30);
    commands.cancelTimer();
    commands.announceWinner();
    commands.backToBingo();
    commands.hideRollAnimation(true);
    commands.startNewGame();
    commands.endGame();
    expect(sent).toHaveLength(11);
    for (const message of sent) expect(ZClientMessage.safeParse(message).success).toBe(true);
    expect(sent[3]).toEqual({ type: 'content_event', payload: { action: 'send_next_content', roomId: 7 } });
  });
});
