/**
 * What only the web screens say or use; every text the server also speaks is GAME_TEXTS in
 * @playshop/shared.
 */
export const SCREEN_TEXTS = {
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  retry: 'Retry',
  noBallsYet: 'No balls rolled yet',
  /** The facilitator's and the presenter's lobby: who said Ready on their phone. */
  readyCount: (ready: number, total: number) => `${ready} of ${total} ready`,
  ready: 'Ready',
  /** The phone's lobby: the player says they are ready to start (SPEC `ready`). */
  imReady: "I'm ready",
  youAreReady: 'You are ready: the game starts soon',
  /** The sheet above the card that holds sent content (the content names itself inside). */
  contentSheet: 'From the facilitator',
  youHaveBingo: 'You have bingo!',
  /** Said to everyone but the winners, instead of a badge that reads as their own. */
  hasBingo: (names: string[]) => `${names.join(', ')} ${names.length === 1 ? 'has' : 'have'} bingo`,
  roomClosedBack: 'The facilitator has ended the game. Back to your rooms.',
  /** A phone in the room between games: it joins the next lobby by itself. */
  waitForNextGame:
    'This game has ended. Keep this screen open: you join the next game here when the lobby opens.',
  confirmNewGame: {
    title: 'Start a new game?',
    body: 'Every player gets a new card: the rolled balls, marks and winners of this game are cleared.',
    confirm: 'Start New Game',
  },
  confirmRemovePlayer: (name: string) => ({
    title: `Remove ${name}?`,
    body: `${name} leaves the room and loses their card; they cannot join this game again.`,
    confirm: 'Remove',
  }),
  confirmEndGame: {
    title: 'End the game?',
    body: 'The game ends for everyone. Phones stay in the room and join its next lobby when you open it.',
    confirm: 'End Game',
  },
  confirmCloseLobby: {
    title: 'Close the lobby?',
    body: 'The game ends for everyone in the room. Phones stay in the room and join its next lobby.',
    confirm: 'Close Lobby',
  },
} as const;

export const WINNER_VOLUME = 0.5;
/** How long an expired timer stays at 0:00 'Time is up' before it clears. */
export const TIMER_EXPIRED_SHOW_MS = 5_000;
