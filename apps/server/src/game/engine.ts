import type { MessageKey } from '@playshop/messages';
import {
  ANY_LINE,
  AUTO_CALL_SECONDS,
  BINGO_MAX_NUMBER,
  type BingoCard,
  type ContentReply,
  can,
  commandSpec,
  FREE_CELL,
  type GameCommand,
  type GameStateName,
  isBall,
  lockedOutByLicence,
  POINTS,
  POINTS_TABLE_LIMIT,
  type PointsTable,
  type QueueItem,
  type Role,
  TIMER_CHOICES,
  WINNER_SOUNDS,
  type WinPattern,
  winningLines,
  winsPattern,
} from '@playshop/shared';
import { dealCard, drawBall, type RandomInt } from './cards';

export type { GameCommand };

/**
 * The rules of a room's game: `apply` turns a command into events (or an error) without touching the
 * state, and `fold` evolves the state by one event. No I/O, clocks or randomness inside: `now`,
 * `randomInt` and the workshop's plan come in. The live room (room.ts) is the one writer that calls
 * them (DESIGN §6, STYLE §7).
 *
 * `fold` changes the state in place: a room of 10,000 players cannot copy its player table on every
 * join. Only the room that owns a state folds into it; a replay starts from `initialGameState()`.
 */

export interface PlayerState {
  userId: number;
  username: string;
  card: BingoCard;
  /** Numbers the player marked on their card (the free centre always counts as marked). */
  marks: number[];
  /** Mark changes this round: bounded, so a player cannot grow the log without end. */
  markChanges: number;
  isReady: boolean;
  hasBingo: boolean;
  /** Has a socket in the room now. Not a stored fact: after a restart everyone is away until they reconnect. */
  present: boolean;
}

export interface Winner {
  userId: number;
  username: string;
  lines: string[];
  at: string;
  /** The prize (index into the round's prizes) this win was for. */
  prize: number;
  /** Balls called when it was won: a tie on the same ball still wins the same prize. */
  ball: number;
}

export interface AutoCall {
  seconds: number;
  paused: boolean;
}

export interface Timer {
  seconds: number;
  startedAt: string;
  isRunning: boolean;
  isPaused: boolean;
}

/** A question's options and its correct answer, taken from the library when the question is sent. */
export interface QuestionKey {
  options: { id: number; name: string }[];
  correct: number;
}

interface Answer {
  userId: number;
  username: string;
  /** The answer id picked. */
  choice: number;
  at: string;
  /** Changes after the first answer: bounded, so a player cannot grow the log without end. */
  changes: number;
}

/** A question sent this round: its key, everyone's answers and how far it has gone. */
export interface QuestionRound extends QuestionKey {
  contentId: number;
  /** By userId. */
  answers: Map<number, Answer>;
  /** Answers per option id, kept as answers come: a tally never walks every answer. */
  counts: Map<number, number>;
  closed: boolean;
  revealed: boolean;
}

export interface GameState {
  /** Sequence number of the last stored event folded in. */
  seq: number;
  lobbyOpen: boolean;
  started: boolean;
  ended: boolean;
  state: GameStateName;
  /** 1 for the first game of the room session, +1 for each 'Start New Game'. */
  round: number;
  rolls: number[];
  /** `rollSeqs[i]` is the seq of `rolls[i]`: a reconnecting client is told the rolls after its last seq. */
  rollSeqs: number[];
  players: Map<number, PlayerState>;
  presentCount: number;
  winners: Winner[];
  /** The round's prizes in order (one pattern each); kept from round to round until changed. */
  prizes: WinPattern[];
  /** The prize being played for; past the last one, the last prize can still be shared. */
  prizeIndex: number;
  /** Auto-call: the room's clock rolls every `seconds` while not paused. */
  autoCall: AutoCall | null;
  /** The sound of the last win, for screens that join after it. */
  winnerAudio: string | null;
  /** `sessionId`: the session it was sent from (null: the workshop's first), which its sending may have ended. */
  content: { contentId: number; contentType: string; sessionId?: number | null } | null;
  /** The workshop session the room delivers; null means the workshop's first. */
  sessionId: number | null;
  /** Players the facilitator removed this game: they cannot join it again. */
  removed: number[];
  /** Content of the current session sent this round: the queue is the session's content less these. */
  sentContentIds: number[];
  timer: Timer | null;
  hideRollAnimation: boolean;
  /** The question on screen: the last content sent, when it was a question; null otherwise. */
  question: QuestionRound | null;
  /** Every question sent this round, in order, for the points table. */
  questions: QuestionRound[];
  /** The points table is on every screen (staff always see it). */
  pointsShown: boolean;
}

export const initialGameState = (): GameState => ({
  seq: 0,
  lobbyOpen: false,
  started: false,
  ended: false,
  state: 'lobby',
  round: 1,
  rolls: [],
  rollSeqs: [],
  players: new Map(),
  presentCount: 0,
  winners: [],
  prizes: [ANY_LINE],
  prizeIndex: 0,
  autoCall: null,
  winnerAudio: null,
  content: null,
  sessionId: null,
  removed: [],
  sentContentIds: [],
  timer: null,
  hideRollAnimation: false,
  question: null,
  questions: [],
  pointsShown: false,
});

/**
 * The room once its game has ended: no game, lobby closed, on the session the game got to, until the
 * next Open Lobby starts a new game (room.ts). Screens that join between games see this, never the
 * ended game as if it were still on (docs/decisions.md, "A room runs any number of games").
 */
export function betweenGames(ended: GameState): GameState {
  return { ...initialGameState(), seq: ended.seq, ended: true, sessionId: ended.sessionId };
}

/** The workshop as the room delivers it: sessions in order, each with its content in order. */
export interface RoomPlan {
  sessions: { id: number; name: string; content: QueueItem[] }[];
}

export type GameEvent =
  | { type: 'lobby_opened' }
  | { type: 'game_started'; hideRollAnimation: boolean }
  | { type: 'player_joined'; userId: number; username: string; card: BingoCard }
  | { type: 'player_returned'; userId: number }
  | { type: 'player_left'; userId: number }
  | { type: 'player_ready'; userId: number }
  | { type: 'card_marked'; userId: number; number: number; marked: boolean }
  | { type: 'ball_rolled'; number: number }
  | {
      type: 'content_sent';
      contentId: number;
      contentType: string;
      /** A question's options and correct answer as they were when sent; absent for other content. */
      question?: QuestionKey;
      /** The session it was sent from (Insights); absent in logs written before it. */
      sessionId?: number;
      /** The players in the room when it was sent (Insights: presence is not stored); absent before. */
      present?: number[];
    }
  | {
      type: 'question_answered';
      contentId: number;
      userId: number;
      username: string;
      choice: number;
      at: string;
    }
  | { type: 'question_closed'; contentId: number }
  | { type: 'answer_revealed'; contentId: number }
  | { type: 'points_table_set'; shown: boolean }
  | { type: 'session_advanced'; sessionId: number }
  | { type: 'timer_set'; seconds: number; startedAt: string; isRunning: boolean; isPaused: boolean }
  | {
      type: 'bingo';
      userId: number;
      username: string;
      lines: string[];
      at: string;
      /** The winner sound every screen plays (WINNER_SOUNDS); absent in logs written before it. */
      sound?: string;
      /** The prize won; absent (the first, any line) in logs written before prizes. */
      prize?: number;
    }
  | { type: 'player_removed'; userId: number; username: string }
  | { type: 'prizes_set'; prizes: WinPattern[] }
  | { type: 'auto_call_set'; seconds: number | null }
  | { type: 'auto_call_paused'; paused: boolean }
  | { type: 'state_set'; state: GameStateName }
  | { type: 'roll_animation_set'; hidden: boolean }
  | { type: 'new_round'; cards: Record<number, BingoCard> }
  /** `present`: the players in the room when it ended (Insights' left before the end); absent before. */
  | { type: 'game_ended'; present?: number[] };

/**
 * Presence follows sockets, which do not outlive a process: arrivals and departures are sent to the
 * room but never stored, so a player flapping their connection cannot grow the log.
 */
const TRANSIENT_EVENTS: ReadonlySet<GameEvent['type']> = new Set(['player_returned', 'player_left']);
export const isStored = (event: GameEvent): boolean => !TRANSIENT_EVENTS.has(event.type);

export interface Actor {
  userId: number;
  username: string;
  role: Role;
}

/** The room's own clock acts as this actor (the roll → bingo step). */
export const SYSTEM_ACTOR: Actor = { userId: 0, username: 'Playshop', role: 'SUPER_ADMIN' };

/** A command joins its socket to the room: the first thing every screen sends (`reconnect` after a drop). */
export const isJoin = (command: GameCommand): boolean =>
  command.action === 'join_room' || command.action === 'reconnect';

export interface ApplyContext {
  randomInt: RandomInt;
  now: Date;
  plan: RoomPlan;
  /** The key of each question in the plan, by content id (questionKeys). */
  questions: ReadonlyMap<number, QuestionKey>;
  /** The organization's licence end, YYYY-MM-DD (null: none): an expired one locks its people out at once. */
  orgExpiry: string | null;
  /** The organization's roll-animation setting, which a new game starts with. */
  hideRollAnimation: boolean;
}

/**
 * What the room does with a command before `apply`, given whether it has a game at all: refuse it,
 * answer the sender with the room as it is (staff looking at a room between games), open a fresh
 * game first (a lobby opened after the last game ended), or apply it to the game it has.
 */
export type Gate = { error: MessageKey } | { next: 'snapshot' | 'fresh_game' | 'apply' };

export function gate(
  state: GameState,
  hasGame: boolean,
  actor: Actor,
  command: GameCommand,
  ctx: Pick<ApplyContext, 'now' | 'orgExpiry'>,
): Gate {
  if (lockedOutByLicence(actor.role, ctx.orgExpiry, ctx.now)) return { error: 'errors.orgExpired' };
  const over = !hasGame || state.ended;
  if (command.action === 'open_lobby' && over) return { next: 'fresh_game' };
  // An ended game is over for every command but opening a new lobby.
  if (over) {
    if (isJoin(command) && isStaff(actor)) return { next: 'snapshot' };
    return { error: isStaff(actor) ? 'game.openLobbyFirst' : 'game.lobbyNotOpen' };
  }
  return { next: 'apply' };
}

type ApplyResult = { events: GameEvent[] } | { error: GameError };

export const GAME_ERRORS = {
  notStaff: 'game.notStaff',
  notPlayer: 'game.notPlayer',
  lobbyNotOpen: 'game.lobbyNotOpen',
  notStarted: 'game.notStarted',
  ended: 'game.roomClosed',
  allRolled: 'game.allRolled',
  notInRoom: 'game.notInRoom',
  noBingo: 'game.noBingo',
  timerRange: 'game.selectTime',
  noContentRemaining: 'game.noContentRemaining',
  contentNotFound: 'game.contentNotFound',
  invalidGameState: 'game.invalidGameState',
  noWinnerYet: 'game.noWinnerYet',
  tooManyChanges: 'game.tooManyChanges',
  notOnCard: 'game.notOnCard',
  notRolled: 'game.notRolled',
  roundUnderway: 'game.roundUnderway',
  playerNotFound: 'game.playerNotFound',
  removedFromRoom: 'game.removedFromRoom',
  questionNotAsked: 'game.questionNotAsked',
  questionClosed: 'game.questionClosed',
  notAnAnswer: 'game.notAnAnswer',
  tooManyAnswerChanges: 'game.tooManyAnswerChanges',
} as const;
type GameError = (typeof GAME_ERRORS)[keyof typeof GAME_ERRORS];

/** Mark changes a player may make in one round: every cell several times over, not without end. */
export const MAX_MARK_CHANGES = 200;

/** Answer changes a player may make to one question after their first answer. */
export const MAX_ANSWER_CHANGES = 20;

/** Timer choices of SPEC §9: 20 to 120 seconds in steps of 5 (0 cancels). */
const isTimerChoice = (s: number): boolean => s === 0 || TIMER_CHOICES.includes(s);

/** The one rule for who runs a room's game (PERMISSIONS.runRooms). */
export const isStaff = (actor: Pick<Actor, 'role'>): boolean => can(actor.role, 'runRooms');

/** Whether players may send a command at all (its declaration's `from`); the rule decides the rest. */
const playersMaySend = (command: GameCommand): boolean => {
  const from = commandSpec(command.action).from;
  return from === 'player' || from === 'anyone';
};

const ok = (...events: GameEvent[]): ApplyResult => ({ events });
const fail = (error: GameError): ApplyResult => ({ error });

/** The session the room is on: its own, else the workshop's first. */
export function currentSession(state: GameState, plan: RoomPlan) {
  return plan.sessions.find((s) => s.id === state.sessionId) ?? plan.sessions[0] ?? null;
}

/**
 * The session the screens name: while content is on screen, the session it came from, even when
 * sending it (the session's last item) moved the room on (issue 28: no screen names the next session
 * under the current question); otherwise the room's session.
 */
export function namedSession(state: GameState, plan: RoomPlan) {
  const sent = state.state === 'content' ? state.content : null;
  if (sent && sent.sessionId !== undefined) {
    const from =
      sent.sessionId === null ? plan.sessions[0] : plan.sessions.find((s) => s.id === sent.sessionId);
    if (from) return from;
  }
  return currentSession(state, plan);
}

/** What 'Send Content' sends next, in order: the session's content not yet sent this round. */
export function queueOf(state: GameState, plan: RoomPlan): QueueItem[] {
  const session = currentSession(state, plan);
  return session ? session.content.filter((item) => !state.sentContentIds.includes(item.contentId)) : [];
}

/** SPEC §4: after the last content of a session the room moves to the next session, or back to the first. */
function nextSessionId(state: GameState, plan: RoomPlan): number | null {
  const session = currentSession(state, plan);
  if (!session) return null;
  const i = plan.sessions.indexOf(session);
  return (plan.sessions[i + 1] ?? plan.sessions[0])!.id;
}

/** The key of every question with exactly one correct answer, from the room's presented content. */
export function questionKeys(content: ReadonlyMap<number, ContentReply>): Map<number, QuestionKey> {
  const keys = new Map<number, QuestionKey>();
  for (const [contentId, item] of content) {
    const answers = item.question?.answers ?? [];
    const correct = answers.filter((a) => a.isCorrect);
    if (item.type !== 'QUESTION' || correct.length !== 1) continue;
    keys.set(contentId, {
      options: answers.map((a) => ({ id: a.id, name: a.name })),
      correct: correct[0]!.id,
    });
  }
  return keys;
}

function sendContent(state: GameState, item: QueueItem | undefined, ctx: ApplyContext): ApplyResult {
  if (!state.started) return fail(GAME_ERRORS.notStarted);
  if (!item) return fail(GAME_ERRORS.contentNotFound);
  const key = ctx.questions.get(item.contentId);
  const session = currentSession(state, ctx.plan);
  const sent: GameEvent = {
    type: 'content_sent',
    contentId: item.contentId,
    contentType: item.contentType,
    ...(key ? { question: key } : {}),
    // Presence and the session the item came from are not otherwise in the log: Insights reads them here.
    ...(session ? { sessionId: session.id } : {}),
    present: presentPlayers(state),
  };
  const rest = queueOf(state, ctx.plan).filter((q) => q.contentId !== item.contentId);
  const next = rest.length === 0 ? nextSessionId(state, ctx.plan) : null;
  return next === null ? ok(sent) : ok(sent, { type: 'session_advanced', sessionId: next });
}

/** The question on screen, when it is the one a command names. */
const askedQuestion = (state: GameState, contentId: number): QuestionRound | null =>
  state.question?.contentId === contentId ? state.question : null;

function answerQuestion(
  state: GameState,
  actor: Actor,
  player: PlayerState | undefined,
  command: { contentId: number; choice: number },
  now: Date,
): ApplyResult {
  if (isStaff(actor)) return fail(GAME_ERRORS.notPlayer);
  if (!player?.present) return fail(GAME_ERRORS.notInRoom);
  const question = askedQuestion(state, command.contentId);
  if (!question) return fail(GAME_ERRORS.questionNotAsked);
  if (question.closed) return fail(GAME_ERRORS.questionClosed);
  if (!question.options.some((o) => o.id === command.choice)) return fail(GAME_ERRORS.notAnAnswer);
  const previous = question.answers.get(actor.userId);
  if (previous?.choice === command.choice) return ok();
  if (previous && previous.changes >= MAX_ANSWER_CHANGES) return fail(GAME_ERRORS.tooManyAnswerChanges);
  return ok({
    type: 'question_answered',
    contentId: command.contentId,
    userId: actor.userId,
    username: player.username,
    choice: command.choice,
    at: now.toISOString(),
  });
}

function setState(state: GameState, wanted: GameStateName): ApplyResult {
  if (!state.started) return fail(GAME_ERRORS.notStarted);
  if (wanted === state.state) return ok();
  if (wanted === 'announce_winner') {
    return state.winners.length > 0
      ? ok({ type: 'state_set', state: wanted })
      : fail(GAME_ERRORS.noWinnerYet);
  }
  // Back to the board after the winner was announced or content was shown; rolls settle by themselves.
  if (wanted === 'bingo' && ['announce_winner', 'game_over', 'content'].includes(state.state)) {
    return ok({ type: 'state_set', state: wanted });
  }
  return fail(GAME_ERRORS.invalidGameState);
}

/** What one command rule sees: the state, who sent the command, their player (if any) and the context. */
interface Turn {
  state: GameState;
  actor: Actor;
  player: PlayerState | undefined;
  ctx: ApplyContext;
}

type CommandOf<T extends GameCommand['action']> = Extract<GameCommand, { action: T }>;

function checkWin({ state, actor, player, ctx }: Turn): ApplyResult {
  if (!player?.present) return fail(GAME_ERRORS.notInRoom);
  if (!state.started) return fail(GAME_ERRORS.notStarted);
  // Verified against the stored card and the stored rolls, never against what the client sent.
  const prize = claimedPrize(state, player);
  if (prize === null) return fail(GAME_ERRORS.noBingo);
  if (state.winners.some((w) => w.userId === actor.userId && w.prize === prize)) return ok();
  const pattern = state.prizes[prize]!;
  const lines =
    pattern.kind === 'any_line' || pattern.kind === 'two_lines'
      ? winningLines(player.card, new Set(state.rolls))
      : [pattern.kind];
  const bingo: GameEvent = {
    type: 'bingo',
    userId: actor.userId,
    username: player.username,
    lines,
    at: ctx.now.toISOString(),
    sound: WINNER_SOUNDS[ctx.randomInt(0, WINNER_SOUNDS.length)],
    prize,
  };
  // A true claim stops auto-call, so the facilitator can celebrate before the next ball.
  return state.autoCall && !state.autoCall.paused
    ? ok(bingo, { type: 'auto_call_paused', paused: true })
    : ok(bingo);
}

function mark(command: CommandOf<'mark'>, { state, actor, player }: Turn): ApplyResult {
  if (!player?.present) return fail(GAME_ERRORS.notInRoom);
  if (!player.card.some((row) => row.includes(command.number))) return fail(GAME_ERRORS.notOnCard);
  if (player.marks.includes(command.number) === command.marked) return ok();
  // SPEC §4 Player marking: only a rolled number can be marked (unmarking is always allowed).
  if (command.marked && !state.rolls.includes(command.number)) return fail(GAME_ERRORS.notRolled);
  if (player.markChanges >= MAX_MARK_CHANGES) return fail(GAME_ERRORS.tooManyChanges);
  return ok({ type: 'card_marked', userId: actor.userId, number: command.number, marked: command.marked });
}

function revealAnswer(contentId: number, state: GameState): ApplyResult {
  const question = askedQuestion(state, contentId);
  if (!question) return fail(GAME_ERRORS.questionNotAsked);
  if (question.revealed) return ok();
  const revealed: GameEvent = { type: 'answer_revealed', contentId };
  // Revealing closes the question first: nobody answers once the answer is known.
  return question.closed ? ok(revealed) : ok({ type: 'question_closed', contentId }, revealed);
}

/** The lobby and who is in it. */
const LOBBY_RULES = {
  open_lobby: (_, { state, ctx }) => {
    if (state.lobbyOpen) return ok();
    // A new game starts with the organization's roll-animation setting.
    return state.seq === 0 && ctx.hideRollAnimation
      ? ok({ type: 'lobby_opened' }, { type: 'roll_animation_set', hidden: true })
      : ok({ type: 'lobby_opened' });
  },
  // `reconnect` is the same rule (COMMAND_RULES).
  join_room: (_: unknown, { state, actor, player, ctx }: Turn) => {
    if (isStaff(actor)) return ok();
    if (!state.lobbyOpen) return fail(GAME_ERRORS.lobbyNotOpen);
    if (state.removed.includes(actor.userId)) return fail(GAME_ERRORS.removedFromRoom);
    if (player) return player.present ? ok() : ok({ type: 'player_returned', userId: actor.userId });
    // Late arrivals get a card too and play on.
    const card = dealCard(ctx.randomInt);
    return ok({ type: 'player_joined', userId: actor.userId, username: actor.username, card });
  },
  leave_room: (_, { actor, player }) =>
    player?.present ? ok({ type: 'player_left', userId: actor.userId }) : ok(),
  ready: (_, { actor, player }) => {
    if (!player?.present) return fail(GAME_ERRORS.notInRoom);
    return player.isReady ? ok() : ok({ type: 'player_ready', userId: actor.userId });
  },
  remove_player: (command, { state }) => {
    const target = [...state.players.values()].find((p) => p.username === command.username);
    return target
      ? ok({ type: 'player_removed', userId: target.userId, username: target.username })
      : fail(GAME_ERRORS.playerNotFound);
  },
  start_game: (_, { state }) => {
    if (!state.lobbyOpen) return fail(GAME_ERRORS.lobbyNotOpen);
    return state.started ? ok() : ok({ type: 'game_started', hideRollAnimation: state.hideRollAnimation });
  },
  start_new_game: (_, { state, ctx }) => {
    if (!state.started) return fail(GAME_ERRORS.notStarted);
    const cards: Record<number, BingoCard> = {};
    for (const p of state.players.values()) if (p.present) cards[p.userId] = dealCard(ctx.randomInt);
    return ok({ type: 'new_round', cards });
  },
  close_lobby: (_, { state }) => ok({ type: 'game_ended', present: presentPlayers(state) }),
  game_over: (_, { state }) => ok({ type: 'game_ended', present: presentPlayers(state) }),
} satisfies Partial<CommandRules>;

/** Balls, cards, prizes and the board's own settings. */
const BINGO_RULES = {
  get_roll: (_, { state, ctx }) => {
    if (!state.started) return fail(GAME_ERRORS.notStarted);
    const number = drawBall(state.rolls, ctx.randomInt);
    return number === null ? fail(GAME_ERRORS.allRolled) : ok({ type: 'ball_rolled', number });
  },
  settle_roll: (command, { state }) =>
    state.state === 'roll' && state.rolls.length === command.rollCount
      ? ok({ type: 'state_set', state: 'bingo' })
      : ok(),
  mark,
  check_win: (_, turn) => checkWin(turn),
  set_prizes: (command, { state }) => {
    if (state.rolls.length > 0) return fail(GAME_ERRORS.roundUnderway);
    return ok({ type: 'prizes_set', prizes: command.prizes });
  },
  set_auto_call: ({ seconds }) => {
    if (seconds !== null && (seconds < AUTO_CALL_SECONDS.min || seconds > AUTO_CALL_SECONDS.max)) {
      return fail(GAME_ERRORS.invalidGameState);
    }
    return ok({ type: 'auto_call_set', seconds });
  },
  pause_auto_call: (_, { state }) => pauseAutoCall(state, true),
  resume_auto_call: (_, { state }) => pauseAutoCall(state, false),
  game_state: (command, { state }) => setState(state, command.gameState),
  hide_roll_animation: (command, { state }) =>
    state.hideRollAnimation === command.hidden
      ? ok()
      : ok({ type: 'roll_animation_set', hidden: command.hidden }),
} satisfies Partial<CommandRules>;

/** The workshop's content, its questions, the points table and the timer. */
const CONTENT_RULES = {
  send_next_content: (_, { state, ctx }) => {
    const queue = queueOf(state, ctx.plan);
    return queue.length === 0 ? fail(GAME_ERRORS.noContentRemaining) : sendContent(state, queue[0], ctx);
  },
  send_content: (command, { state, ctx }) =>
    sendContent(
      state,
      queueOf(state, ctx.plan).find((q) => q.contentId === command.contentId),
      ctx,
    ),
  answer_question: (command, { state, actor, player, ctx }) =>
    answerQuestion(state, actor, player, command, ctx.now),
  close_question: (command, { state }) => {
    const question = askedQuestion(state, command.contentId);
    if (!question) return fail(GAME_ERRORS.questionNotAsked);
    return question.closed ? ok() : ok({ type: 'question_closed', contentId: command.contentId });
  },
  reveal_answer: (command, { state }) => revealAnswer(command.contentId, state),
  set_points_table: (command, { state }) =>
    state.pointsShown === command.shown ? ok() : ok({ type: 'points_table_set', shown: command.shown }),
  set_session: (command, { state, ctx }) => {
    if (!ctx.plan.sessions.some((s) => s.id === command.sessionId)) return fail(GAME_ERRORS.contentNotFound);
    return state.sessionId === command.sessionId
      ? ok()
      : ok({ type: 'session_advanced', sessionId: command.sessionId });
  },
  timer: (command, { ctx }) => {
    if (!isTimerChoice(command.timerOption)) return fail(GAME_ERRORS.timerRange);
    return ok({
      type: 'timer_set',
      seconds: command.timerOption,
      startedAt: ctx.now.toISOString(),
      isRunning: command.timerOption > 0 && command.isRunning,
      isPaused: command.isPaused,
    });
  },
} satisfies Partial<CommandRules>;

function pauseAutoCall(state: GameState, paused: boolean): ApplyResult {
  if (!state.autoCall || state.autoCall.paused === paused) return ok();
  return ok({ type: 'auto_call_paused', paused });
}

/** One rule per command kind; the type makes sure none is missing. */
type CommandRules = { [T in GameCommand['action']]: (command: CommandOf<T>, turn: Turn) => ApplyResult };
const COMMAND_RULES: CommandRules = {
  ...LOBBY_RULES,
  reconnect: LOBBY_RULES.join_room,
  ...BINGO_RULES,
  ...CONTENT_RULES,
};

/** Decides what a command does to the game. Authorization by role is a rule like any other. */
export function apply(state: GameState, actor: Actor, command: GameCommand, ctx: ApplyContext): ApplyResult {
  if (state.ended) return fail(GAME_ERRORS.ended);
  if (!playersMaySend(command) && !isStaff(actor)) return fail(GAME_ERRORS.notStaff);
  const rule = COMMAND_RULES[command.action] as (command: GameCommand, turn: Turn) => ApplyResult;
  return rule(command, { state, actor, player: state.players.get(actor.userId), ctx });
}

/**
 * The prize a player's card wins now: the one being played for, or the one just won when the
 * player ties on the same ball; null when the card wins nothing.
 */
function claimedPrize(state: GameState, player: PlayerState): number | null {
  const rolled = new Set(state.rolls);
  const current = Math.min(state.prizeIndex, state.prizes.length - 1);
  if (winsPattern(state.prizes[current]!, player.card, rolled)) return current;
  const last = state.winners.at(-1);
  if (
    last &&
    last.ball === state.rolls.length &&
    winsPattern(state.prizes[last.prize]!, player.card, rolled)
  ) {
    return last.prize;
  }
  return null;
}

/** The players in the room now (a socket there), in join order. */
const presentPlayers = (state: GameState) =>
  [...state.players.values()].filter((p) => p.present).map((p) => p.userId);

function setPresent(state: GameState, player: PlayerState | undefined, present: boolean) {
  if (!player || player.present === present) return;
  player.present = present;
  state.presentCount += present ? 1 : -1;
}

export type EventOf<T extends GameEvent['type']> = Extract<GameEvent, { type: T }>;

/** One change per event kind, in place; `player` is the event's player when it names one. */
type EventFolds = {
  [T in GameEvent['type']]: (state: GameState, event: EventOf<T>, player: PlayerState | undefined) => void;
};

function foldContentSent(state: GameState, event: EventOf<'content_sent'>) {
  state.content = { contentId: event.contentId, contentType: event.contentType, sessionId: state.sessionId };
  if (!state.sentContentIds.includes(event.contentId)) state.sentContentIds.push(event.contentId);
  state.state = 'content';
  // Other content takes the question off screen; its answers still count once revealed.
  state.question = event.question
    ? {
        contentId: event.contentId,
        options: event.question.options,
        correct: event.question.correct,
        answers: new Map(),
        counts: new Map(),
        closed: false,
        revealed: false,
      }
    : null;
  if (state.question) state.questions.push(state.question);
}

function foldAnswer(state: GameState, event: EventOf<'question_answered'>) {
  const question = state.question?.contentId === event.contentId ? state.question : null;
  if (!question) return;
  const previous = question.answers.get(event.userId);
  if (previous) question.counts.set(previous.choice, (question.counts.get(previous.choice) ?? 1) - 1);
  question.counts.set(event.choice, (question.counts.get(event.choice) ?? 0) + 1);
  question.answers.set(event.userId, {
    userId: event.userId,
    username: event.username,
    choice: event.choice,
    at: event.at,
    changes: previous ? previous.changes + 1 : 0,
  });
}

function foldBingo(state: GameState, event: EventOf<'bingo'>, player: PlayerState | undefined) {
  const prize = event.prize ?? 0;
  state.state = 'game_over';
  if (player) player.hasBingo = true;
  const { userId, username, lines, at } = event;
  state.winners.push({ userId, username, lines, at, prize, ball: state.rolls.length });
  state.winnerAudio = event.sound ?? null;
  // On to the next prize; the last one can be shared by later claims.
  if (prize === state.prizeIndex && prize < state.prizes.length - 1) state.prizeIndex = prize + 1;
}

function foldNewRound(state: GameState, event: EventOf<'new_round'>) {
  for (const p of [...state.players.values()]) {
    const card = event.cards[p.userId];
    // Absent players are dealt in when they return; until then they sit this round out.
    if (!card) {
      setPresent(state, p, false);
      state.players.delete(p.userId);
      continue;
    }
    Object.assign(p, { card, hasBingo: false, marks: [], markChanges: 0 });
  }
  Object.assign(state, {
    round: state.round + 1,
    rolls: [],
    rollSeqs: [],
    winners: [],
    prizeIndex: 0,
    winnerAudio: null,
    content: null,
    sentContentIds: [],
    timer: null,
    question: null,
    questions: [],
    state: 'bingo',
  });
}

/** The lobby, its players and their cards. */
const PLAYER_FOLDS = {
  lobby_opened: (state) => {
    state.lobbyOpen = true;
    state.state = 'lobby';
  },
  game_started: (state, event) => {
    state.started = true;
    state.state = 'bingo';
    state.hideRollAnimation = event.hideRollAnimation;
  },
  player_joined: (state, { userId, username, card }) => {
    const joined: PlayerState = {
      userId,
      username,
      card,
      marks: [],
      markChanges: 0,
      isReady: false,
      hasBingo: false,
      present: false,
    };
    state.players.set(userId, joined);
    setPresent(state, joined, true);
  },
  player_returned: (state, _, player) => setPresent(state, player, true),
  player_left: (state, _, player) => setPresent(state, player, false),
  player_ready: (_, __, player) => {
    if (player) player.isReady = true;
  },
  card_marked: (_, event, player) => {
    if (!player) return;
    player.marks = event.marked
      ? [...player.marks, event.number]
      : player.marks.filter((n) => n !== event.number);
    player.markChanges += 1;
  },
  player_removed: (state, event, player) => {
    setPresent(state, player, false);
    state.players.delete(event.userId);
    state.removed.push(event.userId);
  },
  new_round: foldNewRound,
  game_ended: (state) => {
    state.ended = true;
    state.lobbyOpen = false;
  },
} satisfies Partial<EventFolds>;

/** Balls, wins, prizes and the board's settings. */
const BINGO_FOLDS = {
  ball_rolled: (state, event) => {
    state.rolls.push(event.number);
    state.rollSeqs.push(state.seq);
    state.state = 'roll';
  },
  bingo: foldBingo,
  prizes_set: (state, event) => {
    state.prizes = event.prizes;
    state.prizeIndex = 0;
  },
  auto_call_set: (state, event) => {
    state.autoCall = event.seconds === null ? null : { seconds: event.seconds, paused: false };
  },
  auto_call_paused: (state, event) => {
    if (state.autoCall) state.autoCall = { ...state.autoCall, paused: event.paused };
  },
  state_set: (state, event) => {
    state.state = event.state;
  },
  roll_animation_set: (state, event) => {
    state.hideRollAnimation = event.hidden;
  },
} satisfies Partial<EventFolds>;

/** Content, questions, the points table and the timer. */
const CONTENT_FOLDS = {
  content_sent: foldContentSent,
  question_answered: foldAnswer,
  question_closed: (state, event) => {
    if (state.question?.contentId === event.contentId) state.question.closed = true;
  },
  answer_revealed: (state, event) => {
    if (state.question?.contentId !== event.contentId) return;
    state.question.closed = true;
    state.question.revealed = true;
  },
  points_table_set: (state, event) => {
    state.pointsShown = event.shown;
  },
  session_advanced: (state, event) => {
    state.sessionId = event.sessionId;
    state.sentContentIds = [];
  },
  timer_set: (state, { seconds, startedAt, isRunning, isPaused }) => {
    state.timer = seconds === 0 ? null : { seconds, startedAt, isRunning, isPaused };
  },
} satisfies Partial<EventFolds>;

const EVENT_FOLDS: EventFolds = { ...PLAYER_FOLDS, ...BINGO_FOLDS, ...CONTENT_FOLDS };

/** The state after one more event, changed in place. Events are facts: fold never refuses one. */
export function fold(state: GameState, event: GameEvent): GameState {
  if (isStored(event)) state.seq += 1;
  const player = 'userId' in event ? state.players.get(event.userId) : undefined;
  const change = EVENT_FOLDS[event.type] as (
    state: GameState,
    event: GameEvent,
    player?: PlayerState,
  ) => void;
  change(state, event, player);
  return state;
}

/** The state a stored log leaves: everyone away until their socket joins again. */
export function replay(events: readonly { seq: number; event: GameEvent }[]): GameState {
  const state = initialGameState();
  for (const { seq, event } of events) {
    fold(state, event);
    state.seq = seq;
    if (event.type === 'ball_rolled') state.rollSeqs[state.rollSeqs.length - 1] = seq;
  }
  for (const player of state.players.values()) setPresent(state, player, false);
  return state;
}

/** How many picked each option, in the question's order. */
export const tallyOf = (question: QuestionRound) =>
  question.options.map((o) => ({ answerId: o.id, count: question.counts.get(o.id) ?? 0 }));

/**
 * The round's points: one per correct answer to a revealed question, five per bingo win; the
 * round's players and anyone who scored, best first, at most POINTS_TABLE_LIMIT rows.
 */
export function pointsTable(state: GameState): PointsTable['rows'] {
  const rows = new Map<number, { username: string; correctAnswers: number; wins: number }>();
  const row = (userId: number, username: string) => {
    let found = rows.get(userId);
    if (!found) {
      found = { username, correctAnswers: 0, wins: 0 };
      rows.set(userId, found);
    }
    return found;
  };
  for (const p of state.players.values()) row(p.userId, p.username);
  for (const q of state.questions) {
    if (!q.revealed) continue;
    for (const a of q.answers.values())
      if (a.choice === q.correct) row(a.userId, a.username).correctAnswers += 1;
  }
  for (const w of state.winners) row(w.userId, w.username).wins += 1;
  // A removed player is out of this game, points and all.
  for (const userId of state.removed) rows.delete(userId);
  return [...rows.values()]
    .map((r) => ({ ...r, points: r.correctAnswers * POINTS.correctAnswer + r.wins * POINTS.bingoWin }))
    .sort((a, b) => b.points - a.points || a.username.localeCompare(b.username))
    .slice(0, POINTS_TABLE_LIMIT);
}

/** A player's marks with the free centre, as screens show them. */
export const markedCells = (player: PlayerState | undefined): number[] =>
  player ? [FREE_CELL, ...player.marks] : [];

/** Seconds left on the timer at `now`: server time, so every screen counts down together. */
export function timerRemaining(timer: Timer | null, now: Date): number {
  if (!timer?.isRunning) return timer?.seconds ?? 0;
  const elapsed = (now.getTime() - Date.parse(timer.startedAt)) / 1000;
  return Math.max(0, Math.ceil(timer.seconds - elapsed));
}

export const rollsAreValid = (rolls: readonly number[]): boolean =>
  rolls.length <= BINGO_MAX_NUMBER && new Set(rolls).size === rolls.length && rolls.every(isBall);
