import { type ClientMessage, ZClientMessage } from '@playshop/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { type ComponentProps, useMemo } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { content, itemTexts, quiz as oneQuiz, playing, show } from '../../../test/game-fixtures';
import type { GameState } from '../shared/game-reducer';
import { createGameStore, type GameStore } from '../shared/game-store';
import { createShownRolls } from '../shared/shown-rolls';
import { CentrePanel } from './centre-panel';
import { facilitatorCommands } from './commands';
import { ControlBar } from './control-bar';
import { PointsPanel } from './points-panel';
import { QueuePanel } from './queue-panel';

const noQuestion = { onCloseQuestion: () => {}, onRevealAnswer: () => {} };
const game = (state: GameState) => createGameStore(state);

/** The centre as the page gives it: with the page's balls-shown store. */
function Centre({ store, ...props }: Omit<ComponentProps<typeof CentrePanel>, 'shown'>) {
  const shown = useMemo(() => createShownRolls(store), [store]);
  return <CentrePanel store={store} shown={shown} {...props} />;
}

describe('facilitator panels', () => {
  it('the win screen for the facilitator too, as soon as someone has bingo; Close goes back to the board', () => {
    const onCloseWin = vi.fn();
    show(
      <Centre
        store={game({ ...playing, gameState: 'game_over', winners: ['ann'] })}
        onCloseWin={onCloseWin}
        {...noQuestion}
      />,
    );
    expect(screen.getByText('ann has won the game!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onCloseWin).toHaveBeenCalled();
  });

  it('the centre paints the last three balls newest first and the count, small from the tenth, anew for a new game', () => {
    const store = game({ ...playing, bingoRolls: [] });
    show(<Centre store={store} onCloseWin={() => {}} {...noQuestion} />);
    const group = screen.getByRole('group', { name: 'Last three balls' });
    const balls = () =>
      within(group)
        .queryAllByRole('img')
        .map((ball) => `${ball.getAttribute('aria-label')} ${ball.dataset.size}`);
    expect(screen.getByText('No balls rolled yet')).toBeTruthy();
    expect(screen.getByText('0 of 75 rolled')).toBeTruthy();
    const rolls: number[] = [];
    for (const n of [5, 17, 33, 48, 62, 1, 20, 40, 55]) {
      rolls.push(n);
      act(() => store.set({ ...playing, bingoRolls: [...rolls] }));
    }
    expect(screen.getByText('No balls rolled yet').hidden).toBe(true);
    expect(balls()).toEqual(['G 55 md', 'N 40 md', 'I 20 md']);
    // A frame that changes no roll leaves the balls' nodes as they are.
    const first = within(group).getAllByRole('img')[0];
    act(() => store.set({ ...store.get(), gameState: 'bingo' }));
    expect(within(group).getAllByRole('img')[0]).toBe(first);
    act(() => store.set({ ...playing, bingoRolls: [...rolls, 70] }));
    expect(balls()).toEqual(['O 70 sm', 'G 55 sm', 'N 40 sm']);
    expect(screen.getByText('10 of 75 rolled')).toBeTruthy();
    act(() => store.set({ ...playing, bingoRolls: [] }));
    expect(balls()).toEqual([]);
    expect(screen.getByText('No balls rolled yet')).toBeTruthy();
    expect(screen.getByText('0 of 75 rolled')).toBeTruthy();
  });

  it('the centre shows the content on screen, and none after a new game cleared it', () => {
    const view = show(<Centre store={game({ ...playing, content })} onCloseWin={() => {}} {...noQuestion} />);
    expect(screen.getByText('Sent content: Exits')).toBeTruthy();
    view.unmount();
    show(<Centre store={game({ ...playing, content: null })} onCloseWin={() => {}} {...noQuestion} />);
    expect(screen.queryByText(/Sent content/)).toBeNull();
  });

  it("the queue is the server's: titles in order, 'No Content Remaining' when empty, Send Content sends the next", () => {
    const onSend = vi.fn();
    const queue = [
      { contentId: 4, contentType: 'OTHER', title: 'Exits' },
      { contentId: 6, contentType: 'VIDEO', title: 'Drill' },
    ];
    const view = show(<QueuePanel store={game({ ...playing, queue })} onSend={onSend} />);
    const list = screen.getByRole('list', { name: 'Content queue' });
    expect(itemTexts(list)).toEqual(['Exits', 'Drill']);
    fireEvent.click(screen.getByRole('button', { name: 'Send Content' }));
    expect(onSend).toHaveBeenCalledTimes(1);
    view.unmount();
    show(<QueuePanel store={game({ ...playing, queue: [] })} onSend={onSend} />);
    expect(screen.getByText('No Content Remaining')).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Send Content' });
    expect(send.getAttribute('aria-disabled')).toBe('true');
    expect(send.hasAttribute('data-off')).toBe(true);
    fireEvent.click(send);
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('Send Content is off while the ball is shown and keeps the keyboard focus; a click then sends nothing', () => {
    const onSend = vi.fn();
    const queue = [{ contentId: 4, contentType: 'OTHER', title: 'Exits' }];
    const store = game({ ...playing, queue });
    show(<QueuePanel store={store} onSend={onSend} />);
    const send = screen.getByRole('button', { name: 'Send Content' });
    send.focus();
    act(() => store.set({ ...playing, queue, gameState: 'roll' }));
    expect(send.getAttribute('aria-disabled')).toBe('true');
    // Drawn off (game-button.module.css), and not by Mantine's data-disabled (see there).
    expect(send.hasAttribute('data-off')).toBe(true);
    expect(send.hasAttribute('data-disabled')).toBe(false);
    fireEvent.click(send);
    expect(onSend).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(send);
    act(() => store.set({ ...playing, queue, gameState: 'bingo' }));
    expect(send.getAttribute('aria-disabled')).toBe('false');
    expect(send.hasAttribute('data-off')).toBe(false);
    fireEvent.click(send);
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  /** The control bar of room 7, as its page's route gives it the room. */
  const barOf = (store: GameStore, send: (m: ClientMessage) => void, onEndGame: () => void) => (
    <MemoryRouter initialEntries={['/Acme%20Co/facilitator/online/rooms/play-game/7']}>
      <Routes>
        <Route
          path="/:org/facilitator/online/rooms/play-game/:roomId"
          element={<ControlBar store={store} send={send} musicUrl={null} onEndGame={onEndGame} />}
        />
      </Routes>
    </MemoryRouter>
  );
  function bar(state: GameState, onEndGame = vi.fn()) {
    const sent: unknown[] = [];
    const store = createGameStore(state);
    show(barOf(store, (m) => sent.push(m), onEndGame));
    return { sent, store, onEndGame };
  }
  /** The room in another state (the server's answer). */
  const showAgain = (store: GameStore, state: GameState) => act(() => store.set(state));

  it('Roll asks for a ball and stays off while it is shown; the server brings the board back', () => {
    const { sent, store } = bar(playing);
    const roll = () => screen.getByRole('button', { name: 'Roll' });
    fireEvent.click(roll());
    expect(sent).toEqual([{ type: 'game_event', payload: { action: 'get_roll', roomId: 7 } }]);
    // Asked, not answered yet: no second request, though Roll keeps the keyboard's focus.
    roll().focus();
    expect(roll().getAttribute('aria-disabled')).toBe('true');
    // Drawn off by data-off, not Mantine's data-disabled (game-button.module.css says why).
    expect(roll().hasAttribute('data-off')).toBe(true);
    expect(roll().hasAttribute('data-disabled')).toBe(false);
    fireEvent.click(roll());
    expect(sent).toHaveLength(1);
    showAgain(store, { ...playing, gameState: 'roll', bingoRolls: [1, 17, 40] });
    expect(roll().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(roll());
    expect(sent).toHaveLength(1);
    expect(document.activeElement).toBe(roll());
    showAgain(store, { ...playing, gameState: 'bingo', bingoRolls: [1, 17, 40] });
    expect(roll().getAttribute('aria-disabled')).toBe('false');
    expect(roll().hasAttribute('data-off')).toBe(false);
    fireEvent.click(roll());
    expect(sent).toHaveLength(2);
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
    expect(within(end).getByText(/Phones stay in the room and join its next lobby/)).toBeTruthy();
    fireEvent.click(within(end).getByText('End Game'));
    expect(onEndGame).toHaveBeenCalled();
  }, 15_000);

  it("the timer's Cancel, Announce Winner and the animation switch send the commands the protocol declares", () => {
    const { sent } = bar({ ...playing, winners: ['ann'] });
    fireEvent.click(screen.getByText('Cancel Timer').closest('button')!);
    fireEvent.click(screen.getByText('Announce Winner').closest('button')!);
    fireEvent.click(screen.getByRole('switch', { name: 'Hide roll animation' }));
    expect(sent).toEqual([
      {
        type: 'content_event',
        payload: { action: 'timer', timerOption: 0, isRunning: false, isPaused: false, roomId: 7 },
      },
      { type: 'game_event', payload: { action: 'game_state', gameState: 'announce_winner', roomId: 7 } },
      { type: 'game_event', payload: { action: 'hide_roll_animation', hidden: true, roomId: 7 } },
    ]);
  });

  it('every command is a message of the protocol', () => {
    const sent: unknown[] = [];
    const commands = facilitatorCommands(7, (m) => sent.push(m));
    commands.openLobby();
    commands.closeLobby();
    commands.startGame();
    commands.sendNextContent();
    commands.backToBingo();
    commands.endGame();
    commands.removePlayer('ann');
    commands.closeQuestion(12);
    commands.revealAnswer(12);
    commands.setPointsTable(true);
    expect(sent).toHaveLength(10);
    for (const message of sent) expect(ZClientMessage.safeParse(message).success).toBe(true);
    expect(sent[3]).toEqual({ type: 'content_event', payload: { action: 'send_next_content', roomId: 7 } });
  });

  const quiz = { ...oneQuiz, title: 'Fire quiz' };

  it('a question shows its live tally with Close answers and Reveal answer; the correct one only once revealed', async () => {
    const onCloseQuestion = vi.fn();
    const onRevealAnswer = vi.fn();
    const tally = [
      { answerId: 31, count: 2 },
      { answerId: 32, count: 1 },
    ];
    const open = { contentId: 12, myAnswer: null, closed: false, correct: null, tally };
    const view = show(
      <Centre
        store={game({ ...playing, gameState: 'content', content: quiz, question: open })}
        onCloseWin={() => {}}
        onCloseQuestion={onCloseQuestion}
        onRevealAnswer={onRevealAnswer}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Which way out?' })).toBeTruthy();
    expect(screen.getByText('3 answers')).toBeTruthy();
    const rows = within(
      await screen.findByRole('table', { name: 'Answers so far' }, { timeout: 10_000 }),
    ).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['AThe door2', 'BThe lift1']);
    expect(screen.queryByText(/The correct answer/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close answers' }));
    expect(onCloseQuestion).toHaveBeenCalledWith(12);
    fireEvent.click(screen.getByRole('button', { name: 'Reveal answer' }));
    expect(onRevealAnswer).toHaveBeenCalledWith(12);
    view.unmount();
    show(
      <Centre
        store={game({
          ...playing,
          gameState: 'content',
          content: quiz,
          question: { ...open, closed: true, correct: 31 },
        })}
        onCloseWin={() => {}}
        {...noQuestion}
      />,
    );
    expect(screen.getByText('The correct answer: The door')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close answers' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Reveal answer' }).hasAttribute('disabled')).toBe(true);
  });

  it('the points table as the server counts it, with the switch that shows it on every screen', () => {
    const onShow = vi.fn();
    const view = show(<PointsPanel points={{ shown: false, rows: [] }} onShow={onShow} />);
    expect(screen.getByText('No points yet this round')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Show the points on every screen' }));
    expect(onShow).toHaveBeenCalledWith(true);
    view.unmount();
    show(
      <PointsPanel
        points={{ shown: true, rows: [{ username: 'ann', correctAnswers: 1, wins: 1, points: 6 }] }}
        onShow={onShow}
      />,
    );
    expect(screen.getByRole('switch', { name: 'Show the points on every screen' })).toHaveProperty(
      'checked',
      true,
    );
    const row = within(screen.getByRole('table', { name: 'Points' })).getAllByRole('row')[1]!;
    expect(row.textContent).toBe('ann1 right · 1 bingo6');
  });
});
