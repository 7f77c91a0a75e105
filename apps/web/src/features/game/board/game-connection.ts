import {
  type ClientMessage,
  GAME_TEXTS,
  type ServerMessage,
  WS_PATH,
  WS_RECONNECT,
  ZServerMessage,
} from '@playshop/shared';

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'closed' | 'failed';

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
  notify: { info: (text: string) => void; success: (text: string) => void; error: (text: string) => void };
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
/** The client's heartbeat: a `ping` this often while open (the server answers `pong`). */
export const HEARTBEAT_MS = 5_000;
/** No frame for this long (or a socket that does not open in this time) is a stall. */
export const STALL_MS = 10_000;
const TICK_MS = 1_000;
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
    const parsed = ZServerMessage.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * One game socket with the reconnect policy of SPEC §4/§9: a close other than 1000 shows
 * 'Websocket connection closed unexpectedly' and tries again after 1, 2, 4, 8 and 16 s (5 tries),
 * each with a fresh token; when back it sends `reconnect` with the last seq seen, so the server
 * replays what was missed. The first open sends `join_room`. A socket that stays silent for
 * STALL_MS although it is pinged every HEARTBEAT_MS is closed and treated as dropped: a stalled
 * network shows within seconds instead of looking live.
 */
export function createGameConnection(deps: GameConnectionDeps) {
  const createSocket = deps.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const location = deps.location ?? window.location;
  const isHidden = deps.isHidden ?? (() => typeof document !== 'undefined' && document.hidden);
  const random = deps.random ?? Math.random;
  let socket: SocketLike | null = null;
  let status: ConnectionStatus = 'connecting';
  let everOpened = false;
  let isOpening = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let tick: ReturnType<typeof setInterval> | null = null;
  let lastHeard = 0;
  let lastPing = 0;
  let disposed = false;
  let hasWarned = false;
  /** The server's last resume ticket and when it came (Date.now()). */
  let ticket: { value: string; at: number } | null = null;
  /** The socket a `move` opened, until it has the room (then it is `socket`) or fails. */
  let mover: SocketLike | null = null;
  let moverTimer: ReturnType<typeof setTimeout> | null = null;
  /**
   * The server is restarting (1012, `move`): until a socket is open again, a failed try (an upgrade
   * the stopping instance refuses, a ticket refused) is tried again without an error on screen.
   */
  let isRestarting = false;
  const outbox: ClientMessage[] = [];

  const setStatus = (next: ConnectionStatus) => {
    status = next;
    deps.onStatus?.(next);
  };

  async function open() {
    if (disposed || socket || isOpening) return;
    isOpening = true;
    setStatus(attempt === 0 && !everOpened ? 'connecting' : 'reconnecting');
    if (attempt === 0 && !everOpened) deps.notify.info(GAME_TEXTS.wsConnecting);
    // Back after a drop with a fresh ticket: no token (no refresh call), and any instance admits it
    // without a database read (a venue's thousands of reconnects at once: docs/protocol.md).
    const resume = ticket && Date.now() - ticket.at < RESUME_TICKET_USE_MS ? ticket.value : null;
    // A ticket is tried once: if that socket does not open, the next try takes a token.
    ticket = null;
    let token: string | null = resume;
    if (!resume) {
      try {
        token = await deps.getToken(attempt);
      } catch {
        token = null;
      }
    }
    isOpening = false;
    if (disposed) return;
    if (!token) return handleClose(4401);
    const ws = createSocket(socketUrl(location, token, resume ? 'resume' : 'token'));
    socket = ws;
    watch(ws);
    ws.onopen = () => {
      if (socket !== ws) return;
      const wasReconnect = everOpened;
      everOpened = true;
      attempt = 0;
      isRestarting = false;
      lastHeard = Date.now();
      setStatus('open');
      if (wasReconnect) {
        deps.notify.success(GAME_TEXTS.wsReconnected);
        sendReconnect(ws);
      } else {
        deps.notify.success(GAME_TEXTS.wsConnected);
        rawSend({ type: 'room_event', payload: { action: 'join_room', roomId: deps.roomId } });
      }
      for (const message of outbox.splice(0)) rawSend(message);
    };
    listen(ws);
  }

  function sendReconnect(ws: SocketLike) {
    const lastSeq = deps.getLastSeq();
    ws.send(
      JSON.stringify({ type: 'room_event', payload: { action: 'reconnect', roomId: deps.roomId, lastSeq } }),
    );
  }

  /** The listeners of the socket in use. */
  function listen(ws: SocketLike) {
    ws.onmessage = (event) => {
      if (socket !== ws) return;
      lastHeard = Date.now();
      const message = parseServerFrame(event.data);
      if (!message) return warnOnce(event.data);
      if (message.type === 'move') return moveTo(message.payload.resume);
      if (message.type !== 'pong') deps.onMessage(message);
      else if (message.payload.resume) ticket = { value: message.payload.resume, at: Date.now() };
    };
    ws.onerror = () => {
      if (socket === ws && !everOpened && attempt === 0) deps.notify.error(GAME_TEXTS.wsFailedToConnect);
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      detach();
      // Its screen is moving: the new socket brings the room (or, if it fails, the usual reconnect),
      // given STALL_MS from now, as any socket that does not open.
      if (mover) {
        isRestarting = true;
        const moving = mover;
        if (moverTimer) clearTimeout(moverTimer);
        moverTimer = setTimeout(() => abandonMove(moving), STALL_MS);
        return;
      }
      handleClose(event.code);
    };
  }

  /**
   * The server instance is stopping and another serves the room (`move`, a rolling restart): a new
   * socket opens now, with the ticket the move brought, while this one still brings the room's
   * frames. From the new socket's snapshot on (what it sent before is in the snapshot) it is the
   * socket in use, and this one is closed: no moment without frames, and nothing on screen.
   */
  function moveTo(resumeTicket: string) {
    if (mover || disposed) return;
    const ws = createSocket(socketUrl(location, resumeTicket, 'resume'));
    mover = ws;
    // While the old socket brings frames, a slow new one costs nothing: it is given up only when it
    // has not brought the room MOVE_GIVE_UP_MS after the move, or STALL_MS after the old one closed.
    moverTimer = setTimeout(() => abandonMove(ws), MOVE_GIVE_UP_MS);
    ws.onopen = () => {
      if (mover === ws) sendReconnect(ws);
    };
    ws.onmessage = (event) => {
      if (mover !== ws) return;
      const message = parseServerFrame(event.data);
      if (message?.type === 'pong' && message.payload.resume) {
        ticket = { value: message.payload.resume, at: Date.now() };
      }
      if (message?.type !== 'set_game_state' || !('roomId' in message.payload)) return;
      const old = socket;
      settleMove();
      if (old) {
        detach();
        old.onclose = null;
        old.onmessage = null;
        old.close(NORMAL_CLOSE);
      }
      socket = ws;
      isRestarting = false;
      attempt = 0;
      watch(ws);
      listen(ws);
      if (status !== 'open') setStatus('open');
      deps.onMessage(message);
      for (const queued of outbox.splice(0)) rawSend(queued);
    };
    ws.onerror = () => undefined;
    ws.onclose = () => abandonMove(ws);
  }

  function settleMove() {
    mover = null;
    if (moverTimer) clearTimeout(moverTimer);
    moverTimer = null;
  }

  /** The move's socket failed: the old one still serves, or its 1012 already came (reconnect, quietly). */
  function abandonMove(ws: SocketLike) {
    if (mover !== ws) return;
    settleMove();
    ws.onclose = null;
    ws.onmessage = null;
    ws.close(NORMAL_CLOSE);
    if (!socket && !retry && !isOpening) handleClose(RESTART_CLOSE);
  }

  /** Pings while open; a socket silent for STALL_MS (open or still connecting) is given up. */
  function watch(ws: SocketLike) {
    lastHeard = Date.now();
    lastPing = lastHeard;
    tick = setInterval(() => {
      if (socket !== ws) return;
      const now = Date.now();
      if (isHidden()) lastHeard = now;
      if (now - lastHeard >= STALL_MS) return stall();
      if (ws.readyState === OPEN && now - lastPing >= HEARTBEAT_MS) {
        lastPing = now;
        rawSend({ type: 'ping', payload: {} });
      }
    }, TICK_MS);
  }

  function stall() {
    const ws = socket;
    detach();
    ws?.close(STALL_CLOSE);
    handleClose(STALL_CLOSE);
  }

  function detach() {
    socket = null;
    if (tick) clearInterval(tick);
    tick = null;
  }

  function warnOnce(data: unknown) {
    if (hasWarned) return;
    hasWarned = true;
    console.warn('Game socket: dropped a frame that is not in the protocol', data);
  }

  function handleClose(code: number) {
    if (disposed) return;
    if (code === NORMAL_CLOSE) {
      setStatus('closed');
      deps.notify.info(GAME_TEXTS.wsDisconnected);
      return;
    }
    // Closed by the server on purpose (removed from the room, rights gone): trying again cannot help.
    if (FINAL_CLOSES.includes(code)) {
      setStatus('closed');
      return;
    }
    // A rolling restart: the room is already with another instance; back at once, quietly.
    if (code === RESTART_CLOSE) {
      isRestarting = true;
      setStatus('reconnecting');
      retry = setTimeout(() => {
        retry = null;
        void open();
      }, random() * RESTART_SPREAD_MS);
      return;
    }
    // A try after a restart that did not open (the stopping instance refusing the upgrade, a ticket
    // refused) is part of the restart: tried again on the same backoff, with nothing on screen.
    if (!isRestarting) deps.notify.error(GAME_TEXTS.wsClosedUnexpectedly);
    attempt += 1;
    if (attempt > WS_RECONNECT.maxAttempts) {
      setStatus('failed');
      deps.notify.error(GAME_TEXTS.wsFailedToReconnect);
      return;
    }
    setStatus('reconnecting');
    if (!isRestarting) deps.notify.info(GAME_TEXTS.wsAttemptingReconnect);
    retry = setTimeout(
      () => {
        retry = null;
        void open();
      },
      reconnectDelay(attempt, random()),
    );
  }

  function rawSend(message: ClientMessage) {
    socket?.send(JSON.stringify(message));
  }

  return {
    start() {
      void open();
    },
    /** Sends now, or as soon as the socket is open again. */
    send(message: ClientMessage) {
      if (socket && socket.readyState === OPEN) rawSend(message);
      else outbox.push(message);
    },
    /**
     * The browser is back online, the tab is visible again, or the player pressed Retry: a waiting
     * reconnect happens now (after the last failed try, a new round of tries starts); an open
     * socket is pinged and has STALL_MS to answer.
     */
    resume() {
      if (disposed || isOpening) return;
      if (socket) {
        lastHeard = Date.now();
        if (socket.readyState === OPEN) {
          lastPing = lastHeard;
          rawSend({ type: 'ping', payload: {} });
        }
        return;
      }
      if (status !== 'reconnecting' && status !== 'failed') return;
      if (retry) clearTimeout(retry);
      retry = null;
      if (status === 'failed') attempt = 0;
      void open();
    },
    /** Closes on purpose (code 1000): no reconnect. */
    close() {
      disposed = true;
      if (retry) clearTimeout(retry);
      if (mover) abandonMove(mover);
      const ws = socket;
      detach();
      if (ws) ws.close(NORMAL_CLOSE);
      setStatus('closed');
    },
  };
}

export type GameConnection = ReturnType<typeof createGameConnection>;
