import type { MessageKey } from '@playshop/messages';
import {
  BINGO_MAX_NUMBER,
  type ContentReply,
  type Language,
  ROLL_ANIMATION_MS,
  ROLL_HIDDEN_MS,
  type RoomBranding,
} from '@playshop/shared';
import type { RandomInt } from './cards';
import {
  type Actor,
  apply,
  fold,
  type GameCommand,
  type GameEvent,
  type GameState,
  gate,
  initialGameState,
  isJoin,
  isStaff,
  isStored,
  markedCells,
  type RoomPlan,
  replay,
  SYSTEM_ACTOR,
} from './engine';
import { type Audience, framesFor, type RoomView, roomView, snapshotFor, wire } from './frames';
import type { Entry, Journal } from './journal';

/** A frame ready for the wire: serialised once, when it was made, for everyone it is meant for. */
export interface WireFrame {
  /** A room audience, or one socket (a snapshot, what a reconnecting client missed). */
  to: Audience | { socket: string };
  data: string;
  /** Close the receiving sockets after writing (a player removed from the room). */
  close?: { code: number; reason: string };
}

/** How long the board shows between an auto-called ball's animation and the next ball, at least. */
export const AUTO_CALL_BOARD_MS = 2_000;

/** The close code of a removed player's sockets. */
export const REMOVED_CLOSE_CODE = 4001;

/** What a command came with: the socket it arrived on (presence follows sockets) and its last seq. */
export interface CommandRequest {
  roomId: number;
  actor: Actor & { orgId: number };
  command: GameCommand;
  /** The socket, unique across instances; absent for commands from REST or the room's own clock. */
  socket?: string;
  /** With a join: send the rolls after this seq as `Reconnected`. */
  lastSeq?: number;
}

/**
 * A refusal, or done. What the sender's socket alone must see (a snapshot, the rolls it missed) goes
 * out as frames addressed to that socket, in order with the room's other frames.
 */
export type CommandResult = { error: MessageKey } | { ok: true };

/** What a room needs from outside, loaded when it becomes live and again when a new game opens. */
export interface RoomSetup {
  orgId: number;
  workshopId: number;
  /** The organization's licence end, YYYY-MM-DD (SPEC: expiry locks users out at once). */
  orgExpiry: string | null;
  /** The organization's setting for new games. */
  hideRollAnimation: boolean;
  /** The room's language (its own, else its organization's): the screens' default. */
  language?: Language;
  /** The session the room session says the room is on, for a game that has not moved yet. */
  sessionId: number | null;
  /** The organization's look (issue 32), sent with every snapshot; null: Playshop's. */
  branding?: RoomBranding | null;
  plan: RoomPlan;
  content: ReadonlyMap<number, ContentReply>;
}

export interface Clock {
  now(): Date;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

interface LiveRoomDeps {
  roomId: number;
  journal: Journal;
  setup: () => Promise<RoomSetup>;
  /** Writes frames to this instance's sockets and to the other instances'. */
  deliver: (frames: WireFrame[]) => void;
  clock: Clock;
  randomInt: RandomInt;
  /** The room cannot trust its memory any more (a failed write): drop it, the next command reloads. */
  onBroken: () => void;
}

/** A live room's own state: what the parts below share, changed only by them. */
interface Room {
  deps: LiveRoomDeps;
  setup: RoomSetup;
  /** The room's game in the log; null before its first lobby. */
  gameId: number | null;
  state: GameState;
  view: RoomView;
  /**
   * Each player's sockets in the room: a player is away only when the last one goes. Nearly every
   * player has one, kept as its key alone; a Set only for a player on several (a room of 10,000).
   */
  sockets: Map<number, string | Set<string>>;
  /** Frames go out in command order, each command's after its events are durable. */
  outbox: Promise<unknown>;
  broken: boolean;
  settleTimer: unknown;
  autoCallTimer: unknown;
}

/**
 * A room's live game on the one instance that owns it: the state in memory, every command applied
 * in arrival order with the pure engine, the events made durable by the journal before their frames
 * go out, and the room's own clock for the roll → board step. Nothing here decides the game.
 */
export async function openLiveRoom(deps: LiveRoomDeps) {
  const { roomId, journal, clock } = deps;
  const setup = await deps.setup();
  const loaded = await journal.load(roomId);
  const room: Room = {
    deps,
    setup,
    gameId: loaded?.gameId ?? null,
    state: loaded ? replay(loaded.events) : initialGameState(),
    view: roomView(roomId, setup),
    sockets: new Map(),
    outbox: Promise.resolve(),
    broken: false,
    settleTimer: null,
    autoCallTimer: null,
  };
  // A room that was rolling or calling when its last owner stopped carries on.
  if (room.state.state === 'roll') scheduleSettle(room);
  scheduleAutoCall(room);

  return {
    roomId,
    execute: (request: CommandRequest) => execute(room, request),
    orgId: () => room.setup.orgId,
    /** A changed licence or setting: read the room's setup again (the plan too). */
    refresh: () => reloadSetup(room),
    /** Players with a socket in the room, for the dashboards and metrics. */
    playerCount: () => room.state.presentCount,
    isIdle: () => (room.gameId === null || room.state.ended) && room.sockets.size === 0,
    close() {
      room.broken = true;
      stopAutoCall(room);
      if (room.settleTimer !== null) clock.clearTimeout(room.settleTimer);
    },
  };
}

export type LiveRoom = Awaited<ReturnType<typeof openLiveRoom>>;

/** A command of the room's own clock. */
const byClock = (room: Room, command: GameCommand) =>
  void execute(room, {
    roomId: room.deps.roomId,
    actor: { ...SYSTEM_ACTOR, orgId: room.setup.orgId },
    command,
  });

/** How long a ball is on screen before the board is back. */
const rollShownMs = (state: GameState) => (state.hideRollAnimation ? ROLL_HIDDEN_MS : ROLL_ANIMATION_MS);

function scheduleSettle(room: Room) {
  const { clock } = room.deps;
  if (room.settleTimer !== null) clock.clearTimeout(room.settleTimer);
  const rollCount = room.state.rolls.length;
  room.settleTimer = clock.setTimeout(() => {
    room.settleTimer = null;
    byClock(room, { action: 'settle_roll', rollCount });
  }, rollShownMs(room.state));
}

function stopAutoCall(room: Room) {
  if (room.autoCallTimer !== null) room.deps.clock.clearTimeout(room.autoCallTimer);
  room.autoCallTimer = null;
}

/** Auto-call: the room rolls every N seconds while it is on, not paused and balls remain. */
function scheduleAutoCall(room: Room) {
  const { state } = room;
  const auto = state.autoCall;
  if (!auto || auto.paused || !state.started || state.ended || state.rolls.length >= BINGO_MAX_NUMBER) {
    return stopAutoCall(room);
  }
  if (room.autoCallTimer !== null) return;
  // The next ball waits until the last one has been shown and the board seen for a moment: an
  // interval shorter than the roll's animation would roll while players still watch a ball.
  const shown = rollShownMs(state) + AUTO_CALL_BOARD_MS;
  room.autoCallTimer = room.deps.clock.setTimeout(
    () => {
      room.autoCallTimer = null;
      byClock(room, { action: 'get_roll' });
    },
    Math.max(auto.seconds * 1000, shown),
  );
}

async function reloadSetup(room: Room) {
  room.setup = await room.deps.setup();
  room.view = roomView(room.deps.roomId, room.setup);
}

async function freshGame(room: Room) {
  room.setup = await room.deps.setup();
  room.gameId = await room.deps.journal.newGame(room.deps.roomId);
  room.state = initialGameState();
  room.state.sessionId = room.setup.sessionId;
  room.view = roomView(room.deps.roomId, room.setup);
}

/** Applies events to the state, returning their frames and what the journal must store. */
function record(room: Room, events: GameEvent[], actorUserId: number | null) {
  const frames: WireFrame[] = [];
  const entries: Entry[] = [];
  const now = room.deps.clock.now();
  const roomSession = { roomId: room.deps.roomId, workshopId: room.setup.workshopId };
  events.forEach((event, i) => {
    const { state } = room;
    fold(state, event);
    if (isStored(event)) {
      entries.push({
        gameId: room.gameId!,
        seq: state.seq,
        event,
        actorUserId: actorUserId || null,
        roomSession,
      });
    }
    // Content that ends a session is shown once, with the next session's queue (frames.ts).
    if (event.type === 'content_sent' && events[i + 1]?.type === 'session_advanced') return;
    for (const f of framesFor(event, state, now, room.view, events[i - 1])) {
      const removed = f.message.type === 'removed' ? f.message.payload.message : null;
      frames.push({
        to: f.to,
        data: JSON.stringify(f.message),
        ...(removed ? { close: { code: REMOVED_CLOSE_CODE, reason: removed } } : {}),
      });
    }
    if (event.type === 'player_removed') room.sockets.delete(event.userId);
    if (event.type === 'ball_rolled') scheduleSettle(room);
    // A new pace starts a new count.
    if (event.type === 'auto_call_set') stopAutoCall(room);
  });
  return { frames, entries };
}

/** Counts a player's socket in or out; false when a leaving player still has another socket here. */
function presence({ sockets }: Room, request: CommandRequest, joining: boolean): boolean {
  const { actor, socket } = request;
  if (isStaff(actor) || socket === undefined) return true;
  const mine = sockets.get(actor.userId);
  if (joining) {
    if (mine === undefined || mine === socket) sockets.set(actor.userId, socket);
    else if (typeof mine === 'string') sockets.set(actor.userId, new Set([mine, socket]));
    else mine.add(socket);
    return true;
  }
  if (typeof mine === 'object') {
    mine.delete(socket);
    if (mine.size > 0) return false;
  } else if (mine !== undefined && mine !== socket) return false;
  sockets.delete(actor.userId);
  return true;
}

/** The room as the sender should see it now, for its socket alone. */
function replyFor({ state, view, deps }: Room, request: CommandRequest): WireFrame[] {
  const { socket, lastSeq, actor } = request;
  if (socket === undefined) return [];
  const to = { socket };
  const replies: WireFrame[] = [];
  if (lastSeq !== undefined && lastSeq <= state.seq) {
    const missedRolls = state.rolls.filter((_, i) => state.rollSeqs[i]! > lastSeq);
    replies.push({ to, data: wire('Reconnected', { missedRolls }, state.seq) });
  }
  const snapshot = snapshotFor(
    state,
    { userId: actor.userId, staff: isStaff(actor) },
    deps.clock.now(),
    view,
  );
  replies.push({ to, data: wire('set_game_state', snapshot, state.seq) });
  return replies;
}

const contextOf = ({ deps, view, setup }: Room) => ({
  now: deps.clock.now(),
  randomInt: deps.randomInt,
  plan: view.plan,
  questions: view.questions,
  orgExpiry: setup.orgExpiry,
  hideRollAnimation: setup.hideRollAnimation,
});

async function execute(room: Room, request: CommandRequest): Promise<CommandResult> {
  if (room.broken) return { error: 'game.unavailable' };
  const { actor, command } = request;
  const gated = gate(room.state, room.gameId !== null, actor, command, contextOf(room));
  if ('error' in gated) return gated;
  if (gated.next === 'snapshot') {
    room.deps.deliver(replyFor(room, request));
    return { ok: true };
  }
  if (gated.next === 'fresh_game') await freshGame(room);
  // The workshop's content may have changed since the lobby opened: the new round uses today's.
  if (command.action === 'start_new_game') await reloadSetup(room);
  const joining = isJoin(command);
  if (command.action === 'leave_room' && !presence(room, request, false)) return { ok: true };
  const result = apply(room.state, actor, command, contextOf(room));
  if ('error' in result) {
    // A refused mark: the screen that showed it at once is told the marks as they are.
    if (command.action === 'mark' && request.socket !== undefined) {
      const marks = markedCells(room.state.players.get(actor.userId));
      const data = wire('marks', { markedCells: marks }, room.state.seq);
      room.deps.deliver([{ to: { socket: request.socket }, data }]);
    }
    return { error: result.error };
  }
  if (joining) presence(room, request, true);
  return commit(room, request, result.events);
}

/** Folds the command's events in, stores them and, once they are durable, sends their frames. */
async function commit(room: Room, request: CommandRequest, events: GameEvent[]): Promise<CommandResult> {
  const { command } = request;
  const { frames, entries } = record(room, events, request.actor.userId);
  scheduleAutoCall(room);
  // A lobby that opened has sent every screen the room (frames.ts); one already open answers the sender.
  if (isJoin(command) || (command.action === 'open_lobby' && events.length === 0)) {
    frames.push(...replyFor(room, request));
  }
  const durable = room.deps.journal.append(entries);
  const sent = room.outbox.then(() => durable).then(() => room.deps.deliver(frames));
  room.outbox = sent.catch(() => undefined);
  try {
    await sent;
  } catch {
    // Nothing of this command was seen; the state in memory is ahead of the log, so start again from it.
    room.broken = true;
    room.deps.onBroken();
    return { error: 'game.unavailable' };
  }
  if (room.state.ended) room.sockets.clear();
  return { ok: true };
}
