import { english } from '@playshop/messages/english';
import {
  type ContentReply,
  type GameContent,
  type GameSnapshot,
  keyFields,
  type Language,
  message,
  type PointsTable,
  PROTOCOL_VERSION,
  type QuestionState,
  type QueueItem,
  type RoomBranding,
  type RoundRules,
  type ServerFrame,
  type ServerMessageType,
  type ServerPayloads,
} from '@playshop/shared';
import {
  betweenGames,
  currentSession,
  type EventOf,
  type GameEvent,
  type GameState,
  markedCells,
  namedSession,
  pointsTable,
  type QuestionKey,
  questionKeys,
  queueOf,
  type RoomPlan,
  tallyOf,
  timerRemaining,
} from './engine';

/**
 * Who receives a frame: everyone in the room, its staff, its players, one user (cards are private),
 * or 'lobby': everyone while the room's sockets are workshop-sized, else staff (LOBBY_LIST_LIMIT).
 */
export type Audience = 'all' | 'staff' | 'players' | 'lobby' | number;
type Frame<T extends ServerMessageType = ServerMessageType> = { to: Audience; message: ServerFrame<T> };

/** What a room knows beside its state: the workshop it delivers and that content, presented. */
export interface RoomView {
  roomId: number;
  plan: RoomPlan;
  content: ReadonlyMap<number, ContentReply>;
  /** The key of each question of the plan, for the engine. */
  questions: ReadonlyMap<number, QuestionKey>;
  branding: RoomBranding | null;
  language?: Language;
}

export const roomView = (
  roomId: number,
  setup: {
    plan: RoomPlan;
    content: ReadonlyMap<number, ContentReply>;
    branding?: RoomBranding | null;
    language?: Language;
  },
): RoomView => ({
  roomId,
  plan: setup.plan,
  content: setup.content,
  questions: questionKeys(setup.content),
  branding: setup.branding ?? null,
  language: setup.language,
});

/**
 * Content as a frame carries it, built field by field so nothing rides along: players never receive
 * a facilitator's script, and nobody receives a question's correct answer (`answer_revealed` tells it).
 */
function gameContent(content: ContentReply | null, staff: boolean): GameContent | null {
  if (!content) return null;
  const { question } = content;
  return {
    ...content,
    script: staff ? content.script : null,
    question: question && {
      id: question.id,
      question: question.question,
      contentId: question.contentId,
      answers: question.answers.map(({ id, name, url }) => ({ id, name, url })),
    },
  };
}

/**
 * Players see who comes and goes while a room is workshop-sized. In a big room every arrival sent to
 * every phone costs players² frames (4 million for 2,000 players) for a list nobody can read, so
 * past this many players only staff get the arrivals; players keep the count from their snapshot.
 */
export const LOBBY_LIST_LIMIT = 200;
// 'lobby' is decided again where the frame is written, by the sockets there: during a join storm the
// count of players present lags far behind the sockets already waiting in the room.
const lobbyAudience = (state: GameState): Audience =>
  state.presentCount <= LOBBY_LIST_LIMIT ? 'lobby' : 'staff';

/** What an event's frames are made from: the state right after it, the clock, the room, its seq. */
interface After {
  state: GameState;
  now: Date;
  view: RoomView;
  seq: number;
  /** The event before this one in the same command. */
  previous?: GameEvent;
}

/** One frame of a kind to an audience: the payload is checked against the kind. */
const frame = <T extends ServerMessageType>(
  to: Audience,
  type: T,
  payload: ServerPayloads[T],
  seq: number,
): Frame<T> => ({ to, message: { type, payload, seq } });

/**
 * One server message as the wire carries it, typed by its kind: every frame a room or a socket
 * sends outside `framesFor` is built here. `seq` 0 for a socket's own replies (no room event).
 */
export const wire = <T extends ServerMessageType>(type: T, payload: ServerPayloads[T], seq = 0): string =>
  JSON.stringify({ type, payload, seq });
const sessionName = (state: GameState, view: RoomView) => namedSession(state, view.plan)?.name ?? null;
const roomSessionName = (state: GameState, view: RoomView) => currentSession(state, view.plan)?.name ?? null;
const queue = (state: GameState, view: RoomView): QueueItem[] => queueOf(state, view.plan);

/** The frames every screen gets about one event kind. */
type FrameRules = { [T in GameEvent['type']]: (event: EventOf<T>, after: After) => Frame[] };

/** A frame to everyone. */
const toAll =
  <T extends ServerMessageType>(type: T, payload: (after: After) => ServerPayloads[T]) =>
  (_: unknown, after: After): Frame<T>[] => [frame('all', type, payload(after), after.seq)];

function playerJoinedFrames(event: { userId: number }, { state, seq }: After): Frame[] {
  const player = state.players.get(event.userId)!;
  const joined = {
    username: player.username,
    bingoBoard: player.card,
    bingoRolls: state.rolls,
    hideRollAnimation: state.hideRollAnimation,
  };
  const arrival = { username: player.username, playerCount: state.presentCount };
  return [
    frame(event.userId, 'join_room', joined, seq),
    frame(lobbyAudience(state), 'user_joined', arrival, seq),
  ];
}

/** Staff see the round change with the queue refilled; each player gets their own new card. */
function newRoundFrames(event: EventOf<'new_round'>, { state, view, seq }: After): Frame[] {
  const round = { round: state.round, sessionName: sessionName(state, view) };
  return [
    frame('staff', 'start_new_game', { ...round, bingoBoard: null, queue: queue(state, view) }, seq),
    ...Object.entries(event.cards).map(([userId, card]) =>
      frame(Number(userId), 'start_new_game', { ...round, bingoBoard: card, queue: null }, seq),
    ),
    ...pointsFrames(state, seq),
  ];
}

/** The lobby, its players and their cards. */
const PLAYER_FRAMES = {
  // Always a new game's first event: every screen still on the last game (a presenter, a phone
  // kept open, a second facilitator) starts again from the room as it is now, with no reload.
  lobby_opened: (_, { state, now, view, seq }) => [
    frame('all', 'open_lobby', { lobbyOpen: true }, seq),
    frame('staff', 'set_game_state', snapshotFor(state, STAFF_VIEWER, now, view), seq),
    frame('players', 'set_game_state', snapshotFor(state, PLAYERS, now, view), seq),
  ],
  game_started: toAll('start_game', ({ state }) => ({
    bingoRolls: state.rolls,
    hideRollAnimation: state.hideRollAnimation,
  })),
  player_joined: playerJoinedFrames,
  player_returned: playerJoinedFrames,
  player_left: (event, { state, seq }) => {
    const departure = {
      username: state.players.get(event.userId)!.username,
      playerCount: state.presentCount,
    };
    return [frame(lobbyAudience(state), 'leave_room', departure, seq)];
  },
  player_ready: (event, { state, seq }) => [
    frame('all', 'ready', { username: state.players.get(event.userId)!.username }, seq),
  ],
  card_marked: (event, { state, seq }) => [
    frame(event.userId, 'marks', { markedCells: markedCells(state.players.get(event.userId)) }, seq),
  ],
  player_removed: (event, { state, seq }) => [
    frame(
      event.userId,
      'removed',
      { message: english('game.removedFromRoom'), ...keyFields(message('game.removedFromRoom')) },
      seq,
    ),
    frame(
      lobbyAudience(state),
      'leave_room',
      { username: event.username, playerCount: state.presentCount },
      seq,
    ),
  ],
  new_round: newRoundFrames,
  game_ended: toAll('game_end', () => ({ connectionClosed: true })),
} satisfies Partial<FrameRules>;

const roundRules = toAll('round_rules', ({ state }) => rules(state));

/** Balls, wins, prizes and the board's settings. */
const BINGO_FRAMES = {
  ball_rolled: (event, { seq }) => [frame('all', 'get_random_roll', { roll: event.number }, seq)],
  bingo: (event, { state, seq }) => [
    frame(
      'all',
      'game_over',
      {
        username: event.username,
        winnerAudio: event.sound ?? null,
        winners: state.winners.map((w) => w.username),
        wins: wins(state),
        rules: rules(state),
      },
      seq,
    ),
    ...pointsFrames(state, seq),
  ],
  prizes_set: roundRules,
  auto_call_set: roundRules,
  auto_call_paused: roundRules,
  state_set: (event, { seq }) => [frame('all', 'set_game_state', { gameState: event.state }, seq)],
  roll_animation_set: (event, { seq }) => [
    frame('all', 'hide_roll_animation', { hideRollAnimation: event.hidden }, seq),
  ],
} satisfies Partial<FrameRules>;

/** Content, questions, the points table and the timer. */
const CONTENT_FRAMES = {
  // The staff copy follows the session_advanced that may come with it: see below.
  content_sent: (_, { state, view, seq }) => contentFrames(state, view, seq),
  // Staff see the next session's queue at once: with the content that ended the session, or, when
  // the room was moved on by hand, in a fresh view of the room.
  session_advanced: (_, { state, now, view, seq, previous }) =>
    previous?.type === 'content_sent'
      ? contentFrames(state, view, seq)
      : [frame('staff', 'set_game_state', snapshotFor(state, STAFF_VIEWER, now, view), seq)],
  timer_set: (_, { state, now, seq }) => [frame('all', 'get_timer_option', timerPayload(state, now), seq)],
  question_answered: ({ userId, contentId, choice }, { state, seq }) => [
    frame(userId, 'my_answer', { contentId, choice }, seq),
    frame('staff', 'question_tally', { contentId, tally: tallyOf(state.question!) }, seq),
  ],
  question_closed: (event, { seq }) => [frame('all', 'question_closed', { contentId: event.contentId }, seq)],
  answer_revealed: (event, { state, seq }) => {
    const question = state.question!;
    const revealed = { contentId: event.contentId, correct: question.correct, tally: tallyOf(question) };
    return [frame('all', 'answer_revealed', revealed, seq), ...pointsFrames(state, seq)];
  },
  points_table_set: (event, { state, seq }) => pointsFrames(state, seq, !event.shown),
} satisfies Partial<FrameRules>;

const FRAME_RULES: FrameRules = { ...PLAYER_FRAMES, ...BINGO_FRAMES, ...CONTENT_FRAMES };

/**
 * The frames one event produces, given the state right after it. Pure, so the same event gives the
 * same frames wherever they are made; a broadcast frame is serialised once for the whole room.
 */
export function framesFor(
  event: GameEvent,
  after: GameState,
  now: Date,
  view: RoomView,
  /** The event before this one in the same command. */
  previous?: GameEvent,
): Frame[] {
  const rule = FRAME_RULES[event.type] as (event: GameEvent, after: After) => Frame[];
  return rule(event, { state: after, now, view, seq: after.seq, previous });
}

function contentFrames(state: GameState, view: RoomView, seq: number): Frame[] {
  const sent = state.content!;
  const content = view.content.get(sent.contentId) ?? null;
  const base = {
    contentId: sent.contentId,
    contentType: sent.contentType,
    sessionName: sessionName(state, view),
    roomSessionName: roomSessionName(state, view),
  };
  const staff = { content: gameContent(content, true), question: questionFor(state, STAFF_VIEWER) };
  const players = { content: gameContent(content, false), question: questionFor(state, PLAYERS) };
  return [
    frame('staff', 'get_content', { ...base, ...staff, queue: queue(state, view) }, seq),
    // A new question: nobody has answered yet, so every player's copy is the same.
    frame('players', 'get_content', { ...base, ...players, queue: null }, seq),
  ];
}

const STAFF_VIEWER = { userId: 0, staff: true };
const PLAYERS = { userId: 0, staff: false };

/** The question on screen as a viewer may know it: their answer, the tally for staff or after reveal. */
function questionFor(state: GameState, viewer: { userId: number; staff: boolean }): QuestionState | null {
  const question = state.question;
  if (!question) return null;
  return {
    contentId: question.contentId,
    myAnswer: viewer.staff ? null : (question.answers.get(viewer.userId)?.choice ?? null),
    closed: question.closed,
    correct: question.revealed ? question.correct : null,
    tally: viewer.staff || question.revealed ? tallyOf(question) : null,
  };
}

/** The points table as a viewer may see it: staff always, players while it is shown. */
function pointsFor(state: GameState, staff: boolean): PointsTable {
  return { shown: state.pointsShown, rows: staff || state.pointsShown ? pointsTable(state) : [] };
}

/** The points after a change: to everyone while shown, else to staff (and `hidden` tells players it went). */
function pointsFrames(state: GameState, seq: number, hidden = false): Frame[] {
  if (state.pointsShown) return [frame('all', 'points', pointsFor(state, true), seq)];
  return [
    frame('staff', 'points', pointsFor(state, true), seq),
    ...(hidden ? [frame('players', 'points', pointsFor(state, false), seq)] : []),
  ];
}

const rules = (state: GameState): RoundRules => ({
  prizes: state.prizes,
  prizeIndex: state.prizeIndex,
  autoCall: state.autoCall,
});
const wins = (state: GameState) =>
  state.winners.map((w) => ({
    username: w.username,
    pattern: state.prizes[w.prize]?.kind ?? 'any_line',
    prize: w.prize,
  }));

function timerPayload(state: GameState, now: Date) {
  const timer = state.timer;
  if (!timer) return { time: 0, isRunning: false, isPaused: false, endsAt: null };
  return {
    time: timerRemaining(timer, now),
    isRunning: timer.isRunning,
    isPaused: timer.isPaused,
    endsAt: timer.isRunning
      ? new Date(Date.parse(timer.startedAt) + timer.seconds * 1000).toISOString()
      : null,
  };
}

/** The whole room as one user should see it: sent on join and on reconnect. */
export function snapshotFor(
  game: GameState,
  viewer: { userId: number; staff: boolean },
  now: Date,
  view: RoomView,
): GameSnapshot {
  const state = game.ended ? betweenGames(game) : game;
  const player = state.players.get(viewer.userId);
  const present = viewer.staff || state.presentCount <= LOBBY_LIST_LIMIT ? presentPlayers(state) : [];
  const shown = state.content ? (view.content.get(state.content.contentId) ?? null) : null;
  return {
    protocolVersion: PROTOCOL_VERSION,
    roomId: view.roomId,
    lobbyOpen: state.lobbyOpen,
    gameStarted: state.started,
    gameState: state.state,
    round: state.round,
    bingoRolls: state.rolls,
    bingoBoard: player?.card ?? null,
    // Past the lobby list limit a player gets the count, not the list (see LOBBY_LIST_LIMIT).
    playerArr: present.map((p) => ({ username: p.username, isReady: p.isReady, hasBingo: p.hasBingo })),
    playerCount: state.presentCount,
    markedCells: markedCells(player),
    winners: state.winners.map((w) => w.username),
    wins: wins(state),
    winnerAudio: state.winnerAudio,
    rules: rules(state),
    contentId: state.content?.contentId ?? null,
    contentType: state.content?.contentType ?? null,
    content: gameContent(shown, viewer.staff),
    question: questionFor(state, viewer),
    points: pointsFor(state, viewer.staff),
    queue: viewer.staff ? queue(state, view) : [],
    sessionName: sessionName(state, view),
    roomSessionName: roomSessionName(state, view),
    timer: state.timer ? timerPayload(state, now) : null,
    hideRollAnimation: state.hideRollAnimation,
    connectionClosed: state.ended,
    branding: view.branding,
    ...(view.language ? { language: view.language } : {}),
  };
}

function presentPlayers(state: GameState) {
  const present = [];
  for (const p of state.players.values()) if (p.present) present.push(p);
  return present;
}
