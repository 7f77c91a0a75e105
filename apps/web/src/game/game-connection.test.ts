import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGameConnection, reconnectDelay, type SocketLike, socketUrl } from './game-connection';
import type { IncomingMessage } from './game-reducer';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const toasts: string[] = [];
  const received: IncomingMessage[] = [];
  const statuses: string[] = [];
  let token = 0;
  let lastSeq = 0;
  const getToken = vi.fn(async () => `token-${++token}`);
  const conn = createGameConnection({
    roomId: 7,
    getToken,
    getLastSeq: () => lastSeq,
    onMessage: (m) => {
      received.push(m);
      if (typeof m.seq === 'number') lastSeq = m.seq;
    },
    onStatus: (s) => statuses.push(s),
    notify: { info: (t) => toasts.push(t), success: (t) => toasts.push(t), error: (t) => toasts.push(t) },
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    location: { protocol: 'https:', host: 'play.example' },
  });
  return { conn, sockets, toasts, received, statuses, getToken };
}

/** Lets the token promise resolve so the next socket is made. */
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('game socket connection', () => {
  it('connects on the page origin with the token (wss under https) and joins the room', async () => {
    const t = setup();
    t.conn.start();
    await flush();
    expect(t.sockets[0]?.url).toBe('wss://play.example/ws?token=token-1');
    expect(socketUrl({ protocol: 'http:', host: 'h:3000' }, 'a b')).toBe('ws://h:3000/ws?token=a%20b');
    t.sockets[0]!.open();
    expect(t.sockets[0]!.sent).toEqual([{ type: 'room_event', payload: { action: 'join_room', roomId: 7 } }]);
    expect(t.toasts).toEqual(['Connecting to websocket', 'Connected to websocket']);
    t.sockets[0]!.receive({ type: 'get_random_roll', payload: { roll: 5 }, seq: 3 });
    expect(t.received).toEqual([{ type: 'get_random_roll', payload: { roll: 5 }, seq: 3 }]);
  });

  it('backs off 1, 2, 4, 8, 16 s with a fresh token each time, then gives up after 5 tries', async () => {
    const t = setup();
    t.conn.start();
    await flush();
    t.sockets[0]!.open();
    t.sockets[0]!.drop(1006);
    expect(t.toasts).toContain('Websocket connection closed unexpectedly');
    expect(t.toasts.at(-1)).toBe('Attempting to reconnect to websocket');
    for (const [i, delay] of [1000, 2000, 4000, 8000, 16000].entries()) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(t.sockets).toHaveLength(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(t.sockets).toHaveLength(i + 2);
      expect(t.sockets[i + 1]!.url).toBe(`wss://play.example/ws?token=token-${i + 2}`);
      t.sockets[i + 1]!.drop(1006);
    }
    expect(t.toasts.at(-1)).toBe('Failed to reconnect to websocket');
    expect(t.statuses.at(-1)).toBe('failed');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(t.sockets).toHaveLength(6);
    expect(t.getToken).toHaveBeenCalledTimes(6);
    expect([1, 2, 3, 4, 5, 6, 7].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 32000]);
  });

  it('resumes with the last seq it saw and says it is back', async () => {
    const t = setup();
    t.conn.start();
    await flush();
    t.sockets[0]!.open();
    t.sockets[0]!.receive({ type: 'open_lobby', payload: { lobbyOpen: true }, seq: 41 });
    t.sockets[0]!.drop(1001);
    await vi.advanceTimersByTimeAsync(1000);
    t.sockets[1]!.open();
    expect(t.sockets[1]!.sent).toEqual([
      { type: 'room_event', payload: { action: 'reconnect', roomId: 7, lastSeq: 41 } },
    ]);
    expect(t.toasts.at(-1)).toBe('Reconnected to websocket');
    // A drop after a good reconnect starts the backoff again from 1 s.
    t.sockets[1]!.drop(1006);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.sockets).toHaveLength(3);
  });

  it('a normal close (1000) does not reconnect; closing on purpose sends 1000', async () => {
    const t = setup();
    t.conn.start();
    await flush();
    t.sockets[0]!.open();
    t.sockets[0]!.drop(1000);
    expect(t.toasts.at(-1)).toBe('Disconnected from websocket');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.sockets).toHaveLength(1);

    const u = setup();
    u.conn.start();
    await flush();
    u.sockets[0]!.open();
    u.conn.close();
    expect(u.sockets[0]!.closedWith).toBe(1000);
  });

  it('queues messages sent while the socket is down and sends them once open', async () => {
    const t = setup();
    t.conn.start();
    t.conn.send({ type: 'ready', payload: { roomId: 7 } });
    await flush();
    t.sockets[0]!.open();
    expect(t.sockets[0]!.sent).toEqual([
      { type: 'room_event', payload: { action: 'join_room', roomId: 7 } },
      { type: 'ready', payload: { roomId: 7 } },
    ]);
  });

  it('says when the first connection fails', async () => {
    const t = setup();
    t.conn.start();
    await flush();
    t.sockets[0]!.onerror?.({});
    t.sockets[0]!.drop(1006);
    expect(t.toasts).toContain('Failed to connect to websocket');
    expect(t.statuses.at(-1)).toBe('reconnecting');
  });
});
