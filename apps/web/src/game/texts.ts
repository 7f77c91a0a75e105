/** The game's texts of SPEC §2 and §8, written once. */
export const GAME_TEXTS = {
  wsConnecting: 'Connecting to websocket',
  wsConnected: 'Connected to websocket',
  wsFailedToConnect: 'Failed to connect to websocket',
  wsAttemptingReconnect: 'Attempting to reconnect to websocket',
  wsReconnected: 'Reconnected to websocket',
  wsFailedToReconnect: 'Failed to reconnect to websocket',
  wsDisconnected: 'Disconnected from websocket',
  wsClosedUnexpectedly: 'Websocket connection closed unexpectedly',
  lobbyNotOpen: 'Lobby not open',
  roomClosed: 'Room Closed',
  waitingForFacilitator: 'Waiting for facilitator...',
  leavingRoom: 'Leaving Room',
  endingGame: 'Ending Game',
  openingLobby: 'Opening Lobby',
  gameStarted: 'Game Started',
  selectTime: 'Please select a time',
  noContentRemaining: 'No Content Remaining',
  congratulations: 'Congratulations!',
  weHaveAWinner: 'We have a winner!',
  hasWon: (name: string) => `${name} has won the game!`,
  errorJoining: 'Error joining room',
  roomCreated: 'Room created successfully',
  updated: 'Playshop has been updated. Reload this page to keep playing.',
} as const;

/** SPEC §9: the roll animation runs 12 s, or 1 s when hidden. */
export const ROLL_ANIMATION_MS = 12_000;
export const ROLL_HIDDEN_MS = 1_000;
export const WINNER_VOLUME = 0.5;
