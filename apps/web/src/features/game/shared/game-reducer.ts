import type {
  GameContent,
  GameSnapshot,
  GameStateName,
  PlayerSummary,
  PointsTable,
  QuestionState,
  QueueItem,
  RoomBranding,
  RoundRules,
  ServerMessage,
} from '@playshop/shared';
import { FREE_CELL } from '@playshop/shared';

/**
 * The live game as one browser sees it (SPEC §3 Game state): the merge of the frames the server sent,
 * nothing derived. The server owns the winners, the player count, the content queue and the marks;
 * the only local change is a mark shown at once, which the server's `marks` frame then replaces.
 */
export interface GameState {
  lobbyOpen: boolean;
  /** A join was refused with 'Lobby not open': the screen sends the player back. */
  lobbyRefused: boolean;
  gameStarted: boolean;
  /** SPEC §4: lobby, bingo, roll, content, game_over, announce_winner. */
  gameState: GameStateName;
  round: number;
  playerArr: PlayerSummary[];
  /** Players present, as the server counts them (a big room sends players the count without the list). */
  playerCount: number;
  bingoRolls: number[];
  /** The player's card (numbers, centre 0); null for staff and before a card is dealt. */
  bingoBoard: number[][] | null;
  /** The player's marked numbers, as the server keeps them; the free centre always counts. */
  markedCells: number[];
  winners: string[];
  /** Every win of the round in order, with the pattern it was for. */
  wins: GameSnapshot['wins'];
  winnerAudio: string | null;
  /** The round's prizes (win patterns) in order, the one played for, and auto-call. */
  rules: RoundRules | null;
  time: number;
  isRunning: boolean;
  isPaused: boolean;
  /** When the running timer reaches 0, in server time (ISO); every screen counts down to it. */
  endsAt: string | null;
  contentId: number | null;
  contentType: string | null;
  /** The content on screen; a question's options come without the correct one. */
  content: GameContent | null;
  /** The question on screen: this viewer's answer, closed, the correct answer once revealed, the tally. */
  question: QuestionState | null;
  /** The round's points table: staff always, players while the facilitator shows it. */
  points: PointsTable | null;
  /** Staff: what 'Send Content' sends next, in order; null until the server said. */
  queue: QueueItem[] | null;
  /** The workshop session the screens name: the content's own while it is up, else the room's. */
  sessionName: string | null;
  /** The room's own session, named again once the content leaves the screen (a roll, a new state). */
  roomSessionName: string | null;
  hideRollAnimation: boolean;
  /** The organization's look, with the room's snapshot (issue 32); null: Playshop's. */
  branding: RoomBranding | null;
  /** The game ended (End Game): the room has no game until its next lobby opens. */
  connectionClosed: boolean;
  /** The facilitator removed this player: the screen leaves the room for good. */
  removedFromRoom: boolean;
  /** The last error_event, with a counter so the same text twice is still two errors. */
  error: { text: string; count: number } | null;
  /** The highest `seq` seen: sent back on reconnect. */
  lastSeq: number;
  /** The server's PROTOCOL_VERSION from the last snapshot; null before one arrived. */
  protocolVersion: number | null;
}

export const initialGameState: GameState = {
  lobbyOpen: false,
  lobbyRefused: false,
  gameStarted: false,
  gameState: 'lobby',
  round: 0,
  playerArr: [],
  playerCount: 0,
  bingoRolls: [],
  bingoBoard: null,
  markedCells: [FREE_CELL],
  winners: [],
  wins: [],
  winnerAudio: null,
  rules: null,
  time: 0,
  isRunning: false,
  isPaused: false,
  endsAt: null,
  contentId: null,
  contentType: null,
  content: null,
  question: null,
  points: null,
  queue: null,
  sessionName: null,
  roomSessionName: null,
  hideRollAnimation: false,
  branding: null,
  connectionClosed: false,
  removedFromRoom: false,
  error: null,
  lastSeq: 0,
  protocolVersion: null,
};

/** Server frames, as `ZServerMessage` parsed them. */
export type IncomingMessage = ServerMessage;

/** Effects of the player's own actions: a tapped cell (until the server answers) and leaving. */
export type LocalAction = { type: 'mark_cell'; payload: { number: number } } | { type: 'leave_game' };

export type GameAction = IncomingMessage | LocalAction;

const withFree = (marks: readonly number[]) =>
  marks.includes(FREE_CELL) ? [...marks] : [FREE_CELL, ...marks];

const noTimer = { time: 0, isRunning: false, isPaused: false, endsAt: null } as const;
const noContent = { contentId: null, contentType: null, content: null, question: null } as const;

/** Merges what a frame says about the question on screen; a frame about another question is stale. */
function withQuestion(state: GameState, contentId: number, change: Partial<QuestionState>): GameState {
  if (state.question?.contentId !== contentId) return state;
  return { ...state, question: { ...state.question, ...change } };
}

function applySnapshot(state: GameState, snap: GameSnapshot): GameState {
  return {
    ...state,
    lobbyOpen: snap.lobbyOpen,
    lobbyRefused: false,
    gameStarted: snap.gameStarted,
    gameState: snap.gameState,
    round: snap.round,
    playerArr: snap.playerArr,
    playerCount: snap.playerCount,
    bingoRolls: snap.bingoRolls,
    bingoBoard: snap.bingoBoard,
    markedCells: withFree(snap.markedCells),
    winners: snap.winners,
    wins: snap.wins,
    winnerAudio: snap.winnerAudio,
    rules: snap.rules,
    ...(snap.timer ?? noTimer),
    contentId: snap.contentId,
    contentType: snap.contentType,
    content: snap.content,
    question: snap.question,
    points: snap.points,
    queue: snap.queue,
    sessionName: snap.sessionName,
    roomSessionName: snap.roomSessionName,
    protocolVersion: snap.protocolVersion,
    hideRollAnimation: snap.hideRollAnimation,
    connectionClosed: snap.connectionClosed,
    branding: snap.branding ?? null,
  };
}

/** The game's state after a frame or a local action; the highest `seq` seen is kept. */
export function gameReducer(state: GameState, action: GameAction): GameState {
  const next = reduce(state, action);
  if (!('seq' in action) || action.seq <= next.lastSeq) return next;
  return { ...next, lastSeq: action.seq };
}

type Handlers = {
  [T in GameAction['type']]: (state: GameState, action: Extract<GameAction, { type: T }>) => GameState;
};
const unchanged = (state: GameState) => state;

/** SPEC §4 'Incoming messages and effects', one handler per message. */
const handlers: Handlers = {
  open_lobby: (state) => ({ ...state, lobbyOpen: true, lobbyRefused: false }),
  start_game: (state, { payload }) => ({
    ...state,
    gameStarted: true,
    gameState: 'bingo',
    bingoRolls: payload.bingoRolls,
    markedCells: [FREE_CELL],
    hideRollAnimation: payload.hideRollAnimation,
  }),
  start_new_game: (state, { payload }) => ({
    ...state,
    ...noTimer,
    ...noContent,
    gameState: 'bingo',
    round: payload.round,
    bingoBoard: payload.bingoBoard,
    markedCells: [FREE_CELL],
    bingoRolls: [],
    playerArr: state.playerArr.map((p) => ({ ...p, hasBingo: false })),
    winners: [],
    wins: [],
    winnerAudio: null,
    rules: state.rules && { ...state.rules, prizeIndex: 0 },
    queue: payload.queue ?? state.queue,
    sessionName: payload.sessionName,
    roomSessionName: payload.sessionName,
  }),
  join_room: (state, { payload }) => {
    if ('message' in payload) return { ...state, lobbyOpen: false, lobbyRefused: true };
    return {
      ...state,
      lobbyRefused: false,
      gameState: 'bingo',
      bingoBoard: state.bingoBoard ?? payload.bingoBoard,
      bingoRolls: payload.bingoRolls,
      hideRollAnimation: payload.hideRollAnimation,
    };
  },
  get_random_roll: (state, { payload: { roll } }) => {
    const bingoRolls = state.bingoRolls.includes(roll) ? state.bingoRolls : [...state.bingoRolls, roll];
    return { ...leaveContent(state), bingoRolls, gameState: 'roll' };
  },
  get_timer_option: (state, { payload: { time, isRunning, isPaused, endsAt } }) => ({
    ...state,
    time,
    isRunning,
    isPaused,
    endsAt,
  }),
  get_content: (state, { payload }) => {
    const { contentId, contentType, content, question, sessionName, roomSessionName, queue } = payload;
    return {
      ...state,
      contentId,
      contentType,
      content,
      question,
      sessionName,
      roomSessionName,
      queue: queue ?? state.queue,
      gameState: 'content',
    };
  },
  user_joined: (state, { payload: { username, playerCount } }) => {
    const isListed = state.playerArr.some((p) => p.username === username);
    const playerArr = isListed
      ? state.playerArr
      : [...state.playerArr, { username, isReady: false, hasBingo: false }];
    return { ...state, playerArr, playerCount };
  },
  leave_room: (state, { payload: { username, playerCount } }) => ({
    ...state,
    playerArr: state.playerArr.filter((p) => p.username !== username),
    playerCount,
  }),
  presence: (state, { payload: { joined, left, playerCount } }) => {
    // Net changes since the room's last presence frame; a name the snapshot already had stays once.
    const gone = new Set(left);
    const kept = state.playerArr.filter((p) => !gone.has(p.username));
    const listed = new Set(kept.map((p) => p.username));
    const arrived = joined
      .filter((username) => !listed.has(username))
      .map((username) => ({ username, isReady: false, hasBingo: false }));
    return { ...state, playerArr: [...kept, ...arrived], playerCount };
  },
  game_end: (state) => ({ ...initialGameState, lastSeq: state.lastSeq, connectionClosed: true }),
  game_over: (state, { payload: { winners, wins, winnerAudio, rules } }) => ({
    ...state,
    gameState: 'game_over',
    playerArr: state.playerArr.map((p) => (winners.includes(p.username) ? { ...p, hasBingo: true } : p)),
    winners,
    wins,
    winnerAudio,
    rules,
  }),
  round_rules: (state, { payload }) => ({ ...state, rules: payload }),
  my_answer: (state, { payload }) => withQuestion(state, payload.contentId, { myAnswer: payload.choice }),
  question_tally: (state, { payload }) => withQuestion(state, payload.contentId, { tally: payload.tally }),
  question_closed: (state, { payload }) => withQuestion(state, payload.contentId, { closed: true }),
  answer_revealed: (state, { payload: { contentId, correct, tally } }) =>
    withQuestion(state, contentId, { closed: true, correct, tally }),
  points: (state, { payload }) => ({ ...state, points: payload }),
  // The facilitator removed this player: the screen says so and the socket is closed for good.
  removed: (state, { payload }) => ({
    ...initialGameState,
    lastSeq: state.lastSeq,
    connectionClosed: true,
    removedFromRoom: true,
    error: { text: payload.message, count: (state.error?.count ?? 0) + 1 },
  }),
  ready: (state, { payload: { username } }) => ({
    ...state,
    // SPEC: ready 'sets bingo'; never mid-game, where it would take a ball or content off screen.
    gameState: state.gameStarted ? state.gameState : 'bingo',
    // A player's ready can come before the room's next presence frame lists them (presence is
    // coalesced, ready is not): such a player is listed here, ready, and presence keeps them.
    playerArr: state.playerArr.some((p) => p.username === username)
      ? state.playerArr.map((p) => (p.username === username ? { ...p, isReady: true } : p))
      : [...state.playerArr, { username, isReady: true, hasBingo: false }],
  }),
  marks: (state, { payload }) => ({ ...state, markedCells: withFree(payload.markedCells) }),
  mark_cell: (state, { payload: { number } }) => {
    // Only a rolled number on the card can be marked (SPEC §4 Player marking).
    if (!state.bingoRolls.includes(number) || state.markedCells.includes(number)) return state;
    if (!state.bingoBoard?.some((row) => row.includes(number))) return state;
    return { ...state, markedCells: [...state.markedCells, number] };
  },
  Reconnected: (state, { payload }) => {
    const missed = payload.missedRolls.filter((n) => !state.bingoRolls.includes(n));
    return { ...state, bingoRolls: [...state.bingoRolls, ...missed] };
  },
  hide_roll_animation: (state, { payload }) => ({ ...state, hideRollAnimation: payload.hideRollAnimation }),
  leave_game: () => initialGameState,
  error_event: (state, { payload }) => ({
    ...state,
    error: { text: payload.error, count: (state.error?.count ?? 0) + 1 },
  }),
  pong: unchanged,
  // The connection's own business (game-connection.ts): a rolling restart's hand-over.
  move: unchanged,
  // The room's code lives in the join-code query, which use-game-socket refreshes.
  join_code: unchanged,
  set_game_state: (state, { payload }) => {
    if ('roomId' in payload) return applySnapshot(state, payload);
    return {
      ...(payload.gameState === 'content' ? state : leaveContent(state)),
      gameState: payload.gameState,
    };
  },
};

function reduce(state: GameState, action: GameAction): GameState {
  return (handlers[action.type] as (state: GameState, action: GameAction) => GameState)(state, action);
}

/** Content leaving the screen: the screens name the room's own session again (issue 28.8). */
const leaveContent = (state: GameState): GameState =>
  state.gameState === 'content' ? { ...state, sessionName: state.roomSessionName } : state;

/** Whether the room shows its win: a winner announced, or the game over. */
export const showsWin = (state: GameState) =>
  state.gameState === 'announce_winner' || state.gameState === 'game_over';
