import {
  type ContentReply,
  GAME_TEXTS,
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
  type ServerMessage,
  type ServerMessageType,
  type ServerPayloads,
} from '@playshop/shared';
import {
  betweenGames,
  currentSession,
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
type Frame = { to: Audience; message: ServerMessage };

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

const frame = (to: Audience, message: ServerMessage): Frame => ({ to, message });

/**
 * One server message as the wire carries it, typed by its kind: every frame a room or a socket
 * sends outside `framesFor` is built here. `seq` 0 for a socket's own replies (no room event).
 */
export const wire = <T extends ServerMessageType>(type: T, payload: ServerPayloads[T], seq = 0): string =>
  JSON.stringify({ type, payload, seq });
const sessionName = (state: GameState, view: RoomView) => namedSession(state, view.plan)?.name ?? null;
const roomSessionName = (state: GameState, view: RoomView) => currentSession(state, view.plan)?.name ?? null;
const queue = (state: GameState, view: RoomView): QueueItem[] => queueOf(state, view.plan);

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
  const seq = after.seq;
  switch (event.type) {
    case 'lobby_opened':
      // Always a new game's first event: every screen still on the last game (a presenter, a phone
      // kept open, a second facilitator) starts again from the room as it is now, with no reload.
      return [
        frame('all', { type: 'open_lobby', payload: { lobbyOpen: true }, seq }),
        frame('staff', { type: 'set_game_state', payload: snapshotFor(after, STAFF_VIEWER, now, view), seq }),
        frame('players', { type: 'set_game_state', payload: snapshotFor(after, PLAYERS, now, view), seq }),
      ];
    case 'game_started':
      return [
        frame('all', {
          type: 'start_game',
          payload: { bingoRolls: after.rolls, hideRollAnimation: after.hideRollAnimation },
          seq,
        }),
      ];
    case 'player_joined':
    case 'player_returned': {
      const player = after.players.get(event.userId)!;
      return [
        frame(event.userId, {
          type: 'join_room',
          payload: {
            username: player.username,
            bingoBoard: player.card,
            bingoRolls: after.rolls,
            hideRollAnimation: after.hideRollAnimation,
          },
          seq,
        }),
        frame(lobbyAudience(after), {
          type: 'user_joined',
          payload: { username: player.username, playerCount: after.presentCount },
          seq,
        }),
      ];
    }
    case 'player_left':
      return [
        frame(lobbyAudience(after), {
          type: 'leave_room',
          payload: { username: after.players.get(event.userId)!.username, playerCount: after.presentCount },
          seq,
        }),
      ];
    case 'player_ready':
      return [
        frame('all', {
          type: 'ready',
          payload: { username: after.players.get(event.userId)!.username },
          seq,
        }),
      ];
    case 'card_marked':
      return [
        frame(event.userId, {
          type: 'marks',
          payload: { markedCells: markedCells(after.players.get(event.userId)) },
          seq,
        }),
      ];
    case 'ball_rolled':
      return [frame('all', { type: 'get_random_roll', payload: { roll: event.number }, seq })];
    case 'content_sent':
      // The staff copy follows the session_advanced that may come with it: see below.
      return contentFrames(after, view, seq);
    case 'session_advanced':
      // Staff see the next session's queue at once: with the content that ended the session, or, when
      // the room was moved on by hand, in a fresh view of the room.
      return previous?.type === 'content_sent'
        ? contentFrames(after, view, seq)
        : [
            frame('staff', {
              type: 'set_game_state',
              payload: snapshotFor(after, { userId: 0, staff: true }, now, view),
              seq,
            }),
          ];
    case 'timer_set':
      return [frame('all', { type: 'get_timer_option', payload: timerPayload(after, now), seq })];
    case 'question_answered': {
      const { contentId, choice } = event;
      return [
        frame(event.userId, { type: 'my_answer', payload: { contentId, choice }, seq }),
        frame('staff', {
          type: 'question_tally',
          payload: { contentId, tally: tallyOf(after.question!) },
          seq,
        }),
      ];
    }
    case 'question_closed':
      return [frame('all', { type: 'question_closed', payload: { contentId: event.contentId }, seq })];
    case 'answer_revealed': {
      const question = after.question!;
      return [
        frame('all', {
          type: 'answer_revealed',
          payload: { contentId: event.contentId, correct: question.correct, tally: tallyOf(question) },
          seq,
        }),
        ...pointsFrames(after, seq),
      ];
    }
    case 'points_table_set':
      return pointsFrames(after, seq, !event.shown);
    case 'bingo':
      return [
        frame('all', {
          type: 'game_over',
          payload: {
            username: event.username,
            winnerAudio: event.sound ?? null,
            winners: after.winners.map((w) => w.username),
            wins: wins(after),
            rules: rules(after),
          },
          seq,
        }),
        ...pointsFrames(after, seq),
      ];
    case 'player_removed':
      return [
        frame(event.userId, {
          type: 'removed',
          payload: { message: GAME_TEXTS.removedFromRoom, ...keyFields(message('game.removedFromRoom')) },
          seq,
        }),
        frame(lobbyAudience(after), {
          type: 'leave_room',
          payload: { username: event.username, playerCount: after.presentCount },
          seq,
        }),
      ];
    case 'prizes_set':
    case 'auto_call_set':
    case 'auto_call_paused':
      return [frame('all', { type: 'round_rules', payload: rules(after), seq })];
    case 'state_set':
      return [frame('all', { type: 'set_game_state', payload: { gameState: event.state }, seq })];
    case 'roll_animation_set':
      return [
        frame('all', { type: 'hide_roll_animation', payload: { hideRollAnimation: event.hidden }, seq }),
      ];
    case 'new_round':
      return [
        // Staff see the round change with the queue refilled; each player gets their own new card.
        frame('staff', {
          type: 'start_new_game',
          payload: {
            bingoBoard: null,
            round: after.round,
            queue: queue(after, view),
            sessionName: sessionName(after, view),
          },
          seq,
        }),
        ...Object.entries(event.cards).map(([userId, card]) =>
          frame(Number(userId), {
            type: 'start_new_game',
            payload: {
              bingoBoard: card,
              round: after.round,
              queue: null,
              sessionName: sessionName(after, view),
            },
            seq,
          }),
        ),
        ...pointsFrames(after, seq),
      ];
    case 'game_ended':
      return [frame('all', { type: 'game_end', payload: { connectionClosed: true }, seq })];
  }
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
  return [
    frame('staff', {
      type: 'get_content',
      payload: {
        ...base,
        content: gameContent(content, true),
        question: questionFor(state, STAFF_VIEWER),
        queue: queue(state, view),
      },
      seq,
    }),
    // A new question: nobody has answered yet, so every player's copy is the same.
    frame('players', {
      type: 'get_content',
      payload: {
        ...base,
        content: gameContent(content, false),
        question: questionFor(state, PLAYERS),
        queue: null,
      },
      seq,
    }),
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
  if (state.pointsShown) return [frame('all', { type: 'points', payload: pointsFor(state, true), seq })];
  return [
    frame('staff', { type: 'points', payload: pointsFor(state, true), seq }),
    ...(hidden ? [frame('players', { type: 'points', payload: pointsFor(state, false), seq })] : []),
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
