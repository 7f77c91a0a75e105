import type { ParticipantKey } from '@playshop/messages';
import {
  type ClientCommand,
  type ClientMessage,
  commandMessage,
  type ServerMessage,
  WS_PATH,
  WS_RECONNECT,
  ZServerMessage,
} from '@playshop/shared';

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'closed' | 'failed';

/**
 * Sends one room's commands: a command of GAME_COMMANDS (protocol.ts), typed by its declaration
 * (`{action: 'get_roll'}`), put in the frame its declaration names by `commandMessage` and handed to
 * the connection's `send`. The caller writes the command only: no frame by hand, nothing cast.
 */
export type RoomCommand = (command: ClientCommand) => void;

export const roomCommand =
  (roomId: number, send: (message: ClientMessage) => void): RoomCommand =>
  (command) =>
    send(commandMessage(roomId, command));

/** The subset of the browser WebSocket this module uses, so tests can hand in a fake. */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}

export interface GameConnectionDeps {
  roomId: number;
  /** An access token for this attempt; reconnects ask for a fresh one (the API client refreshes it). */
  getToken: (attempt: number) => Promise<string | null>;
  /** The last `seq` this client saw, sent back on reconnect. */
  getLastSeq: () => number;
  /** Every valid server frame but `pong`. */
  onMessage: (message: ServerMessage) => void;
  onStatus?: (status: ConnectionStatus) => void;
  /** The connection's notices, as keys of the participant catalogue (`game.wsConnected`). */
  notify: {
    info: (key: ParticipantKey) => void;
    success: (key: ParticipantKey) => void;
    error: (key: ParticipantKey) => void;
  };
  createSocket?: (url: string) => SocketLike;
  /** Page location, for the ws:/wss: choice and the same-origin host. */
  location?: { protocol: string; host: string };
  /** A hidden tab's timers are throttled, so silence there is no stall. */
  isHidden?: () => boolean;
  /** [0, 1): spreads reconnects out (tests pin it). */
  random?: () => number;
}

const OPEN = 1;
const NORMAL_CLOSE = 1000;
/** Our own close code for a socket that went silent (browsers allow 3000–4999). */
export const STALL_CLOSE = 4000;
/** The server's closes that a reconnect cannot undo: removed by the facilitator (4001), rights gone (4403). */
const FINAL_CLOSES = [4001, 4403];
/** The server instance is restarting (1012) after handing its rooms to another: come back at once. */
export const RESTART_CLOSE = 1012;
/**
 * A restart's reconnects are jittered over this long. The server already closes its sockets a slice
 * at a time (RESTART_CLOSES_PER_SECOND); this only parts the sockets of one slice, and every
 * millisecond of it is time a screen goes without frames.
 */
export const RESTART_SPREAD_MS = 250;
/**
 * The client's heartbeat: a `ping` (the server answers `pong`) when the socket has been quiet this
 * long. A frame heard is as good as a pong, so a game in play is not pinged each 5 s as well (issue 46:
 * a budget phone pays a task and a send for each).
 */
export const HEARTBEAT_MS = 5_000;
/**
 * A ping at least this often while open, frames or not: the server closes a socket it has not heard
 * from in WS_IDLE_CLOSE_MS, and each pong brings a fresh resume ticket (RESUME_TICKET_USE_MS).
 */
export const KEEPALIVE_MS = 60_000;
/** No frame for this long (or a socket that does not open in this time) is a stall. */
export const STALL_MS = 10_000;
/** How often a socket still opening is looked at (its timeout, and its first ping once open). */
const CONNECTING_CHECK_MS = 1_000;
/** A move's new socket without the room this long is given up (the server closes the old one within 20 s). */
export const MOVE_GIVE_UP_MS = 30_000;
/**
 * A resume ticket (`pong.resume`) is used for a reconnect while younger than this; the server's are
 * good for 10 minutes and handed again every 2 while the socket is open.
 */
export const RESUME_TICKET_USE_MS = 5 * 60_000;

/** `ws://host/ws?token=…` (or `?resume=…` with a resume ticket) on the page's own origin, wss: under https. */
export function socketUrl(
  location: { protocol: string; host: string },
  token: string,
  param: 'token' | 'resume' = 'token',
): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${WS_PATH}?${param}=${encodeURIComponent(token)}`;
}

/**
 * Backoff of SPEC §9: 1 s, doubling, at most 32 s. `attempt` counts from 1. With jitter: a random
 * point in the second half of that step (`random` in [0, 1); 1 gives the step itself), so a room
 * whose Wi-Fi dropped every phone at once does not come back as one synchronized herd each step.
 */
export function reconnectDelay(attempt: number, random = 1): number {
  const step = Math.min(WS_RECONNECT.initialDelayMs * 2 ** (attempt - 1), WS_RECONNECT.maxDelayMs);
  return Math.round(step * (0.5 + random / 2));
}

/** A server frame, or null for anything that is not one (bad JSON, unknown type, wrong fields). */
export function parseServerFrame(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    const parsed = ZServerMessage.safeParse(value);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Commands the server applies once however often they arrive (a second claim, answer, ready or mark
 * of the same thing does nothing: docs/protocol.md): the only ones sent again when it is not certain
 * that the server got them. A roll, content, a timer or a new round would happen twice.
 */
const REPEATABLE = new Set([
  'ready',
  'check_win',
  'mark',
  'answer_question',
  'open_lobby',
  'start_game',
  'game_state',
  'hide_roll_animation',
  'pause_auto_call',
  'resume_auto_call',
  'set_points_table',
  'close_question',
  'reveal_answer',
]);
const isRepeatable = (message: ClientMessage) =>
  REPEATABLE.has('action' in message.payload ? message.payload.action : message.type);

/** A command on its way: the socket it went out on (null: not yet) and the ping after it. */
interface Pending {
  message: ClientMessage;
  on: SocketLike | null;
  ping: number;
}

/**
 * One game socket with the reconnect policy of SPEC §4/§9: a close other than 1000 shows
 * 'Websocket connection closed unexpectedly' and tries again after 1, 2, 4, 8 and 16 s (5 tries),
 * each with a fresh token; when back it sends `reconnect` with the last seq seen, so the server
 * replays what was missed. The first open sends `join_room`. A socket that stays silent for
 * STALL_MS although it is pinged every HEARTBEAT_MS is closed and treated as dropped: a stalled
 * network shows within seconds instead of looking live.
 *
 * What is sent goes out on the socket in use, or waits for the next one. The server answers a
 * socket's frames in order, so a `pong` tells that everything sent on it before the `ping` arrived:
 * a repeatable command stays, with a ping after it, until that pong; when its socket drops (or a move
 * replaces it) first, it is sent again on the next one.
 */
class Connection {
  readonly #deps: GameConnectionDeps;
  #createSocket: (url: string) => SocketLike;
  #location: { protocol: string; host: string };
  #isHidden: () => boolean;
  #random: () => number;
  #socket: SocketLike | null = null;
  #status: ConnectionStatus = 'connecting';
  #everOpened = false;
  #isOpening = false;
  /** resume() came while a try waited for its token: if that try fails, the next is at once. */
  #isResumeAsked = false;
  #attempt = 0;
  #retry: ReturnType<typeof setTimeout> | null = null;
  #tick: ReturnType<typeof setTimeout> | null = null;
  #lastHeard = 0;
  #lastPing = 0;
  #disposed = false;
  #hasWarned = false;
  /** The server's last resume ticket and when it came (Date.now()). */
  #ticket: { value: string; at: number } | null = null;
  /** The socket a `move` opened, until it has the room (then it is `socket`) or fails. */
  #mover: SocketLike | null = null;
  #moverTimer: ReturnType<typeof setTimeout> | null = null;
  /**
   * The server is restarting (1012, `move`): until a socket is open again, a failed try (an upgrade
   * the stopping instance refuses, a ticket refused) is tried again without an error on screen.
   */
  #isRestarting = false;
  #outbox: Pending[] = [];
  /** Pings sent on the socket in use, and pongs that answered them. */
  #pings = 0;
  #pongs = 0;

  constructor(deps: GameConnectionDeps) {
    this.#deps = deps;
    this.#createSocket = deps.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    this.#location = deps.location ?? window.location;
    this.#isHidden = deps.isHidden ?? (() => typeof document !== 'undefined' && document.hidden);
    this.#random = deps.random ?? Math.random;
  }

  start() {
    void this.#open();
  }

  /** Sends now, or as soon as a socket is open again; a repeatable command until the server has it. */
  send(message: ClientMessage) {
    const ws = this.#socket;
    if (!ws || ws.readyState !== OPEN) return void this.#outbox.push({ message, on: null, ping: 0 });
    this.#write(ws, message);
    if (!isRepeatable(message)) return;
    this.#outbox.push({ message, on: ws, ping: this.#pings + 1 });
    this.#ping(ws);
  }

  /**
   * The browser is back online, the tab is visible again, or the player pressed Retry: a waiting
   * reconnect happens now (after the last failed try, a new round of tries starts); an open
   * socket is pinged and has STALL_MS to answer.
   */
  resume() {
    if (this.#disposed) return;
    // A try waiting for its token (a refresh begun offline may fail now): its retry is at once.
    if (this.#isOpening) {
      this.#isResumeAsked = true;
      return;
    }
    const ws = this.#socket;
    if (ws && (ws.readyState === OPEN || this.#status !== 'reconnecting')) {
      this.#lastHeard = Date.now();
      if (ws.readyState === OPEN) this.#ping(ws);
      return;
    }
    // A reconnect try still opening may have begun offline, where it hangs until its stall (STALL_MS,
    // longer than any player waits): it is dropped for a new one now.
    if (ws) this.#abandon(ws);
    if (this.#status !== 'reconnecting' && this.#status !== 'failed') return;
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    if (this.#status === 'failed') this.#attempt = 0;
    void this.#open();
  }

  /** Closes on purpose (code 1000): no reconnect. */
  close() {
    this.#disposed = true;
    if (this.#retry) clearTimeout(this.#retry);
    if (this.#mover) this.#abandonMove(this.#mover);
    const ws = this.#socket;
    this.#detach();
    ws?.close(NORMAL_CLOSE);
    this.#setStatus('closed');
  }

  #setStatus(next: ConnectionStatus) {
    this.#status = next;
    this.#deps.onStatus?.(next);
  }

  async #open() {
    if (this.#disposed || this.#socket || this.#isOpening) return;
    const isFirst = this.#attempt === 0 && !this.#everOpened;
    this.#isOpening = true;
    this.#setStatus(isFirst ? 'connecting' : 'reconnecting');
    if (isFirst) this.#deps.notify.info('game.wsConnecting');
    // Back after a drop with a fresh ticket: no token (no refresh call), and any instance admits it
    // without a database read (a venue's thousands of reconnects at once: docs/protocol.md).
    const ticket = this.#ticket;
    const resume = ticket && Date.now() - ticket.at < RESUME_TICKET_USE_MS ? ticket.value : null;
    // A ticket is tried once: if that socket does not open, the next try takes a token.
    this.#ticket = null;
    const token = resume ?? (await this.#deps.getToken(this.#attempt).catch(() => null));
    this.#isOpening = false;
    if (this.#disposed) return;
    if (!token) return this.#handleClose(4401);
    this.#isResumeAsked = false;
    const ws = this.#connect(token, resume ? 'resume' : 'token');
    this.#use(ws, false);
    ws.onopen = () => {
      if (this.#socket === ws) this.#opened(ws);
    };
  }

  #connect(token: string, param: 'token' | 'resume') {
    return this.#createSocket(socketUrl(this.#location, token, param));
  }

  #opened(ws: SocketLike) {
    const wasReconnect = this.#everOpened;
    this.#everOpened = true;
    this.#attempt = 0;
    this.#isRestarting = false;
    // Its first ping a heartbeat from now, its next stall check from now too.
    this.#watch(ws);
    this.#setStatus('open');
    this.#deps.notify.success(wasReconnect ? 'game.wsReconnected' : 'game.wsConnected');
    if (wasReconnect) this.#sendReconnect(ws);
    else this.#write(ws, { type: 'room_event', payload: { action: 'join_room', roomId: this.#deps.roomId } });
    this.#flush(ws);
  }

  #sendReconnect(ws: SocketLike) {
    const { roomId, getLastSeq } = this.#deps;
    this.#write(ws, { type: 'room_event', payload: { action: 'reconnect', roomId, lastSeq: getLastSeq() } });
  }

  /** `ws` is the socket in use now: watched and listened to. Its first frame (a `pong` or `move`) answers no ping. */
  #use(ws: SocketLike, isGreeted: boolean) {
    this.#socket = ws;
    this.#pings = 0;
    this.#pongs = 0;
    this.#watch(ws);
    ws.onmessage = (event) => {
      if (this.#socket !== ws) return;
      this.#lastHeard = Date.now();
      const wasGreeted = isGreeted;
      isGreeted = true;
      const message = parseServerFrame(event.data);
      if (!message) return this.#warnOnce(event.data);
      if (message.type === 'move') return this.#moveTo(message.payload.resume);
      if (message.type !== 'pong') return this.#deps.onMessage(message);
      if (message.payload.resume) this.#ticket = { value: message.payload.resume, at: Date.now() };
      if (wasGreeted) this.#ponged(ws);
    };
    ws.onerror = () => {
      if (this.#socket === ws && !this.#everOpened && this.#attempt === 0)
        this.#deps.notify.error('game.wsFailedToConnect');
    };
    ws.onclose = (event) => {
      if (this.#socket !== ws) return;
      this.#detach();
      // Its screen is moving: the new socket brings the room (or, if it fails, the usual reconnect),
      // given STALL_MS from now, as any socket that does not open.
      if (!this.#mover) return this.#handleClose(event.code);
      this.#isRestarting = true;
      this.#giveUpMoveIn(this.#mover, STALL_MS);
    };
  }

  /**
   * The server instance is stopping and another serves the room (`move`, a rolling restart): a new
   * socket opens now, with the ticket the move brought, while this one still brings the room's
   * frames. From the new socket's snapshot on (what it sent before is in the snapshot) it is the
   * socket in use, and this one is closed: no moment without frames, and nothing on screen.
   */
  #moveTo(resumeTicket: string) {
    if (this.#mover || this.#disposed) return;
    const ws = this.#connect(resumeTicket, 'resume');
    this.#mover = ws;
    // While the old socket brings frames, a slow new one costs nothing: it is given up only when it
    // has not brought the room MOVE_GIVE_UP_MS after the move, or STALL_MS after the old one closed.
    this.#giveUpMoveIn(ws, MOVE_GIVE_UP_MS);
    ws.onopen = () => {
      if (this.#mover === ws) this.#sendReconnect(ws);
    };
    ws.onmessage = (event) => {
      if (this.#mover !== ws) return;
      const message = parseServerFrame(event.data);
      if (message?.type === 'pong' && message.payload.resume) {
        this.#ticket = { value: message.payload.resume, at: Date.now() };
      }
      if (message?.type === 'set_game_state' && 'roomId' in message.payload) this.#arrive(ws, message);
    };
    ws.onerror = () => undefined;
    ws.onclose = () => this.#abandonMove(ws);
  }

  /** The move's socket brought the room: it is the socket in use, and the old one is closed. */
  #arrive(ws: SocketLike, snapshot: ServerMessage) {
    const old = this.#socket;
    this.#settleMove();
    if (old) {
      this.#detach();
      old.onclose = null;
      old.onmessage = null;
      old.close(NORMAL_CLOSE);
    }
    this.#use(ws, true);
    this.#isRestarting = false;
    this.#attempt = 0;
    if (this.#status !== 'open') this.#setStatus('open');
    this.#deps.onMessage(snapshot);
    this.#flush(ws);
  }

  #giveUpMoveIn(ws: SocketLike, ms: number) {
    if (this.#moverTimer) clearTimeout(this.#moverTimer);
    this.#moverTimer = setTimeout(() => this.#abandonMove(ws), ms);
  }

  #settleMove() {
    this.#mover = null;
    if (this.#moverTimer) clearTimeout(this.#moverTimer);
    this.#moverTimer = null;
  }

  /** The move's socket failed: the old one still serves, or its 1012 already came (reconnect, quietly). */
  #abandonMove(ws: SocketLike) {
    if (this.#mover !== ws) return;
    this.#settleMove();
    ws.onclose = null;
    ws.onmessage = null;
    ws.close(NORMAL_CLOSE);
    if (!this.#socket && !this.#retry && !this.#isOpening) this.#handleClose(RESTART_CLOSE);
  }

  /**
   * Pings while open; a socket silent for STALL_MS (open or still connecting) is given up. One timer,
   * set for the next moment either is due, not a tick a second: a phone is not woken five times for
   * each ping (issue 46: a budget phone). A ping is due HEARTBEAT_MS after the last ping or frame,
   * whichever came later, and KEEPALIVE_MS after the last ping at most.
   */
  #watch(ws: SocketLike) {
    if (this.#tick) clearTimeout(this.#tick);
    this.#lastHeard = Date.now();
    this.#lastPing = this.#lastHeard;
    const pingDue = () =>
      Math.min(Math.max(this.#lastPing, this.#lastHeard) + HEARTBEAT_MS, this.#lastPing + KEEPALIVE_MS);
    const next = (now: number) => {
      // Still opening: looked at each CONNECTING_CHECK_MS for its stall (open, it is watched anew).
      const due = Math.min(
        this.#lastHeard + STALL_MS,
        ws.readyState === OPEN ? pingDue() : now + CONNECTING_CHECK_MS,
      );
      this.#tick = setTimeout(check, due - now);
    };
    const check = () => {
      if (this.#socket !== ws) return;
      const now = Date.now();
      if (this.#isHidden()) this.#lastHeard = now;
      if (now - this.#lastHeard >= STALL_MS) return this.#stall(ws);
      if (ws.readyState === OPEN && now >= pingDue()) this.#ping(ws);
      next(now);
    };
    next(this.#lastHeard);
  }

  /** A try that has not opened, given up quietly: its close is not a failure of its own. */
  #abandon(ws: SocketLike) {
    this.#detach();
    ws.onopen = null;
    ws.onclose = null;
    ws.onmessage = null;
    ws.close(NORMAL_CLOSE);
  }

  #stall(ws: SocketLike) {
    this.#detach();
    ws.close(STALL_CLOSE);
    this.#handleClose(STALL_CLOSE);
  }

  #detach() {
    this.#socket = null;
    if (this.#tick) clearTimeout(this.#tick);
    this.#tick = null;
  }

  #warnOnce(data: unknown) {
    if (this.#hasWarned) return;
    this.#hasWarned = true;
    console.warn('Game socket: dropped a frame that is not in the protocol', data);
  }

  #handleClose(code: number) {
    if (this.#disposed) return;
    const { notify } = this.#deps;
    // A normal close, or closed by the server on purpose (removed from the room, rights gone): trying again cannot help.
    if (code === NORMAL_CLOSE || FINAL_CLOSES.includes(code)) {
      this.#setStatus('closed');
      if (code === NORMAL_CLOSE) notify.info('game.wsDisconnected');
      return;
    }
    // A rolling restart: the room is already with another instance; back at once, quietly.
    if (code === RESTART_CLOSE) {
      this.#isRestarting = true;
      this.#setStatus('reconnecting');
      return this.#retryIn(this.#random() * RESTART_SPREAD_MS);
    }
    // A try after a restart that did not open (the stopping instance refusing the upgrade, a ticket
    // refused) is part of the restart: tried again on the same backoff, with nothing on screen.
    if (!this.#isRestarting) notify.error('game.wsClosedUnexpectedly');
    this.#attempt += 1;
    if (this.#attempt > WS_RECONNECT.maxAttempts) {
      this.#setStatus('failed');
      return notify.error('game.wsFailedToReconnect');
    }
    this.#setStatus('reconnecting');
    if (!this.#isRestarting) notify.info('game.wsAttemptingReconnect');
    this.#retryIn(this.#isResumeAsked ? 0 : reconnectDelay(this.#attempt, this.#random()));
    this.#isResumeAsked = false;
  }

  #retryIn(ms: number) {
    this.#retry = setTimeout(() => {
      this.#retry = null;
      void this.#open();
    }, ms);
  }

  #write(ws: SocketLike, message: ClientMessage) {
    ws.send(JSON.stringify(message));
  }

  #ping(ws: SocketLike) {
    this.#lastPing = Date.now();
    this.#pings += 1;
    this.#write(ws, { type: 'ping', payload: {} });
  }

  /** `ws` is the socket in use now, past its join or reconnect: what it has not carried goes on it. */
  #flush(ws: SocketLike) {
    const due = this.#outbox.filter((p) => p.on !== ws);
    this.#outbox = this.#outbox.filter((p) => p.on === ws);
    for (const p of due) this.send(p.message);
  }

  /** A pong on `ws` that answers one of our pings: what went out before that ping has arrived. */
  #ponged(ws: SocketLike) {
    const pongs = ++this.#pongs;
    this.#outbox = this.#outbox.filter((p) => p.on !== ws || p.ping > pongs);
  }
}

export function createGameConnection(deps: GameConnectionDeps) {
  return new Connection(deps);
}

export type GameConnection = ReturnType<typeof createGameConnection>;
