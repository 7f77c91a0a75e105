import type { ClientMessage } from '@playshop/shared';
import { roomCommand } from '../shared/game-connection';

/**
 * The facilitator's commands that the room's pages hand to their panels as callbacks (lobby, start,
 * players, content, questions, points, end). Each is a command of GAME_COMMANDS (protocol.ts), sent
 * through `roomCommand` (typed by its declaration, no message written by hand here). The control
 * bar sends its own the same way, at its buttons.
 */
export function facilitatorCommands(roomId: number, send: (message: ClientMessage) => void) {
  const command = roomCommand(roomId, send);
  return {
    openLobby: () => command({ action: 'open_lobby' }),
    closeLobby: () => command({ action: 'close_lobby' }),
    startGame: () => command({ action: 'start_game' }),
    /** The head of the server's queue; the server moves the room on when a session runs out. */
    sendNextContent: () => command({ action: 'send_next_content' }),
    /** Close on the win screen: back to the board. */
    backToBingo: () => command({ action: 'game_state', gameState: 'bingo' }),
    endGame: () => command({ action: 'game_over' }),
    removePlayer: (username: string) => command({ action: 'remove_player', username }),
    closeQuestion: (contentId: number) => command({ action: 'close_question', contentId }),
    revealAnswer: (contentId: number) => command({ action: 'reveal_answer', contentId }),
    /** Puts the round's points table on every screen, or takes it off. */
    setPointsTable: (shown: boolean) => command({ action: 'set_points_table', shown }),
  };
}

export type FacilitatorCommands = ReturnType<typeof facilitatorCommands>;
