import { MantineProvider } from '@mantine/core';
import { ZClientMessage } from '@playshop/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GameState } from '../game-reducer';
import { content, playing, show } from '../test-fixtures';
import { CentrePanel } from './centre-panel';
import { facilitatorCommands } from './commands';
import { ControlBar } from './control-bar';
import { QueuePanel } from './queue-panel';

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

  it('every command is a message of the protocol', () => {
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
