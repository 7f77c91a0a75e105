import type {
  ContentReply,
  GameSnapshot,
  GameStateName,
  PlayerSummary,
  ServerPayloads,
} from '@playshop/shared';
import { FREE_CELL } from '@playshop/shared';

/** One square of the player's card (SPEC §3: each cell has a Number and Marked). */
export interface BoardCell {
  number: number;
  marked: boolean;
}

/**
 * The live game as one browser sees it (SPEC §3 Game state). The server is authoritative: this is
 * only the fold of the frames it sent, plus the player's own marks, which never leave the device
 * (a claim is checked against the stored card and rolls, not against marks).
 */
export interface GameState {
  lobbyOpen: boolean;
  /** A join was refused with 'Lobby not open': the screen sends the player back. */
  lobbyRefused: boolean;
  gameStarted: boolean;
  /** SPEC §4: lobby, bingo, roll, content, game_over, announce_winner; any other value shows the board. */
  gameState: GameStateName;
  round: number;
  playerArr: PlayerSummary[];
  /**
   * Players present. Equal to the list's length, except for a player in a room past the lobby list
   * limit, whose snapshot carries the count without the list.
   */
  playerCount: number;
  bingoRolls: number[];
  bingoBoard: BoardCell[][] | null;
  /** Numbers marked on the card; starts as [0], the free centre. */
  markedCells: number[];
  winners: string[];
  winnerAudio: string | null;
  time: number;
  isRunning: boolean;
  isPaused: boolean;
  /** When the running timer reaches 0, in server time (ISO); every screen counts down to it. */
  endsAt: string | null;
  contentId: number | null;
  contentType: string | null;
  /** The sent item itself, when the server included it in the frame. */
  content: ContentReply | null;
  /**
   * Content sent this round (staff only), so a reloaded facilitator screen queues only the rest;
   * null until the first snapshot says.
   */
  sentContentIds: number[] | null;
  /** The workshop session the room is on, from the last snapshot. */
  sessionName: string | null;
  hideRollAnimation: boolean;
  connectionClosed: boolean;
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
  winnerAudio: null,
  time: 0,
  isRunning: false,
  isPaused: false,
  endsAt: null,
  contentId: null,
  contentType: null,
  content: null,
  sentContentIds: null,
  sessionName: null,
  hideRollAnimation: false,
  connectionClosed: false,
  error: null,
  lastSeq: 0,
  protocolVersion: null,
};

/** Frames as the server sends them; `content` rides along on get_content and full snapshots. */
type IncomingPayloads = Omit<ServerPayloads, 'get_content' | 'set_game_state'> & {
  get_content: ServerPayloads['get_content'] & { content?: ContentReply | null };
  set_game_state: (GameSnapshot & { content?: ContentReply | null }) | { gameState: GameStateName };
};
export type IncomingMessage = {
  [K in keyof IncomingPayloads]: { type: K; payload: IncomingPayloads[K]; seq?: number };
}[keyof IncomingPayloads];

/** The spec's client-side messages: effects of the player's own actions and of leaving. */
export type LocalAction =
  | { type: 'mark_cell'; payload: { number: number } }
  | { type: 'update_board' }
  | { type: 'timer_running'; payload: { isRunning: boolean } }
  | { type: 'leave_game' };

export type GameAction = IncomingMessage | LocalAction;

/** A card of numbers (centre 0) as cells; cells in `marked` start marked (the centre always). */
export function toBoard(card: number[][], marked: readonly number[] = []): BoardCell[][] {
  return card.map((row) =>
    row.map((number) => ({ number, marked: number === FREE_CELL || marked.includes(number) })),
  );
}

const boardNumbers = (board: BoardCell[][] | null): number[][] | null =>
  board ? board.map((row) => row.map((cell) => cell.number)) : null;

const sameCard = (a: number[][] | null, b: number[][] | null) => JSON.stringify(a) === JSON.stringify(b);

function addPlayer(players: PlayerSummary[], username: string): PlayerSummary[] {
  if (players.some((p) => p.username === username)) return players;
  return [...players, { username, isReady: false, hasBingo: false }];
}

/** A new player list, with the count moved by as many as joined or left. */
const withPlayerList = (state: GameState, playerArr: PlayerSummary[]) => ({
  playerArr,
  playerCount: state.playerCount + playerArr.length - state.playerArr.length,
});

function mergeRolls(rolls: number[], more: number[]): number[] {
  const merged = [...rolls];
  for (const n of more) if (!merged.includes(n)) merged.push(n);
  return merged;
}

function markNumbers(state: GameState, numbers: readonly number[]): GameState {
  if (!state.bingoBoard) return state;
  const wanted = new Set(numbers);
  const bingoBoard = state.bingoBoard.map((row) =>
    row.map((cell) => (wanted.has(cell.number) && !cell.marked ? { ...cell, marked: true } : cell)),
  );
  const markedCells = mergeRolls(
    state.markedCells,
    bingoBoard
      .flat()
      .filter((c) => c.marked && c.number !== FREE_CELL)
      .map((c) => c.number),
  );
  return { ...state, bingoBoard, markedCells };
}

/** A full snapshot (join, reconnect) replaces the room; the player's own marks survive if the card is the same. */
function applySnapshot(state: GameState, snap: GameSnapshot & { content?: ContentReply | null }): GameState {
  const keepMarks = sameCard(boardNumbers(state.bingoBoard), snap.bingoBoard);
  const marks = keepMarks ? state.markedCells.filter((n) => snap.bingoRolls.includes(n)) : [FREE_CELL];
  const timer = snap.timer;
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
    bingoBoard: snap.bingoBoard ? toBoard(snap.bingoBoard, marks) : null,
    markedCells: mergeRolls([FREE_CELL], marks),
    winners: snap.winners,
    time: timer?.time ?? 0,
    isRunning: timer?.isRunning ?? false,
    isPaused: timer?.isPaused ?? false,
    endsAt: timer?.endsAt ?? null,
    contentId: snap.contentId,
    contentType: snap.contentType,
    content: snap.content ?? (snap.contentId === state.contentId ? state.content : null),
    sentContentIds: snap.sentContentIds ?? [],
    protocolVersion: snap.protocolVersion ?? null,
    sessionName: snap.sessionName ?? state.sessionName,
    hideRollAnimation: snap.hideRollAnimation,
    connectionClosed: snap.connectionClosed,
  };
}

/** SPEC §4 'Incoming messages and effects', one case per message. */
export function gameReducer(state: GameState, action: GameAction): GameState {
  const seq = 'seq' in action && typeof action.seq === 'number' ? action.seq : undefined;
  const next = reduce(state, action);
  if (seq === undefined || seq <= next.lastSeq) return next;
  return { ...next, lastSeq: seq };
}

function reduce(state: GameState, action: GameAction): GameState {
  switch (action.type) {
    case 'open_lobby':
      return { ...state, lobbyOpen: true, lobbyRefused: false };
    case 'start_game':
      return {
        ...state,
        gameStarted: true,
        gameState: 'bingo',
        bingoRolls: action.payload.bingoRolls,
        markedCells: [FREE_CELL],
        bingoBoard: state.bingoBoard ? toBoard(boardNumbers(state.bingoBoard)!) : null,
        hideRollAnimation: action.payload.hideRollAnimation,
      };
    case 'start_new_game':
      return {
        ...state,
        gameState: 'bingo',
        round: action.payload.round,
        bingoBoard: action.payload.bingoBoard ? toBoard(action.payload.bingoBoard) : null,
        markedCells: [FREE_CELL],
        bingoRolls: [],
        playerArr: state.playerArr.map((p) => ({ ...p, hasBingo: false })),
        winners: [],
        winnerAudio: null,
        sentContentIds: [],
      };
    case 'join_room': {
      const payload = action.payload;
      if ('message' in payload) return { ...state, lobbyOpen: false, lobbyRefused: true };
      return {
        ...state,
        lobbyRefused: false,
        ...withPlayerList(state, addPlayer(state.playerArr, payload.username)),
        gameState: 'bingo',
        bingoBoard: state.bingoBoard ?? (payload.bingoBoard ? toBoard(payload.bingoBoard) : null),
        bingoRolls: payload.bingoRolls,
        hideRollAnimation: payload.hideRollAnimation,
      };
    }
    case 'get_random_roll':
      return { ...state, bingoRolls: mergeRolls(state.bingoRolls, [action.payload.roll]), gameState: 'roll' };
    case 'get_timer_option':
      return {
        ...state,
        time: action.payload.time,
        isRunning: action.payload.isRunning,
        isPaused: action.payload.isPaused,
        endsAt: action.payload.endsAt,
      };
    case 'get_content':
      return {
        ...state,
        contentId: action.payload.contentId,
        contentType: action.payload.contentType,
        content: action.payload.content ?? null,
        sentContentIds:
          state.sentContentIds === null || state.sentContentIds.includes(action.payload.contentId)
            ? state.sentContentIds
            : [...state.sentContentIds, action.payload.contentId],
        gameState: 'content',
      };
    case 'leave_room':
      return {
        ...state,
        ...withPlayerList(
          state,
          state.playerArr.filter((p) => p.username !== action.payload.username),
        ),
      };
    case 'game_end':
      return { ...initialGameState, lastSeq: state.lastSeq, connectionClosed: true };
    case 'game_over': {
      const { username, winnerAudio } = action.payload;
      return {
        ...state,
        gameState: 'game_over',
        playerArr: state.playerArr.map((p) => (p.username === username ? { ...p, hasBingo: true } : p)),
        winners: state.winners.includes(username) ? state.winners : [...state.winners, username],
        winnerAudio,
      };
    }
    case 'ready':
      return {
        ...state,
        gameState: 'bingo',
        playerArr: state.playerArr.map((p) =>
          p.username === action.payload.username ? { ...p, isReady: true } : p,
        ),
      };
    case 'mark_cell':
      // Only a rolled number can be marked (SPEC §4 Player marking).
      if (!state.bingoRolls.includes(action.payload.number)) return state;
      return markNumbers(state, [action.payload.number]);
    case 'update_board':
      return markNumbers(state, state.bingoRolls);
    case 'user_joined':
      return { ...state, ...withPlayerList(state, addPlayer(state.playerArr, action.payload.username)) };
    case 'Reconnected':
      return { ...state, bingoRolls: mergeRolls(state.bingoRolls, action.payload.missedRolls) };
    case 'timer_running':
      return { ...state, isRunning: action.payload.isRunning };
    case 'hide_roll_animation':
      return { ...state, hideRollAnimation: action.payload.hideRollAnimation };
    case 'leave_game':
      return initialGameState;
    case 'error_event':
      return { ...state, error: { text: action.payload.error, count: (state.error?.count ?? 0) + 1 } };
    case 'set_game_state': {
      const payload = action.payload;
      if ('roomId' in payload) return applySnapshot(state, payload);
      return { ...state, gameState: payload.gameState };
    }
  }
}
