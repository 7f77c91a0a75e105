import {
  BINGO_MAX_NUMBER,
  type BingoCard,
  type GameStateName,
  isBall,
  type Role,
  STAFF_ROLES,
  TIMER_CHOICES,
  WINNER_SOUNDS,
  winningLines,
} from '@playshop/shared';
import { dealCard, drawBall, type RandomInt } from './cards';

/**
 * The rules of a room's game, pure: `apply` turns a command into events (or an error) and `fold`
 * turns events into state. No I/O, clocks or randomness inside: `now` and `randomInt` come in.
 * The room code only orchestrates: load, apply, append, publish (DESIGN §6, STYLE §7).
 */

export interface PlayerState {
  userId: number;
  username: string;
  card: BingoCard;
  isReady: boolean;
  hasBingo: boolean;
  /** In the room now; a player who left keeps their card for when they come back. */
  present: boolean;
}

export interface Winner {
  userId: number;
  username: string;
  lines: string[];
  at: string;
}

export interface Timer {
  seconds: number;
  startedAt: string;
  isRunning: boolean;
  isPaused: boolean;
}

export interface GameState {
  /** Sequence number of the last event folded in. */
  seq: number;
  lobbyOpen: boolean;
  started: boolean;
  ended: boolean;
  state: GameStateName;
  /** 1 for the first game of the room session, +1 for each 'Start New Game'. */
  round: number;
  rolls: number[];
  players: Record<number, PlayerState>;
  winners: Winner[];
  content: { contentId: number; contentType: string } | null;
  /** Content sent this round, in order: a facilitator who reloads gets the rest of the queue. */
  sentContentIds: number[];
  timer: Timer | null;
  hideRollAnimation: boolean;
}

export const initialGameState = (): GameState => ({
  seq: 0,
  lobbyOpen: false,
  started: false,
  ended: false,
  state: 'lobby',
  round: 1,
  rolls: [],
  players: {},
  winners: [],
  content: null,
  sentContentIds: [],
  timer: null,
  hideRollAnimation: false,
});

export type GameEvent =
  | { type: 'lobby_opened' }
  | { type: 'game_started'; hideRollAnimation: boolean }
  | { type: 'player_joined'; userId: number; username: string; card: BingoCard }
  | { type: 'player_returned'; userId: number }
  | { type: 'player_left'; userId: number }
  | { type: 'player_ready'; userId: number }
  | { type: 'ball_rolled'; number: number }
  | { type: 'content_sent'; contentId: number; contentType: string }
  | { type: 'timer_set'; seconds: number; startedAt: string; isRunning: boolean; isPaused: boolean }
  | {
      type: 'bingo';
      userId: number;
      username: string;
      lines: string[];
      at: string;
      /** The winner sound every screen plays (WINNER_SOUNDS); absent in logs written before it. */
      sound?: string;
    }
  | { type: 'state_set'; state: GameStateName }
  | { type: 'roll_animation_set'; hidden: boolean }
  | { type: 'new_round'; cards: Record<number, BingoCard> }
  | { type: 'game_ended' };

export interface Actor {
  userId: number;
  username: string;
  role: Role;
}

export type GameCommand =
  | { type: 'open_lobby' }
  /** 'Close Lobby' in the admin room view: ends the room's game for everyone, like 'End Game'. */
  | { type: 'close_lobby' }
  | { type: 'join' }
  | { type: 'leave' }
  | { type: 'ready' }
  | { type: 'start_game' }
  | { type: 'roll' }
  | { type: 'send_content'; contentId: number; contentType: string }
  | { type: 'set_timer'; seconds: number; isRunning: boolean; isPaused: boolean }
  | { type: 'check_win' }
  | { type: 'set_state'; state: GameStateName }
  | { type: 'hide_roll_animation'; hidden: boolean }
  | { type: 'start_new_game' }
  | { type: 'end_game' };

export interface ApplyContext {
  randomInt: RandomInt;
  now: Date;
}

export type ApplyResult = { events: GameEvent[] } | { error: GameError };

export const GAME_ERRORS = {
  notStaff: 'Only the facilitator can do that',
  notPlayer: 'Only players can do that',
  lobbyNotOpen: 'Lobby not open',
  notStarted: 'The game has not started',
  ended: 'Room Closed',
  allRolled: 'All 75 balls have been rolled',
  notInRoom: 'Join the room first',
  noBingo: 'No bingo yet: keep playing',
  timerRange: 'Please select a time',
} as const;
export type GameError = (typeof GAME_ERRORS)[keyof typeof GAME_ERRORS];

/** Timer choices of SPEC §9: 20 to 120 seconds in steps of 5 (0 cancels). */
export const isTimerChoice = (s: number): boolean => s === 0 || TIMER_CHOICES.includes(s);

const ok = (...events: GameEvent[]): ApplyResult => ({ events });
const fail = (error: GameError): ApplyResult => ({ error });
const isStaff = (actor: Actor) => STAFF_ROLES.includes(actor.role);

/** Decides what a command does to the game. Authorization by role is a rule like any other. */
export function apply(state: GameState, actor: Actor, command: GameCommand, ctx: ApplyContext): ApplyResult {
  if (state.ended) return fail(GAME_ERRORS.ended);
  const staffOnly = !['join', 'leave', 'ready', 'check_win'].includes(command.type);
  if (staffOnly && !isStaff(actor)) return fail(GAME_ERRORS.notStaff);
  const player = state.players[actor.userId];

  switch (command.type) {
    case 'open_lobby':
      return state.lobbyOpen ? ok() : ok({ type: 'lobby_opened' });
    case 'join': {
      if (isStaff(actor)) return ok();
      if (!state.lobbyOpen) return fail(GAME_ERRORS.lobbyNotOpen);
      if (player) return player.present ? ok() : ok({ type: 'player_returned', userId: actor.userId });
      // Late arrivals get a card too and play on.
      return ok({
        type: 'player_joined',
        userId: actor.userId,
        username: actor.username,
        card: dealCard(ctx.randomInt),
      });
    }
    case 'leave':
      return player?.present ? ok({ type: 'player_left', userId: actor.userId }) : ok();
    case 'ready':
      if (!player?.present) return fail(GAME_ERRORS.notInRoom);
      return player.isReady ? ok() : ok({ type: 'player_ready', userId: actor.userId });
    case 'start_game':
      if (!state.lobbyOpen) return fail(GAME_ERRORS.lobbyNotOpen);
      return state.started ? ok() : ok({ type: 'game_started', hideRollAnimation: state.hideRollAnimation });
    case 'roll': {
      if (!state.started) return fail(GAME_ERRORS.notStarted);
      const number = drawBall(state.rolls, ctx.randomInt);
      return number === null ? fail(GAME_ERRORS.allRolled) : ok({ type: 'ball_rolled', number });
    }
    case 'send_content':
      if (!state.started) return fail(GAME_ERRORS.notStarted);
      return ok({ type: 'content_sent', contentId: command.contentId, contentType: command.contentType });
    case 'set_timer':
      if (!isTimerChoice(command.seconds)) return fail(GAME_ERRORS.timerRange);
      return ok({
        type: 'timer_set',
        seconds: command.seconds,
        startedAt: ctx.now.toISOString(),
        isRunning: command.seconds > 0 && command.isRunning,
        isPaused: command.isPaused,
      });
    case 'check_win': {
      if (!player?.present) return fail(GAME_ERRORS.notInRoom);
      if (!state.started) return fail(GAME_ERRORS.notStarted);
      // Verified against the stored card and the stored rolls, never against what the client sent.
      const lines = winningLines(player.card, new Set(state.rolls));
      if (lines.length === 0) return fail(GAME_ERRORS.noBingo);
      if (player.hasBingo) return ok();
      return ok({
        type: 'bingo',
        userId: actor.userId,
        username: player.username,
        lines,
        at: ctx.now.toISOString(),
        sound: WINNER_SOUNDS[ctx.randomInt(0, WINNER_SOUNDS.length)],
      });
    }
    case 'set_state':
      return ok({ type: 'state_set', state: command.state });
    case 'hide_roll_animation':
      return state.hideRollAnimation === command.hidden
        ? ok()
        : ok({ type: 'roll_animation_set', hidden: command.hidden });
    case 'start_new_game': {
      if (!state.started) return fail(GAME_ERRORS.notStarted);
      const cards: Record<number, BingoCard> = {};
      for (const p of Object.values(state.players)) if (p.present) cards[p.userId] = dealCard(ctx.randomInt);
      return ok({ type: 'new_round', cards });
    }
    case 'close_lobby':
    case 'end_game':
      return ok({ type: 'game_ended' });
    default:
      return assertNever(command);
  }
}

/** State after one more event. Events are facts: fold never refuses one. */
export function fold(state: GameState, event: GameEvent): GameState {
  const next: GameState = { ...state, seq: state.seq + 1 };
  const withPlayer = (userId: number, change: Partial<PlayerState>) => {
    const player = state.players[userId];
    return player ? { ...state.players, [userId]: { ...player, ...change } } : state.players;
  };
  switch (event.type) {
    case 'lobby_opened':
      return { ...next, lobbyOpen: true, state: 'lobby' };
    case 'game_started':
      return { ...next, started: true, state: 'bingo', hideRollAnimation: event.hideRollAnimation };
    case 'player_joined':
      return {
        ...next,
        players: {
          ...state.players,
          [event.userId]: {
            userId: event.userId,
            username: event.username,
            card: event.card,
            isReady: false,
            hasBingo: false,
            present: true,
          },
        },
      };
    case 'player_returned':
      return { ...next, players: withPlayer(event.userId, { present: true }) };
    case 'player_left':
      return { ...next, players: withPlayer(event.userId, { present: false, isReady: false }) };
    case 'player_ready':
      return { ...next, players: withPlayer(event.userId, { isReady: true }) };
    case 'ball_rolled':
      return { ...next, rolls: [...state.rolls, event.number], state: 'roll' };
    case 'content_sent':
      return {
        ...next,
        content: { contentId: event.contentId, contentType: event.contentType },
        sentContentIds: state.sentContentIds.includes(event.contentId)
          ? state.sentContentIds
          : [...state.sentContentIds, event.contentId],
        state: 'content',
      };
    case 'timer_set':
      return {
        ...next,
        timer:
          event.seconds === 0
            ? null
            : {
                seconds: event.seconds,
                startedAt: event.startedAt,
                isRunning: event.isRunning,
                isPaused: event.isPaused,
              },
      };
    case 'bingo':
      return {
        ...next,
        state: 'game_over',
        players: withPlayer(event.userId, { hasBingo: true }),
        winners: [
          ...state.winners,
          { userId: event.userId, username: event.username, lines: event.lines, at: event.at },
        ],
      };
    case 'state_set':
      return { ...next, state: event.state };
    case 'roll_animation_set':
      return { ...next, hideRollAnimation: event.hidden };
    case 'new_round': {
      const players: Record<number, PlayerState> = {};
      for (const p of Object.values(state.players)) {
        const card = event.cards[p.userId];
        // Absent players are dealt in when they return; until then they sit this round out.
        if (card) players[p.userId] = { ...p, card, hasBingo: false };
      }
      return {
        ...next,
        round: state.round + 1,
        rolls: [],
        winners: [],
        players,
        content: null,
        sentContentIds: [],
        timer: null,
        state: 'bingo',
      };
    }
    case 'game_ended':
      return { ...next, ended: true, lobbyOpen: false };
    default:
      return assertNever(event);
  }
}

export const replay = (events: readonly GameEvent[]): GameState => events.reduce(fold, initialGameState());

/** Seconds left on the timer at `now`: server time, so every screen counts down together. */
export function timerRemaining(timer: Timer | null, now: Date): number {
  if (!timer?.isRunning) return timer?.seconds ?? 0;
  const elapsed = (now.getTime() - Date.parse(timer.startedAt)) / 1000;
  return Math.max(0, Math.ceil(timer.seconds - elapsed));
}

export const rollsAreValid = (rolls: readonly number[]): boolean =>
  rolls.length <= BINGO_MAX_NUMBER && new Set(rolls).size === rolls.length && rolls.every(isBall);

function assertNever(value: never): never {
  throw new Error(`unhandled: ${JSON.stringify(value)}`);
}
