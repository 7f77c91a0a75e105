import { randomUUID } from 'node:crypto';
import { english } from '@playshop/messages/english';
import {
  type ClientMessage,
  commandSpec,
  type GameCommand,
  type MessageKey,
  ZClientMessage,
} from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { Db } from '../db/client';
import { isDatabaseOutage } from '../http/db-errors';
import type { hostileInputLog } from '../http/logging';
import { countGameCommand } from '../observability/metrics';
import type { AccessTokenCheck } from '../sessions/authenticate';
import { RESUME_REISSUE_MS, type ResumeTickets } from '../sessions/resume-tickets';
import type { SessionEnds } from '../sessions/sessions';
import type { AccessClaims, AccessTokens } from '../sessions/tokens';
import type { RoomDirectory } from './directory';
import { isJoin } from './engine';
import { wire } from './frames';
import { type Connection, type Hub, SLOW_CLOSE_CODE } from './hub';
import { REMOVED_CLOSE_CODE } from './room';

/** What a game socket says once it is open, and what it is told back (the upgrade is socket.ts). */

export interface GameSocketDeps {
  tokens: AccessTokens;
  /** The app's one token check, shared with REST (a crowd's connects share its reads). */
  checkToken: AccessTokenCheck;
  /** Resume tickets: a dropped screen comes back on any instance without a token check (resume.ts). */
  tickets: ResumeTickets;
  /** Ended sessions, kept in step across instances: a socket of one acts no more (sessions/sessions.ts). */
  ends: SessionEnds;
  db: Db;
  rooms: RoomDirectory;
  hub: Hub;
  allowedOrigins: readonly string[];
  idleCloseMs?: number;
  heartbeatMs?: number;
  revalidateMs?: number;
  limits?: Partial<SocketLimits>;
}

export interface SocketLimits {
  /** Open game sockets of one user on this instance; the next one is closed at once. */
  socketsPerUser: number;
  /** Commands a socket may send per second, on average, and in one burst. */
  commandsPerSecond: number;
  burst: number;
}

/** What the parts of the game socket share: the app, its dependencies and the sockets open here. */
export interface GameSockets {
  app: FastifyInstance;
  deps: GameSocketDeps;
  limits: SocketLimits;
  open: Set<Live>;
  /** Open sockets per user on this instance. */
  perUser: Map<number, number>;
  /** Refused frames are logged once a minute per user, without payloads (a log flood otherwise). */
  hostile: ReturnType<typeof hostileInputLog>;
  /** Set once the rooms are handed off: a socket opening here from then on is told to move at once. */
  moving: boolean;
  /** The hand-over under way, when this instance is stopping. */
  draining: Promise<void> | null;
}

/** A command that holds its socket's queue this long stalled it: the Rolls pressed meanwhile count once. */
const STALLED_COMMAND_MS = 1_000;

const DONE = Promise.resolve();
const TEXT_FRAME = { binary: false } as const;
/** The heartbeat sweep's ticks per heartbeat. */
export const SWEEP_SLICES = 30;
let nextSweepSlice = 0;
/**
 * What this instance keeps per socket, which is also the hub's Connection: one object with its
 * methods on the prototype and no closures of its own, since a room may hold 10,000 of them (the
 * bench's heap snapshots: per-socket arrow functions cost about 1 KiB a socket).
 */
export class Live implements Connection {
  readonly key = randomUUID();
  readonly actor: Connection['actor'];
  roomId: number | null = null;
  /** The session it speaks for: once that ends (sessions/sessions.ts) the socket goes and acts no more. */
  readonly sessionId: string;
  readonly orgName: string;
  alive = true;
  lastMessageAt = Date.now();
  tokens: number;
  refilledAt = Date.now();
  refusals = 0;
  /** The socket's messages, one after another. */
  queue: Promise<void> = DONE;
  /** Rolls waiting in `queue`, and when a command last held the queue STALLED_COMMAND_MS (see `handle`). */
  rollsQueued = 0;
  stalledUntil = 0;
  /** When this socket was last handed a resume ticket. */
  ticketAt = 0;
  /** Which tick of the heartbeat sweep looks at this socket. */
  readonly sweepSlice = nextSweepSlice++ % SWEEP_SLICES;

  constructor(
    readonly socket: WebSocket,
    claims: AccessClaims,
    /** The instance's game sockets, shared by all (one reference, no closure per socket). */
    readonly sockets: GameSockets,
  ) {
    this.actor = { userId: claims.userId, username: claims.username, role: claims.role, orgId: claims.orgId };
    this.sessionId = claims.sessionId;
    this.orgName = claims.orgName;
    this.tokens = sockets.limits.burst;
  }

  send(_data: string, utf8: Buffer) {
    // The room's one encoding of the frame: ws writes it after a header of its own, without a copy.
    this.socket.send(utf8, TEXT_FRAME);
  }
  close(code: number, reason: string) {
    // A socket that fell behind would get its close frame after the megabyte it did not read, and
    // ws waits 30 s for the answer: let go of it and its buffer now. The phone sees the connection
    // drop, reconnects and resyncs from its snapshot.
    if (code === SLOW_CLOSE_CODE) this.socket.terminate();
    else this.socket.close(code, reason);
  }
  bufferedAmount() {
    return this.socket.bufferedAmount;
  }
  /** What a resume ticket of this socket says. */
  get claims(): AccessClaims {
    return { ...this.actor, orgName: this.orgName, sessionId: this.sessionId };
  }
}
/** The close of a socket whose session ended, or whose rights the recheck found gone. */
export const RIGHTS_CLOSE_CODE = 4403;

/** Whether the socket's session ended: if so it is closed, and nothing it sent is applied. */
export function sessionEnded(live: Live): boolean {
  if (!live.sockets.deps.ends.isEnded(live.sessionId)) return false;
  live.socket.close(RIGHTS_CLOSE_CODE, english('errors.sessionExpired'));
  return true;
}

/** The socket's Live, for the listeners that every socket shares (called with the socket as `this`). */
export const LIVE = Symbol('live');
export type GameWebSocket = WebSocket & { [LIVE]: Live };

/** A `pong`, with a new resume ticket when the socket's last one is getting old. */
export function sendPong(live: Live) {
  const now = Date.now();
  if (now - live.ticketAt < RESUME_REISSUE_MS) return live.socket.send(wire('pong', {}));
  live.ticketAt = now;
  live.socket.send(wire('pong', { resume: live.sockets.deps.tickets.issue(live.claims, now) }));
}

/** `move`: another instance serves the room now; the ticket brings the screen back there. */
export function sendMove(live: Live) {
  const now = Date.now();
  live.ticketAt = now;
  live.socket.send(wire('move', { resume: live.sockets.deps.tickets.issue(live.claims, now) }));
}

/**
 * The game refuses with a key; the frame carries it for the reader's language, and its English (the
 * English catalogue's) in `error`, filled here at the edge.
 */
const sendError = (live: Live, key: MessageKey, text = english(key)) =>
  live.socket.send(wire('error_event', { error: text, key }));

/** A token bucket per socket: a burst is fine, a flood is refused and then closed. */
function allowed(live: Live): boolean {
  const { limits } = live.sockets;
  const now = Date.now();
  live.tokens = Math.min(
    limits.burst,
    live.tokens + ((now - live.refilledAt) / 1000) * limits.commandsPerSecond,
  );
  live.refilledAt = now;
  if (live.tokens >= 1) {
    live.tokens -= 1;
    return true;
  }
  live.refusals += 1;
  if (live.refusals > limits.burst) live.socket.close(1008, english('game.tooManyMessages'));
  return false;
}

/** A frame read as the shared schema says, or why not; parsed on arrival, handled in turn. */
function parse(data: string | undefined) {
  let json: unknown;
  try {
    json = data === undefined ? undefined : JSON.parse(data);
  } catch {
    json = undefined;
  }
  return ZClientMessage.safeParse(json);
}
type Parsed = ReturnType<typeof parse>;

/** What a client message asks of a room; null for messages that are not room commands (ping). */
export interface Dispatch {
  roomId: number;
  command: GameCommand;
  /** join_room and reconnect put the socket in the room; leave_room takes it out (GAME_COMMANDS' `socket`). */
  socket: 'join' | 'leave' | null;
  lastSeq?: number;
}

/**
 * The wire to the engine (SPEC §4 messages): a frame's payload is the command itself, named by its
 * `action` as GAME_COMMANDS declares it, less the room it is for. No case per command: a command
 * declared there reaches the engine's rule of the same name.
 */
export function dispatch(message: ClientMessage): Dispatch | null {
  if (message.type === 'ping') return null;
  if (message.type === 'ready') return toRoom(message.payload.roomId, { action: 'ready' });
  const { roomId, ...command } = message.payload;
  return toRoom(roomId, command, command.action === 'reconnect' ? command.lastSeq : undefined);
}

const toRoom = (roomId: number, command: GameCommand, lastSeq?: number): Dispatch => ({
  roomId,
  command,
  socket: commandSpec(command.action).socket ?? null,
  ...(lastSeq === undefined ? {} : { lastSeq }),
});

const isRoll = (parsed: Parsed) =>
  parsed.success && parsed.data.type === 'game_event' && parsed.data.payload.action === 'get_roll';

async function handle(live: Live, parsed: Parsed, arrivedAt: number) {
  // Checked as each command is applied, not only by the recheck: a session that ended a moment
  // ago (on this instance or another) acts no more.
  if (sessionEnded(live)) return;
  if (isRoll(parsed)) {
    live.rollsQueued -= 1;
    // Roll pressed again and again while a command of this socket had no answer (the room moving
    // to another instance, a stalled owner): the presses made meanwhile count once, the last, not
    // a ball each. After a takeover at 10,000 players the queued presses drew 43 balls, 430,000
    // frames (docs/performance.md). Presses that are only quick (a double click) each draw.
    if (live.rollsQueued > 0 && arrivedAt <= live.stalledUntil) return;
  }
  if (!parsed.success) {
    live.sockets.hostile.report('ws-frame', String(live.actor.userId), 'invalid frame');
    return sendError(live, 'game.invalidMessage');
  }
  const action = 'action' in parsed.data.payload ? parsed.data.payload.action : undefined;
  countGameCommand(parsed.data.type, action);
  const request = dispatch(parsed.data);
  if (request === null) return sendPong(live);
  if (!allowed(live)) return sendError(live, 'game.tooManyMessages');
  await run(live, request);
}

/** A command on the room it names; a join moves the socket there, a refused one puts it back. */
async function run(live: Live, request: Dispatch) {
  const { rooms, hub } = live.sockets.deps;
  const before = live.roomId;
  // In the room before the command runs, so the frames it makes (the snapshot among them) reach it.
  if (request.socket === 'join') hub.join(live, request.roomId);
  const { roomId, command, lastSeq } = request;
  const result = await rooms.execute({ roomId, actor: live.actor, command, socket: live.key, lastSeq });
  if ('error' in result) {
    // A refused join leaves the socket where it was.
    if (request.socket === 'join' && before !== request.roomId) {
      if (before === null) hub.leave(live);
      else hub.join(live, before);
    }
    return refused(live, request, result.error);
  }
  if (request.socket === 'leave') hub.leave(live);
  // A socket that moved to another room has left the one it was in.
  if (request.socket === 'join' && before !== null && before !== request.roomId) {
    await rooms.execute({
      roomId: before,
      actor: live.actor,
      command: { action: 'leave_room' },
      socket: live.key,
    });
  }
}

function refused(live: Live, request: Dispatch, error: MessageKey) {
  const text = english(error);
  if (isJoin(request.command) && error === 'game.lobbyNotOpen') {
    return live.socket.send(wire('join_room', { message: text }));
  }
  // A removed player coming back is told so as at the removal, and their screen leaves the room.
  if (isJoin(request.command) && error === 'game.removedFromRoom') {
    live.socket.send(wire('removed', { message: text, key: error }));
    return live.socket.close(REMOVED_CLOSE_CODE, text);
  }
  sendError(live, error, text);
  // SPEC: an expired licence locks its users out at once, open sockets included.
  if (error === 'errors.orgExpired') live.socket.close(4403, text);
}

// The listeners every game socket shares; `this` is the socket.
export function onPong(this: GameWebSocket) {
  this[LIVE].alive = true;
}
// One message at a time per socket, in order: a player's join lands before their claim.
export function onMessage(this: GameWebSocket, data: RawData, isBinary: boolean) {
  const live = this[LIVE];
  live.lastMessageAt = Date.now();
  live.alive = true;
  const parsed = parse(isBinary ? undefined : data.toString());
  if (isRoll(parsed)) live.rollsQueued += 1;
  const arrivedAt = live.lastMessageAt;
  live.queue = live.queue
    .then(async () => {
      const started = Date.now();
      await handle(live, parsed, arrivedAt);
      const now = Date.now();
      if (now - started >= STALLED_COMMAND_MS) live.stalledUntil = now;
    })
    .catch(async (err) => {
      // The database down: said as the outage it is for as long as it lasts, however it failed.
      if (await isDatabaseOutage(err, live.sockets.deps.db)) return sendError(live, 'game.unavailable');
      live.sockets.app.log.error({ err }, 'game message failed');
      sendError(live, 'game.somethingWentWrong');
    });
}
export function onClose(this: GameWebSocket) {
  const live = this[LIVE];
  const { open, perUser, deps, app } = live.sockets;
  open.delete(live);
  const { userId } = live.actor;
  const left = (perUser.get(userId) ?? 1) - 1;
  if (left > 0) perUser.set(userId, left);
  else perUser.delete(userId);
  void live.queue.then(async () => {
    const roomId = live.roomId;
    deps.hub.leave(live);
    if (roomId === null) return;
    // A player is away once their last socket in the room is gone (room.ts counts them).
    await deps.rooms
      .execute({ roomId, actor: live.actor, command: { action: 'leave_room' }, socket: live.key })
      .catch((err) => app.log.warn({ err }, 'could not record a player leaving'));
  });
}
