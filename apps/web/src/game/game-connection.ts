import { type ClientMessage, WS_PATH, WS_RECONNECT } from '@playshop/shared';
import type { IncomingMessage } from './game-reducer';
import { GAME_TEXTS } from './texts';

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
  onMessage: (message: IncomingMessage) => void;
  onStatus?: (status: ConnectionStatus) => void;
  notify: { info: (text: string) => void; success: (text: string) => void; error: (text: string) => void };
  createSocket?: (url: string) => SocketLike;
  /** Page location, for the ws:/wss: choice and the same-origin host. */
  location?: { protocol: string; host: string };
}

const OPEN = 1;
const NORMAL_CLOSE = 1000;

/** `ws://host/ws?token=…` on the page's own origin, wss: under https. */
export function socketUrl(location: { protocol: string; host: string }, token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${WS_PATH}?token=${encodeURIComponent(token)}`;
}

/** Backoff of SPEC §9: 1 s, doubling, at most 32 s. `attempt` counts from 1. */
export function reconnectDelay(attempt: number): number {
  return Math.min(WS_RECONNECT.initialDelayMs * 2 ** (attempt - 1), WS_RECONNECT.maxDelayMs);
}

/**
 * One game socket with the reconnect policy of SPEC §4/§9: a close other than 1000 shows
 * 'Websocket connection closed unexpectedly' and tries again after 1, 2, 4, 8 and 16 s (5 tries),
 * each with a fresh token; when back it sends `reconnect` with the last seq seen, so the server
 * replays what was missed. The first open sends `join_room`.
 */
export function createGameConnection(deps: GameConnectionDeps) {
  const createSocket = deps.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const location = deps.location ?? window.location;
  let socket: SocketLike | null = null;
  let everOpened = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;
  const outbox: ClientMessage[] = [];

  const setStatus = (status: ConnectionStatus) => deps.onStatus?.(status);

  async function open() {
    if (disposed) return;
    setStatus(attempt === 0 ? 'connecting' : 'reconnecting');
    if (attempt === 0) deps.notify.info(GAME_TEXTS.wsConnecting);
    let token: string | null = null;
    try {
      token = await deps.getToken(attempt);
    } catch {
      token = null;
    }
    if (disposed) return;
    if (!token) return handleClose(4401);
    const ws = createSocket(socketUrl(location, token));
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      const wasReconnect = everOpened;
      everOpened = true;
      attempt = 0;
      setStatus('open');
      if (wasReconnect) {
        deps.notify.success(GAME_TEXTS.wsReconnected);
        rawSend({
          type: 'room_event',
          payload: { action: 'reconnect', roomId: deps.roomId, lastSeq: deps.getLastSeq() },
        });
      } else {
        deps.notify.success(GAME_TEXTS.wsConnected);
        rawSend({ type: 'room_event', payload: { action: 'join_room', roomId: deps.roomId } });
      }
      for (const message of outbox.splice(0)) rawSend(message);
    };
    ws.onmessage = (event) => {
      if (socket !== ws || typeof event.data !== 'string') return;
      let message: unknown;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message && typeof message === 'object' && 'type' in message && 'payload' in message) {
        deps.onMessage(message as IncomingMessage);
      }
    };
    ws.onerror = () => {
      if (socket === ws && !everOpened && attempt === 0) deps.notify.error(GAME_TEXTS.wsFailedToConnect);
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      handleClose(event.code);
    };
  }

  function handleClose(code: number) {
    if (disposed) return;
    if (code === NORMAL_CLOSE) {
      setStatus('closed');
      deps.notify.info(GAME_TEXTS.wsDisconnected);
      return;
    }
    deps.notify.error(GAME_TEXTS.wsClosedUnexpectedly);
    attempt += 1;
    if (attempt > WS_RECONNECT.maxAttempts) {
      setStatus('failed');
      deps.notify.error(GAME_TEXTS.wsFailedToReconnect);
      return;
    }
    setStatus('reconnecting');
    deps.notify.info(GAME_TEXTS.wsAttemptingReconnect);
    retry = setTimeout(() => {
      retry = null;
      void open();
    }, reconnectDelay(attempt));
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
    /** Closes on purpose (code 1000): no reconnect. */
    close() {
      disposed = true;
      if (retry) clearTimeout(retry);
      const ws = socket;
      socket = null;
      if (ws) ws.close(NORMAL_CLOSE);
      setStatus('closed');
    },
  };
}

export type GameConnection = ReturnType<typeof createGameConnection>;
