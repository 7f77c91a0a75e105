import { PROTOCOL_VERSION, WINNER_SOUNDS } from '@playshop/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { card, show } from '../../../test/game-fixtures';
import { Ball, ballElement, paintChips } from './ball';
import { BingoBoard, RollAnnouncer } from './bingo-board';
import { ConnectionNotice } from './connection-notice';
import { Countdown, secondsLeft } from './countdown';
import { initialGameState } from './game-reducer';
import { createGameStore, type GameStore } from './game-store';
import { createShownRolls, TUMBLE_MS } from './shown-rolls';
import { WinScreen } from './win-screen';

const game = (bingoRolls: number[], markedCells: number[]) =>
  createGameStore({ ...initialGameState, bingoRolls, markedCells });
/** The card as a round shows it: marks from the game, rolls from the balls shown. */
const board = (store: GameStore, onMark: (n: number) => void = () => {}) =>
  show(<BingoBoard card={card} store={store} shown={createShownRolls(store)} onMark={onMark} />);

describe('game screens', () => {
  it('the board has B I N G O, a Free centre, and marks only rolled numbers', () => {
    const onMark = vi.fn();
    board(game([1, 17], [1]), onMark);
    for (const letter of ['B', 'I', 'N', 'G', 'O']) expect(screen.getByText(letter)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Free' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'B 1, marked' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'I 16, not rolled yet' }));
    expect(onMark).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'I 17, rolled' }));
    expect(onMark).toHaveBeenCalledWith(17);
  });

  it('a roll and a mark repaint the cells they change, and only those', () => {
    const onMark = vi.fn();
    const store = game([1], [1]);
    board(store, onMark);
    const cell = screen.getByRole('button', { name: 'I 16, not rolled yet' });
    expect(cell.getAttribute('aria-disabled')).toBe('true');
    expect(cell.hasAttribute('data-rolled')).toBe(false);
    const other = screen.getByRole('button', { name: 'B 1, marked' });
    const label = vi.spyOn(other, 'setAttribute');

    act(() => store.set({ ...store.get(), bingoRolls: [1, 16] }));
    expect(cell.getAttribute('aria-label')).toBe('I 16, rolled');
    expect(cell.getAttribute('aria-disabled')).toBe('false');
    expect(cell.hasAttribute('data-rolled')).toBe(true);
    expect(cell.textContent).toBe('16rolled');
    fireEvent.click(cell);
    expect(onMark).toHaveBeenCalledWith(16);

    act(() => store.set({ ...store.get(), markedCells: [1, 16] }));
    expect(cell.getAttribute('aria-label')).toBe('I 16, marked');
    expect(cell.getAttribute('aria-pressed')).toBe('true');
    expect(cell.hasAttribute('data-marked')).toBe(true);
    expect(cell.textContent).toBe('16');
    fireEvent.click(cell);
    expect(onMark).toHaveBeenCalledTimes(1);
    expect(label).not.toHaveBeenCalled();
  });

  it('a ball still tumbling is not on the card yet: its cell is rolled, and markable, once it lands', () => {
    vi.useFakeTimers();
    try {
      const onMark = vi.fn();
      const store = game([1], []);
      board(store, onMark);
      const cell = screen.getByRole('button', { name: 'I 16, not rolled yet' });
      // The facilitator rolls with the animation on: the state turns to roll and the ball comes.
      act(() =>
        store.set({ ...store.get(), gameState: 'roll', hideRollAnimation: false, bingoRolls: [1, 16] }),
      );
      act(() => vi.advanceTimersByTime(TUMBLE_MS - 1));
      expect(cell.getAttribute('aria-label')).toBe('I 16, not rolled yet');
      expect(cell.hasAttribute('data-rolled')).toBe(false);
      fireEvent.click(cell);
      expect(onMark).not.toHaveBeenCalled();
      // A mark made meanwhile (another phone of the player's) still paints.
      act(() => store.set({ ...store.get(), markedCells: [1] }));
      expect(screen.getByRole('button', { name: 'B 1, marked' })).toBeTruthy();

      act(() => vi.advanceTimersByTime(1));
      expect(cell.getAttribute('aria-label')).toBe('I 16, rolled');
      expect(cell.hasAttribute('data-rolled')).toBe(true);
      fireEvent.click(cell);
      expect(onMark).toHaveBeenCalledWith(16);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the announcer says a tumbling ball when it lands, as the card shows it; a hidden roll at once', () => {
    vi.useFakeTimers();
    try {
      const store = game([1], []);
      const view = show(<RollAnnouncer shown={createShownRolls(store)} />);
      const said = () => view.container.querySelector('[aria-live="assertive"]')?.textContent;
      expect(said()).toBe('Ball rolled: B 1');
      act(() =>
        store.set({ ...store.get(), gameState: 'roll', hideRollAnimation: false, bingoRolls: [1, 16] }),
      );
      act(() => vi.advanceTimersByTime(TUMBLE_MS - 1));
      // A screen reader would send its user to a cell that cannot be marked yet.
      expect(said()).toBe('Ball rolled: B 1');
      act(() => vi.advanceTimersByTime(1));
      expect(said()).toBe('Ball rolled: I 16');
      act(() =>
        store.set({ ...store.get(), gameState: 'roll', hideRollAnimation: true, bingoRolls: [1, 16, 40] }),
      );
      expect(said()).toBe('Ball rolled: N 40');
    } finally {
      vi.useRealTimers();
    }
  });

  it('arrow keys move between cells', () => {
    board(game([], []));
    const first = screen.getByRole('button', { name: 'B 1, not rolled yet' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('I 16, not rolled yet');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('I 17, not rolled yet');
  });

  it('rolled balls show letter and number, newest first, and the newest is announced', () => {
    const store = game([5, 70, 33], []);
    show(<RollAnnouncer shown={createShownRolls(store)} />);
    const row = document.createElement('ul');
    document.body.append(row);
    paintChips(row, null, [5, 70, 33], 'sm');
    const labels = () => [...row.querySelectorAll('[role="img"]')].map((b) => b.getAttribute('aria-label'));
    expect(labels()).toEqual(['N 33', 'O 70', 'B 5']);
    expect(screen.getByText('Ball rolled: N 33')).toBeTruthy();

    // A roll adds its chip in front and keeps the others (the same nodes); a new game paints anew.
    const oldest = row.lastElementChild;
    paintChips(row, [5, 70, 33], [5, 70, 33, 61], 'sm');
    expect(labels()).toEqual(['O 61', 'N 33', 'O 70', 'B 5']);
    expect(row.lastElementChild).toBe(oldest);
    act(() => store.set({ ...store.get(), bingoRolls: [5, 70, 33, 61] }));
    expect(screen.getByText('Ball rolled: O 61')).toBeTruthy();
    paintChips(row, [5, 70, 33, 61], [12], 'sm');
    expect(labels()).toEqual(['B 12']);
    // A new painter (another language) does not know the row: it paints it anew, no chip twice.
    paintChips(row, null, [12, 40], 'sm');
    expect(labels()).toEqual(['N 40', 'B 12']);
    row.remove();
  });

  it("a row that keeps three (the facilitator's) adds the roll in front and drops the fourth, the others kept", () => {
    const row = document.createElement('span');
    paintChips(row, null, [5, 70, 33, 61], 'md', 3);
    const labels = () => [...row.children].map((b) => b.getAttribute('aria-label'));
    expect(labels()).toEqual(['O 61', 'N 33', 'O 70']);
    const middle = row.children[1];
    paintChips(row, [5, 70, 33, 61], [5, 70, 33, 61, 12], 'md', 3);
    expect(labels()).toEqual(['B 12', 'O 61', 'N 33']);
    expect(row.children[2]).toBe(middle);
    expect(row.querySelector('li')).toBeNull();
  });

  it('a painted ball is the ball Ball renders', () => {
    for (const size of ['sm', 'md', 'xl'] as const) {
      const view = show(<Ball number={47} size={size} />);
      expect(ballElement(47, size).outerHTML).toBe(view.container.querySelector('[role="img"]')?.outerHTML);
      view.unmount();
    }
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

describe('timer', () => {
  it("an expired timer says 'Time is up' for a few seconds, then clears", () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00.000Z') });
    try {
      show(
        <Countdown
          store={createGameStore({
            ...initialGameState,
            endsAt: '2026-01-01T00:00:02.000Z',
            time: 2,
            isRunning: true,
          })}
        />,
      );
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
