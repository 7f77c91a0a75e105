import type { ClientMessage } from '@playshop/shared';

/** The facilitator's commands for one room, as the protocol's messages. */
export function facilitatorCommands(roomId: number, send: (message: ClientMessage) => void) {
  const game = (payload: Record<string, unknown> & { action: string }) =>
    send({ type: 'game_event', payload: { ...payload, roomId } } as ClientMessage);
  const timer = (timerOption: number, isRunning: boolean) =>
    send({
      type: 'content_event',
      payload: { action: 'timer', roomId, timerOption, isRunning, isPaused: false },
    });
  return {
    openLobby: () => send({ type: 'room_event', payload: { action: 'open_lobby', roomId } }),
    closeLobby: () => send({ type: 'room_event', payload: { action: 'close_lobby', roomId } }),
    startGame: () => game({ action: 'start_game' }),
    roll: () => game({ action: 'get_roll' }),
    /** The head of the server's queue; the server moves the room on when a session runs out. */
    sendNextContent: () => send({ type: 'content_event', payload: { action: 'send_next_content', roomId } }),
    startTimer: (seconds: number) => timer(seconds, true),
    cancelTimer: () => timer(0, false),
    announceWinner: () => game({ action: 'game_state', gameState: 'announce_winner' }),
    /** Close on the win screen: back to the board. */
    backToBingo: () => game({ action: 'game_state', gameState: 'bingo' }),
    hideRollAnimation: (hidden: boolean) => game({ action: 'hide_roll_animation', hidden }),
    startNewGame: () => game({ action: 'start_new_game' }),
    endGame: () => game({ action: 'game_over' }),
    removePlayer: (username: string) => game({ action: 'remove_player', username }),
    closeQuestion: (contentId: number) =>
      send({ type: 'content_event', payload: { action: 'close_question', roomId, contentId } }),
    revealAnswer: (contentId: number) =>
      send({ type: 'content_event', payload: { action: 'reveal_answer', roomId, contentId } }),
    /** Puts the round's points table on every screen, or takes it off. */
    setPointsTable: (shown: boolean) => game({ action: 'set_points_table', shown }),
  };
}

export type FacilitatorCommands = ReturnType<typeof facilitatorCommands>;
