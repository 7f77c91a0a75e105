import { type ContentReply, type GameSnapshot, PROTOCOL_VERSION, type ServerMessage } from '@playshop/shared';
import { type GameEvent, type GameState, timerRemaining } from './engine';

/** Who receives a frame: everyone in the room, its staff, its players, or one user (cards are private). */
export type Frame = { to: 'all' | 'staff' | 'players' | number; message: ServerMessage };

/** What the orchestrator looked up for an event: the content being sent. */
export interface FrameExtras {
  content?: ContentReply | null;
}

/** Players never receive a facilitator's script. */
export const withoutScript = (content: ContentReply | null): ContentReply | null =>
  content ? { ...content, script: null } : null;

/**
 * Players see who comes and goes while a room is workshop-sized. In a big room every arrival sent to
 * every phone costs players² frames (4 million for 2,000 players) for a list nobody can read, so
 * past this many players only staff get the arrivals; players keep the count from their snapshot.
 */
export const LOBBY_LIST_LIMIT = 200;
const lobbyAudience = (state: GameState): Frame['to'] =>
  Object.values(state.players).filter((p) => p.present).length <= LOBBY_LIST_LIMIT ? 'all' : 'staff';

const frame = <M extends ServerMessage>(to: Frame['to'], message: M): Frame => ({ to, message });

/**
 * The frames one event produces, given the state right after it. Pure, so the same event gives
 * the same frames on every instance; a broadcast frame is serialised once for the whole room.
 */
export function framesFor(event: GameEvent, after: GameState, now: Date, extras: FrameExtras = {}): Frame[] {
  const seq = after.seq;
  switch (event.type) {
    case 'lobby_opened':
      return [frame('all', { type: 'open_lobby', payload: { lobbyOpen: true }, seq })];
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
      const player = after.players[event.userId]!;
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
        frame(lobbyAudience(after), { type: 'user_joined', payload: { username: player.username }, seq }),
      ];
    }
    case 'player_left':
      return [
        frame(lobbyAudience(after), {
          type: 'leave_room',
          payload: { username: after.players[event.userId]!.username },
          seq,
        }),
      ];
    case 'player_ready':
      return [
        frame('all', { type: 'ready', payload: { username: after.players[event.userId]!.username }, seq }),
      ];
    case 'ball_rolled':
      return [frame('all', { type: 'get_random_roll', payload: { roll: event.number }, seq })];
    case 'content_sent': {
      const base = { contentId: event.contentId, contentType: event.contentType };
      const content = extras.content ?? null;
      return [
        frame('staff', { type: 'get_content', payload: { ...base, content }, seq }),
        frame('players', { type: 'get_content', payload: { ...base, content: withoutScript(content) }, seq }),
      ];
    }
    case 'timer_set':
      return [frame('all', { type: 'get_timer_option', payload: timerPayload(after, now), seq })];
    case 'bingo':
      return [
        frame('all', {
          type: 'game_over',
          payload: { username: event.username, winnerAudio: event.sound ?? null },
          seq,
        }),
      ];
    case 'state_set':
      return [frame('all', { type: 'set_game_state', payload: { gameState: event.state }, seq })];
    case 'roll_animation_set':
      return [
        frame('all', { type: 'hide_roll_animation', payload: { hideRollAnimation: event.hidden }, seq }),
      ];
    case 'new_round':
      return [
        // Staff see the round change; each player gets their own new card.
        frame('staff', { type: 'start_new_game', payload: { bingoBoard: null, round: after.round }, seq }),
        ...Object.entries(event.cards).map(([userId, card]) =>
          frame(Number(userId), {
            type: 'start_new_game',
            payload: { bingoBoard: card, round: after.round },
            seq,
          }),
        ),
      ];
    case 'game_ended':
      return [frame('all', { type: 'game_end', payload: { connectionClosed: true }, seq })];
  }
}

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
  state: GameState,
  roomId: number,
  userId: number,
  now: Date,
  shown: { content?: ContentReply | null; sessionName?: string | null } = {},
): GameSnapshot {
  const present = Object.values(state.players).filter((p) => p.present);
  const isPlayer = state.players[userId] !== undefined;
  // Past the lobby list limit a player gets the count, not the list (see LOBBY_LIST_LIMIT).
  const listed = isPlayer && present.length > LOBBY_LIST_LIMIT ? [] : present;
  return {
    protocolVersion: PROTOCOL_VERSION,
    roomId,
    lobbyOpen: state.lobbyOpen,
    gameStarted: state.started,
    gameState: state.state,
    round: state.round,
    bingoRolls: state.rolls,
    bingoBoard: state.players[userId]?.card ?? null,
    playerArr: listed.map((p) => ({ username: p.username, isReady: p.isReady, hasBingo: p.hasBingo })),
    playerCount: present.length,
    winners: state.winners.map((w) => w.username),
    contentId: state.content?.contentId ?? null,
    contentType: state.content?.contentType ?? null,
    content: shown.content ?? null,
    sentContentIds: isPlayer ? [] : state.sentContentIds,
    sessionName: shown.sessionName ?? null,
    timer: state.timer ? timerPayload(state, now) : null,
    hideRollAnimation: state.hideRollAnimation,
    connectionClosed: state.ended,
  };
}
