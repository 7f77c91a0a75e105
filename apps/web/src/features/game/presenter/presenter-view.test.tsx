import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { itemTexts, playing, quiz, show } from '../../../test/game-fixtures';
import gameClasses from '../shared/game.module.css';
import type { GameState } from '../shared/game-reducer';
import { createGameStore } from '../shared/game-store';
import { createShownRolls, TUMBLE_MS } from '../shared/shown-rolls';
import { CallBoard } from './call-board';
import { PresenterView, type PresenterViewProps } from './presenter-view';

const lobby: GameState = {
  ...playing,
  gameStarted: false,
  gameState: 'lobby',
  bingoRolls: [],
  playerArr: [
    { username: 'ann', isReady: false, hasBingo: false },
    { username: 'bob', isReady: false, hasBingo: false },
  ],
  playerCount: 2,
};

function present(state: GameState, more: Partial<PresenterViewProps> = {}) {
  const store = createGameStore(state);
  const props: PresenterViewProps = {
    roomName: 'Blue room',
    workshopName: 'Safety day',
    store,
    join: { code: 'ABC234', url: 'http://10.0.0.5:3000/join/ABC234' },
    muted: false,
    onToggleMute: vi.fn(),
    isFullScreen: false,
    onToggleFullScreen: vi.fn(),
    ...more,
  };
  return { ...show(<PresenterView {...props} />), props, store };
}

describe('presenter view', () => {
  it('in the lobby: the room code, the QR code and the join link, and the players arriving', () => {
    present(lobby);
    expect(screen.getByLabelText('Room code ABC234').textContent).toBe('ABC 234');
    expect(screen.getByText('http://10.0.0.5:3000/join/ABC234')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code for http://10.0.0.5:3000/join/ABC234' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Players (2)' })).toBeTruthy();
    const players = screen.getByRole('list', { name: 'Players in the lobby' });
    expect(itemTexts(players)).toEqual(['ann', 'bob']);
    expect(screen.queryByRole('list', { name: 'Call board' })).toBeNull();
  });

  it('in the game: the last ball huge, the ones before it newest first, and the board lit', () => {
    present({ ...playing, bingoRolls: [5, 17, 33, 48, 61, 70, 7] });
    const last = screen.getByRole('group', { name: 'Last ball' });
    expect(within(last).getByRole('img', { name: 'B 7' })).toBeTruthy();
    expect(within(last).getByText('B 7')).toBeTruthy();
    const previous = screen.getByRole('group', { name: 'Previous balls, newest first' });
    expect(
      within(previous)
        .getAllByRole('img')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['O 70', 'O 61', 'G 48', 'N 33', 'I 17']);
    expect(screen.getByText('7 of 75 called')).toBeTruthy();
    const board = screen.getByRole('list', { name: 'Call board' });
    const cells = within(board).getAllByRole('listitem');
    expect(cells).toHaveLength(75);
    expect(cells.filter((c) => c.hasAttribute('data-called')).map((c) => c.textContent)).toEqual([
      '5',
      '7',
      '17',
      '33',
      '48',
      '61',
      '70',
    ]);
    expect(within(board).getByRole('listitem', { name: 'B 7, called' }).hasAttribute('data-last')).toBe(true);
    expect(within(board).getByRole('listitem', { name: 'B 8' }).hasAttribute('data-called')).toBe(false);
  });

  it('the round: the pattern drawn, the prize in order, auto-call and the shared timer', () => {
    const endsAt = new Date(Date.now() + 45_000).toISOString();
    present({
      ...playing,
      rules: {
        prizes: [{ kind: 'four_corners' }, { kind: 'full_house' }],
        prizeIndex: 0,
        autoCall: { seconds: 15, paused: false },
      },
      time: 45,
      isRunning: true,
      endsAt,
    });
    const pattern = screen.getByRole('group', { name: 'Win pattern' });
    expect(within(pattern).getByText('Four corners')).toBeTruthy();
    expect(within(pattern).getByText('Prize 1 of 2')).toBeTruthy();
    const grid = within(pattern).getByRole('img', { name: 'Four corners pattern' });
    const filled = [...grid.children]
      .map((c, i) => (c.hasAttribute('data-filled') ? i : -1))
      .filter((i) => i >= 0);
    expect(filled).toEqual([0, 4, 20, 24]);
    expect(screen.getByText('Auto-call every 15 s')).toBeTruthy();
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(/^Timer: 4[45] seconds left$/);
  });

  it('sent content without the facilitator script, and a place for the question tally', () => {
    const question = { ...quiz, script: 'Say: take your time' };
    const view = present(
      { ...playing, gameState: 'content', content: question },
      { questionTally: (tick) => <p>Tally here {tick > 0 ? 'sized' : ''}</p> },
    );
    expect(screen.getByRole('heading', { name: 'Which way out?' })).toBeTruthy();
    expect(screen.queryByText(/take your time/)).toBeNull();
    expect(view.container.querySelector('[data-slot="question-tally"]')?.textContent).toBe(
      'Tally here sized',
    );
    expect(screen.queryByRole('list', { name: 'Call board' })).toBeNull();
  });

  it('the winner celebration names the winner and the pattern won, silent when muted', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    present(
      {
        ...playing,
        gameState: 'game_over',
        winners: ['ann'],
        wins: [{ username: 'ann', pattern: 'custom', prize: 0 }],
        rules: { prizes: [{ kind: 'custom', cells: [6, 8, 16, 18] }], prizeIndex: 0, autoCall: null },
      },
      { muted: true },
    );
    expect(screen.getByText('Congratulations!')).toBeTruthy();
    expect(screen.getByText('ann has won the game!')).toBeTruthy();
    const status = screen.getByRole('status');
    expect(within(status).getByText('Custom pattern')).toBeTruthy();
    const grid = within(status).getByRole('img', { name: 'Custom pattern pattern' });
    expect([...grid.children].filter((c) => c.hasAttribute('data-filled'))).toHaveLength(4);
    expect(play).not.toHaveBeenCalled();
    play.mockRestore();
  });

  it('a ball still tumbling on the phones is held back, then lands and is called out', () => {
    vi.useFakeTimers();
    const speak = vi.fn();
    Object.defineProperty(window, 'speechSynthesis', {
      configurable: true,
      value: { cancel: vi.fn(), speak },
    });
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        constructor(public text: string) {}
      },
    );
    const calledCount = () =>
      within(screen.getByRole('list', { name: 'Call board' }))
        .getAllByRole('listitem')
        .filter((c) => c.hasAttribute('data-called')).length;
    const view = present({ ...playing, gameState: 'bingo', bingoRolls: [5] });
    act(() => view.store.set({ ...playing, gameState: 'roll', bingoRolls: [5, 7] }));
    expect(screen.getByText('Rolling…')).toBeTruthy();
    expect(calledCount()).toBe(1);
    expect(speak).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(TUMBLE_MS));
    const last = screen.getByRole('group', { name: 'Last ball' });
    expect(within(last).getByText('B 7')).toBeTruthy();
    // After its tumble the ball lands big.
    expect(within(last).getByRole('img', { name: 'B 7' }).classList.contains(gameClasses.landed!)).toBe(true);
    expect(calledCount()).toBe(2);
    expect(speak.mock.calls.map(([u]) => u.text)).toEqual(['B, 7']);
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('with the roll animation hidden, a new ball shows at once: no tumble, no landing', () => {
    const view = present({ ...playing, gameState: 'bingo', hideRollAnimation: true, bingoRolls: [5] });
    act(() => view.store.set({ ...playing, gameState: 'roll', hideRollAnimation: true, bingoRolls: [5, 7] }));
    expect(screen.queryByText('Rolling…')).toBeNull();
    const ball = within(screen.getByRole('group', { name: 'Last ball' })).getByRole('img', { name: 'B 7' });
    expect(ball.classList.contains(gameClasses.landed!)).toBe(false);
  });

  it('sound and full screen are the only buttons', () => {
    const { props } = present({ ...playing, bingoRolls: [7] });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Sound on', 'Full screen']);
    fireEvent.click(screen.getByRole('button', { name: 'Sound on' }));
    fireEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(props.onToggleMute).toHaveBeenCalled();
    expect(props.onToggleFullScreen).toHaveBeenCalled();
  });

  it('the points table while the facilitator shows it, not before', () => {
    const rows = [{ username: 'ana', correctAnswers: 1, wins: 1, points: 6 }];
    const view = present({ ...playing, points: { shown: false, rows } });
    expect(screen.queryByRole('region', { name: 'Points' })).toBeNull();
    view.unmount();
    present({ ...playing, points: { shown: true, rows } });
    const table = screen.getByRole('region', { name: 'Points' });
    expect(table.textContent).toContain('ana');
    expect(table.textContent).toContain('6');
  });

  it('a closed room says so', () => {
    present({ ...playing, connectionClosed: true });
    expect(screen.getByRole('heading', { name: 'Room Closed' })).toBeTruthy();
  });
});

describe('call board', () => {
  it('has B I N G O rows of 15, in order', () => {
    show(<CallBoard shown={createShownRolls(createGameStore())} />);
    const labels = within(screen.getByRole('list', { name: 'Call board' }))
      .getAllByRole('listitem')
      .map((c) => c.getAttribute('aria-label'));
    expect(labels.slice(0, 2)).toEqual(['B 1', 'B 2']);
    expect(labels[15]).toBe('I 16');
    expect(labels[74]).toBe('O 75');
  });
});
