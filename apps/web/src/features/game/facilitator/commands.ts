import { type ClientCommand, type ClientMessage, commandMessage } from '@playshop/shared';

/**
 * The facilitator's commands for one room. Each is a command of GAME_COMMANDS (protocol.ts), typed
 * by its declaration and put in its frame by `commandMessage`: no message is written by hand here.
 */
export function facilitatorCommands(roomId: number, send: (message: ClientMessage) => void) {
  const command = (c: ClientCommand) => send(commandMessage(roomId, c));
  const timer = (timerOption: number, isRunning: boolean) =>
    command({ action: 'timer', timerOption, isRunning, isPaused: false });
  return {
    openLobby: () => command({ action: 'open_lobby' }),
    closeLobby: () => command({ action: 'close_lobby' }),
    startGame: () => command({ action: 'start_game' }),
    /** 'Roll': the server draws the next ball and sends it to every screen (`get_random_roll`). */
    getRoll: () => command({ action: 'get_roll' }),
    /** The head of the server's queue; the server moves the room on when a session runs out. */
    sendNextContent: () => command({ action: 'send_next_content' }),
    startTimer: (seconds: number) => timer(seconds, true),
    cancelTimer: () => timer(0, false),
    announceWinner: () => command({ action: 'game_state', gameState: 'announce_winner' }),
    /** Close on the win screen: back to the board. */
    backToBingo: () => command({ action: 'game_state', gameState: 'bingo' }),
    hideRollAnimation: (hidden: boolean) => command({ action: 'hide_roll_animation', hidden }),
    startNewGame: () => command({ action: 'start_new_game' }),
    endGame: () => command({ action: 'game_over' }),
    removePlayer: (username: string) => command({ action: 'remove_player', username }),
    closeQuestion: (contentId: number) => command({ action: 'close_question', contentId }),
    revealAnswer: (contentId: number) => command({ action: 'reveal_answer', contentId }),
    /** Puts the round's points table on every screen, or takes it off. */
    setPointsTable: (shown: boolean) => command({ action: 'set_points_table', shown }),
  };
}

export type FacilitatorCommands = ReturnType<typeof facilitatorCommands>;
