import { english } from '@playshop/messages/english';
import { ZClientMessage } from '@playshop/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../../test/fake-socket';
import { snapshot } from '../../../test/game-fixtures';
import {
  createGameConnection,
  HEARTBEAT_MS,
  KEEPALIVE_MS,
  MOVE_GIVE_UP_MS,
  parseServerFrame,
  RESTART_SPREAD_MS,
  RESUME_TICKET_USE_MS,
  reconnectDelay,
  roomCommand,
  STALL_CLOSE,
  STALL_MS,
  socketUrl,
} from './game-connection';
import type { IncomingMessage } from './game-reducer';

function setup({ hidden = false } = {}) {
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
    // The connection says keys (`game.wsConnected`); the SPEC's English is their English catalogue's.
    notify: {
      info: (t) => toasts.push(english(t)),
      success: (t) => toasts.push(english(t)),
      error: (t) => toasts.push(english(t)),
    },
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    location: { protocol: 'https:', host: 'play.example' },
    isHidden: () => visibility.hidden,
    // The top of each jittered step: the delays of SPEC §9 exactly.
    random: () => random.next,
  });
  const random = { next: 0.999999 };
  const visibility = { hidden };
  return { conn, sockets, toasts, received, statuses, getToken, visibility, random };
}

/** A whole room as a snapshot (what a join or a reconnect brings). */
const fullSnapshot = snapshot({ roomId: 7, bingoRolls: [5], playerArr: [], markedCells: [], timer: null });

const ping = { type: 'ping', payload: {} };
/** What a new socket sends first after a drop: the room and the last seq it has. */
const reconnect = (lastSeq: number) => ({
  type: 'room_event',
  payload: { action: 'reconnect', roomId: 7, lastSeq },
});
/** The server's first frame on every socket (its resume ticket): it answers no ping. */
const greeting = { type: 'pong', payload: { resume: 'ticket-g' }, seq: 0 };
const pong = { type: 'pong', payload: {}, seq: 0 };
const claim = { type: 'game_event', payload: { action: 'check_win', roomId: 7 } } as const;
const answer = {
  type: 'content_event',
  payload: { action: 'answer_question', roomId: 7, contentId: 3, choice: 2 },
} as const;
const roll = { type: 'game_event', payload: { action: 'get_roll', roomId: 7 } } as const;

/** Lets the token promise resolve so the next socket is made. */
const flush = () => vi.advanceTimersByTimeAsync(0);

/** A started connection whose first socket has been made (not yet open). */
async function started(options?: { hidden?: boolean }) {
  const t = setup(options);
  t.conn.start();
  await flush();
  return t;
}

/** A connection whose first socket is open and has had the server's greeting. */
async function connected() {
  const t = await started();
  t.sockets[0]!.open();
  t.sockets[0]!.receive(greeting);
  return t;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a room command', () => {
  it('goes in the frame its declaration names, with the room, as the server schema reads it', () => {
    const sent: unknown[] = [];
    const command = roomCommand(7, (m) => sent.push(m));
    command({ action: 'open_lobby' });
    command({ action: 'get_roll' });
    command({ action: 'send_next_content' });
    command({ action: 'ready' });
    expect(sent).toEqual([
      { type: 'room_event', payload: { action: 'open_lobby', roomId: 7 } },
      { type: 'game_event', payload: { action: 'get_roll', roomId: 7 } },
      { type: 'content_event', payload: { action: 'send_next_content', roomId: 7 } },
      { type: 'ready', payload: { roomId: 7 } },
    ]);
    for (const message of sent) expect(ZClientMessage.safeParse(message).success).toBe(true);
  });
});

describe('game socket connection', () => {
  it('connects on the page origin with the token (wss under https) and joins the room', async () => {
    const t = await started();
    expect(t.sockets[0]?.url).toBe('wss://play.example/ws?token=token-1');
    expect(socketUrl({ protocol: 'http:', host: 'h:3000' }, 'a b')).toBe('ws://h:3000/ws?token=a%20b');
    t.sockets[0]!.open();
    expect(t.sockets[0]!.sent).toEqual([{ type: 'room_event', payload: { action: 'join_room', roomId: 7 } }]);
    expect(t.toasts).toEqual(['Connecting to websocket', 'Connected to websocket']);
    t.sockets[0]!.receive({ type: 'get_random_roll', payload: { roll: 5 }, seq: 3 });
    expect(t.received).toEqual([{ type: 'get_random_roll', payload: { roll: 5 }, seq: 3 }]);
  });

  it('parses every frame with the shared schema: anything else is dropped with one warning, pong is kept inside', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const t = await started();
    const ws = t.sockets[0]!;
    ws.open();
    ws.receive({ type: 'get_random_roll', payload: { roll: 'five' }, seq: 3 });
    ws.receive({ type: 'no_such_frame', payload: {}, seq: 4 });
    ws.receive({ type: 'open_lobby', payload: { lobbyOpen: true } });
    ws.onmessage?.({ data: 'not json' });
    ws.receive({ type: 'pong', payload: {}, seq: 0 });
    ws.receive({ type: 'marks', payload: { markedCells: [0, 7] }, seq: 5 });
    expect(t.received).toEqual([{ type: 'marks', payload: { markedCells: [0, 7] }, seq: 5 }]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(parseServerFrame(42)).toBeNull();
    warn.mockRestore();
  });

  it("reads set_game_state's short form exactly, a snapshot whole, and a short form with extra fields", () => {
    const frame = (payload: object, seq = 8) => JSON.stringify({ type: 'set_game_state', payload, seq });
    // A roll's short form: taken as it is (the strict short form, first in the union).
    expect(parseServerFrame(frame({ gameState: 'roll' }))).toEqual({
      type: 'set_game_state',
      payload: { gameState: 'roll' },
      seq: 8,
    });
    // A snapshot is not cut down to its state: the short form is tried exactly, so it fails at once.
    const whole = snapshot({ gameState: 'bingo' });
    expect(parseServerFrame(frame(whole))).toEqual({ type: 'set_game_state', payload: whole, seq: 8 });
    // A short form with a field this page does not know yet is read as before, the field stripped.
    expect(parseServerFrame(frame({ gameState: 'roll', roomId: 3 }))).toEqual({
      type: 'set_game_state',
      payload: { gameState: 'roll' },
      seq: 8,
    });
    expect(parseServerFrame(frame({ gameState: 'dancing' }))).toBeNull();
    expect(parseServerFrame(frame({ gameState: 'roll' }, -1))).toBeNull();
  });

  it('sends its own ping every 5 s while open', async () => {
    const t = await started();
    const ws = t.sockets[0]!;
    ws.open();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS - 1000);
    expect(ws.pings).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(ws.pings).toBe(1);
    expect(ws.sent.at(-1)).toEqual({ type: 'ping', payload: {} });
    ws.receive({ type: 'pong', payload: {}, seq: 0 });
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(ws.pings).toBe(2);
  });

  it('wakes the page only when a ping is due, not each second between (issue 46: a budget phone)', async () => {
    const t = await started();
    const ws = t.sockets[0]!;
    ws.open();
    const opened = Date.now();
    for (let ping = 1; ping <= 3; ping++) {
      await vi.advanceTimersToNextTimerAsync();
      expect(Date.now() - opened).toBe(ping * HEARTBEAT_MS);
      expect(ws.pings).toBe(ping);
      ws.receive({ type: 'pong', payload: {}, seq: 0 });
    }
  });

  it('a socket that hears frames is not pinged as well, but still at least once a minute (issue 46: a budget phone)', async () => {
    const t = await started();
    const ws = t.sockets[0]!;
    ws.open();
    const opened = Date.now();
    // A game in play: a frame every 3 s is proof enough that the link works.
    let seq = 0;
    while (Date.now() - opened < KEEPALIVE_MS - 3000) {
      await vi.advanceTimersByTimeAsync(3000);
      ws.receive({ type: 'get_random_roll', payload: { roll: (seq % 75) + 1 }, seq: ++seq });
    }
    expect(ws.pings).toBe(0);
    // The server closes a socket it has not heard from in an hour, and a pong brings a new resume ticket.
    await vi.advanceTimersByTimeAsync(3000);
    expect(ws.pings).toBe(1);
    expect(t.statuses.at(-1)).toBe('open');
    // Quiet again: pinged HEARTBEAT_MS after the last thing heard.
    ws.receive(pong);
    const quietFrom = Date.now();
    await vi.advanceTimersToNextTimerAsync();
    expect(Date.now() - quietFrom).toBe(HEARTBEAT_MS);
    expect(ws.pings).toBe(2);
  });

  it('a socket that answers keeps going; one silent for 10 s is closed, says Reconnecting and resumes with the last seq', async () => {
    const t = await started();
    const ws = t.sockets[0]!;
    ws.open();
    ws.receive({ type: 'open_lobby', payload: { lobbyOpen: true }, seq: 41 });
    // Answered pings: a minute without a single game frame is no stall.
    for (let i = 0; i < 12; i++) {
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
      ws.receive({ type: 'pong', payload: {}, seq: 0 });
    }
    expect(t.sockets).toHaveLength(1);
    expect(t.statuses.at(-1)).toBe('open');
    // The network stalls: pings go out, nothing comes back, no close event either.
    await vi.advanceTimersByTimeAsync(STALL_MS - 1000);
    expect(t.statuses.at(-1)).toBe('open');
    await vi.advanceTimersByTimeAsync(1000);
    expect(ws.closedWith).toBe(STALL_CLOSE);
    expect(t.statuses.at(-1)).toBe('reconnecting');
    expect(t.toasts.at(-1)).toBe('Attempting to reconnect to websocket');
    // The dead socket's late frames and close are ignored.
    ws.receive({ type: 'get_random_roll', payload: { roll: 9 }, seq: 42 });
    ws.drop(1006);
    expect(t.received).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.sockets).toHaveLength(2);
    t.sockets[1]!.open();
    expect(t.sockets[1]!.sent).toEqual([reconnect(41)]);
    expect(t.statuses.at(-1)).toBe('open');
  });

  it('a socket that does not open within 10 s is given up and tried again', async () => {
    const t = await started();
    await vi.advanceTimersByTimeAsync(STALL_MS);
    expect(t.sockets[0]!.closedWith).toBe(STALL_CLOSE);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.sockets).toHaveLength(2);
  });

  it('no stall is called while the tab is hidden (its timers are throttled)', async () => {
    const t = await started({ hidden: true });
    t.sockets[0]!.open();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.sockets[0]!.closedWith).toBeUndefined();
    // Silence is not judged, so nothing is proved by a ping each 5 s: once a minute keeps the socket.
    expect(t.sockets[0]!.pings).toBe(1);
    t.visibility.hidden = false;
    await vi.advanceTimersByTimeAsync(STALL_MS);
    expect(t.sockets[0]!.closedWith).toBe(STALL_CLOSE);
  });

  it('back online or visible: a waiting reconnect happens at once, and after the last failed try a new round starts', async () => {
    const t = await started();
    t.sockets[0]!.open();
    t.sockets[0]!.drop(1006);
    expect(t.statuses.at(-1)).toBe('reconnecting');
    t.conn.resume();
    await flush();
    expect(t.sockets).toHaveLength(2);
    // Give up: five failed tries.
    t.sockets[1]!.drop(1006);
    for (let i = 2; i <= 5; i++) {
      await vi.advanceTimersByTimeAsync(reconnectDelay(i));
      t.sockets[i]!.drop(1006);
    }
    expect(t.statuses.at(-1)).toBe('failed');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(t.sockets).toHaveLength(6);
    t.conn.resume();
    await flush();
    expect(t.sockets).toHaveLength(7);
    t.sockets[6]!.open();
    expect(t.sockets[6]!.sent[0]).toMatchObject({ payload: { action: 'reconnect' } });
    // An open socket is only pinged.
    t.conn.resume();
    await flush();
    expect(t.sockets).toHaveLength(7);
    expect(t.sockets[6]!.sent.at(-1)).toEqual({ type: 'ping', payload: {} });
    // After a normal close nothing comes back by itself.
    t.sockets[6]!.drop(1000);
    t.conn.resume();
    await flush();
    expect(t.sockets).toHaveLength(7);
  });

  it('back online while a try is still opening (begun offline, it would hang until its stall): a new one opens at once', async () => {
    const t = await started();
    t.sockets[0]!.open();
    t.sockets[0]!.drop(1006);
    await vi.advanceTimersByTimeAsync(reconnectDelay(1));
    expect(t.sockets).toHaveLength(2);
    // The try made offline is still connecting when the page is back online.
    t.conn.resume();
    await flush();
    expect(t.sockets[1]!.closedWith).toBe(1000);
    expect(t.sockets).toHaveLength(3);
    // The dropped try says nothing and schedules nothing; the new one carries on.
    t.sockets[1]!.drop(1006);
    t.sockets[2]!.open();
    expect(t.sockets[2]!.sent[0]).toMatchObject({ payload: { action: 'reconnect' } });
    expect(t.statuses.at(-1)).toBe('open');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(t.sockets).toHaveLength(3);
  });

  it('back online while a try waits for its token: when that token fails, the next try is at once, not after the backoff', async () => {
    const t = await started();
    t.sockets[0]!.open();
    t.sockets[0]!.drop(1006);
    let failToken: (reason: Error) => void = () => undefined;
    t.getToken.mockImplementationOnce(() => new Promise((_, reject) => (failToken = reject)));
    await vi.advanceTimersByTimeAsync(reconnectDelay(1));
    expect(t.sockets).toHaveLength(1);
    t.conn.resume();
    failToken(new Error('offline'));
    await flush();
    expect(t.sockets).toHaveLength(2);
    t.sockets[1]!.open();
    expect(t.statuses.at(-1)).toBe('open');
  });

  it('backs off 1, 2, 4, 8, 16 s with a fresh token each time, then gives up after 5 tries', async () => {
    const t = await started();
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
    expect([1, 2, 3, 4, 5, 6, 7].map((a) => reconnectDelay(a))).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000, 32000,
    ]);
  });

  it('spreads reconnects: each step at a random point of its second half', () => {
    expect(reconnectDelay(1, 0)).toBe(500);
    expect(reconnectDelay(3, 0.5)).toBe(3000);
    expect(reconnectDelay(5, 0)).toBe(8000);
    const spread = new Set(Array.from({ length: 50 }, (_, i) => reconnectDelay(2, i / 50)));
    expect(spread.size).toBeGreaterThan(40);
    for (const d of spread) expect(d).toBeGreaterThanOrEqual(1000);
  });

  it('a server restart (1012) reconnects within RESTART_SPREAD_MS, quietly, without using up a try', async () => {
    const t = await started();
    t.sockets[0]!.open();
    t.sockets[0]!.receive({ type: 'open_lobby', payload: { lobbyOpen: true }, seq: 12 });
    const toasts = t.toasts.length;
    t.random.next = 0.3;
    t.sockets[0]!.drop(1012);
    expect(t.statuses.at(-1)).toBe('reconnecting');
    // 0.3 of the spread: sooner than the first backoff step (500 ms) of a socket that dropped.
    await vi.advanceTimersByTimeAsync(RESTART_SPREAD_MS * 0.3 - 1);
    expect(t.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.sockets).toHaveLength(2);
    t.sockets[1]!.open();
    expect(t.sockets[1]!.sent).toEqual([reconnect(12)]);
    // No error was shown: only that it is back.
    expect(t.toasts.slice(toasts)).toEqual(['Reconnected to websocket']);
  });

  it('a move (rolling restart): the new socket opens with its ticket while the old one brings frames, and takes over at its snapshot', async () => {
    const t = await started();
    const old = t.sockets[0]!;
    old.open();
    old.receive({ type: 'open_lobby', payload: { lobbyOpen: true }, seq: 12 });
    const toasts = t.toasts.length;
    old.receive({ type: 'move', payload: { resume: 'ticket-m' }, seq: 0 });
    // No wait, no token: the move's ticket.
    expect(t.sockets[1]!.url).toBe('wss://play.example/ws?resume=ticket-m');
    expect(t.getToken).toHaveBeenCalledTimes(1);
    const moving = t.sockets[1]!;
    moving.open();
    expect(moving.sent).toEqual([reconnect(12)]);
    // Until the new socket has the room, the old one's frames are the screen's; the new one's
    // earlier frames are in its snapshot.
    old.receive({ type: 'get_random_roll', payload: { roll: 5 }, seq: 13 });
    moving.receive({ type: 'get_random_roll', payload: { roll: 5 }, seq: 13 });
    moving.receive({ type: 'Reconnected', payload: { missedRolls: [5] }, seq: 13 });
    expect(t.received.map((m) => m.type)).toEqual(['open_lobby', 'get_random_roll']);
    moving.receive({ type: 'set_game_state', payload: fullSnapshot, seq: 13 });
    expect(old.closedWith).toBe(1000);
    old.receive({ type: 'get_random_roll', payload: { roll: 9 }, seq: 14 });
    moving.receive({ type: 'get_random_roll', payload: { roll: 8 }, seq: 14 });
    expect(t.received.map((m) => m.type)).toEqual([
      'open_lobby',
      'get_random_roll',
      'set_game_state',
      'get_random_roll',
    ]);
    expect(t.received.at(-1)).toMatchObject({ payload: { roll: 8 } });
    // What is sent goes on the new socket; nothing was shown, the status never left 'open'.
    t.conn.send({ type: 'ready', payload: { roomId: 7 } });
    expect(moving.sent.slice(-2)).toEqual([{ type: 'ready', payload: { roomId: 7 } }, ping]);
    expect(t.toasts.slice(toasts)).toEqual([]);
    expect(t.statuses.at(-1)).toBe('open');
    // The old socket's close (its own, or the server's 1012) changes nothing now.
    old.drop(1012);
    await vi.advanceTimersByTimeAsync(STALL_MS / 2);
    expect(t.sockets).toHaveLength(2);
  });

  it('a move whose new socket fails leaves the old one in use; its 1012 then reconnects quietly, a refused try too', async () => {
    const t = await started();
    const old = t.sockets[0]!;
    old.open();
    old.receive({ type: 'pong', payload: { resume: 'ticket-1' }, seq: 0 });
    const toasts = t.toasts.length;
    old.receive({ type: 'move', payload: { resume: 'ticket-m' }, seq: 0 });
    // The stopping instance's upgrade refused (a 503 while it closes): the old socket still serves.
    t.sockets[1]!.drop(1006);
    old.receive({ type: 'get_random_roll', payload: { roll: 5 }, seq: 13 });
    expect(t.received.at(-1)).toMatchObject({ payload: { roll: 5 } });
    old.drop(1012);
    await vi.advanceTimersByTimeAsync(RESTART_SPREAD_MS);
    expect(t.sockets[2]!.url).toBe('wss://play.example/ws?resume=ticket-1');
    // Refused again: tried again after the backoff, without an error on screen.
    t.sockets[2]!.drop(1006);
    await vi.advanceTimersByTimeAsync(1000);
    t.sockets[3]!.open();
    expect(t.toasts.slice(toasts)).toEqual(['Reconnected to websocket']);
    // Once open again, a drop is an unexpected close as before.
    t.sockets[3]!.drop(1006);
    expect(t.toasts.at(-2)).toBe('Websocket connection closed unexpectedly');
  });

  it('a move whose new socket hangs is given up after MOVE_GIVE_UP_MS while the old one still serves', async () => {
    const t = await started();
    const old = t.sockets[0]!;
    old.open();
    t.visibility.hidden = true;
    old.receive({ type: 'move', payload: { resume: 'ticket-m' }, seq: 0 });
    await vi.advanceTimersByTimeAsync(MOVE_GIVE_UP_MS);
    expect(t.sockets[1]!.closedWith).toBe(1000);
    old.receive({ type: 'get_random_roll', payload: { roll: 5 }, seq: 13 });
    expect(t.received.at(-1)).toMatchObject({ payload: { roll: 5 } });
    expect(t.sockets).toHaveLength(2);
    expect(t.statuses.at(-1)).toBe('open');
  });

  it('a move whose new socket never brings the room is given up STALL_MS after the old one closed', async () => {
    const t = await started();
    const old = t.sockets[0]!;
    old.open();
    old.receive({ type: 'move', payload: { resume: 'ticket-m' }, seq: 0 });
    t.sockets[1]!.open();
    // A survivor slow to answer costs nothing while the old socket brings frames (the tab is hidden
    // so that its own quiet is not a stall).
    t.visibility.hidden = true;
    await vi.advanceTimersByTimeAsync(STALL_MS * 1.5);
    expect(t.sockets[1]!.closedWith).toBeUndefined();
    // The old socket closes (1012) while the new one is on its way: no other socket is made yet.
    old.drop(1012);
    await vi.advanceTimersByTimeAsync(STALL_MS - 1);
    expect(t.sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1 + RESTART_SPREAD_MS);
    expect(t.sockets[1]!.closedWith).toBe(1000);
    expect(t.sockets).toHaveLength(3);
    expect(t.statuses.at(-1)).toBe('reconnecting');
  });

  it('comes back with the resume ticket from the last pong, without a token; a ticket that fails is not tried again', async () => {
    const t = await started();
    t.sockets[0]!.open();
    t.sockets[0]!.receive({ type: 'pong', payload: { resume: 'ticket-1' }, seq: 0 });
    t.sockets[0]!.receive({ type: 'pong', payload: {}, seq: 0 });
    t.sockets[0]!.drop(1012);
    await vi.advanceTimersByTimeAsync(RESTART_SPREAD_MS);
    expect(t.sockets[1]!.url).toBe('wss://play.example/ws?resume=ticket-1');
    expect(t.getToken).toHaveBeenCalledTimes(1);
    // That socket never opened (a refused upgrade): the next try takes a token.
    t.sockets[1]!.drop(1006);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.sockets[2]!.url).toBe('wss://play.example/ws?token=token-2');
    t.sockets[2]!.open();
    t.sockets[2]!.receive({ type: 'pong', payload: { resume: 'ticket-2' }, seq: 0 });
    // A ticket older than RESUME_TICKET_USE_MS is not used (the server's are good for 10 minutes).
    // (A hidden tab, so that the socket is not called stalled meanwhile.)
    t.visibility.hidden = true;
    await vi.advanceTimersByTimeAsync(RESUME_TICKET_USE_MS);
    expect(t.sockets).toHaveLength(3);
    t.sockets[2]!.drop(1006);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.sockets[3]!.url).toBe('wss://play.example/ws?token=token-3');
  });

  it('resumes with the last seq it saw and says it is back', async () => {
    const t = await started();
    t.sockets[0]!.open();
    t.sockets[0]!.receive({ type: 'open_lobby', payload: { lobbyOpen: true }, seq: 41 });
    t.sockets[0]!.drop(1001);
    await vi.advanceTimersByTimeAsync(1000);
    t.sockets[1]!.open();
    expect(t.sockets[1]!.sent).toEqual([reconnect(41)]);
    expect(t.toasts.at(-1)).toBe('Reconnected to websocket');
    // A drop after a good reconnect starts the backoff again from 1 s.
    t.sockets[1]!.drop(1006);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.sockets).toHaveLength(3);
  });

  it('a normal close (1000) does not reconnect; closing on purpose sends 1000', async () => {
    const t = await started();
    t.sockets[0]!.open();
    t.sockets[0]!.drop(1000);
    expect(t.toasts.at(-1)).toBe('Disconnected from websocket');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.sockets).toHaveLength(1);

    const u = await started();
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
      ping,
    ]);
  });

  it('a claim sent on a socket that drops before the server answered is sent again after the reconnect', async () => {
    const t = await connected();
    const first = t.sockets[0]!;
    // The claim goes out, with a ping after it; the link is dead, so neither reaches the server.
    t.conn.send(claim);
    expect(first.sent.slice(-2)).toEqual([claim, ping]);
    first.drop(1006);
    // Sent while reconnecting: it waits for the next socket.
    t.conn.send(answer);
    await vi.advanceTimersByTimeAsync(1000);
    const second = t.sockets[1]!;
    second.open();
    expect(second.sent).toEqual([reconnect(0), claim, ping, answer, ping]);
    // The greeting is no answer; the pongs to our pings are: nothing is sent a third time.
    second.receive(greeting);
    second.receive(pong);
    second.receive(pong);
    second.drop(1006);
    await vi.advanceTimersByTimeAsync(1000);
    t.sockets[2]!.open();
    expect(t.sockets[2]!.sent).toEqual([reconnect(0)]);
  });

  it('a roll is never sent twice: only commands the server applies once are kept', async () => {
    const t = await connected();
    t.conn.send(roll);
    expect(t.sockets[0]!.sent.at(-1)).toEqual(roll);
    t.sockets[0]!.drop(1006);
    await vi.advanceTimersByTimeAsync(1000);
    t.sockets[1]!.open();
    expect(t.sockets[1]!.sent).toHaveLength(1);
    // Pressed while the socket is down, it goes once, on the next socket.
    t.sockets[1]!.drop(1006);
    t.conn.send(roll);
    await vi.advanceTimersByTimeAsync(2000);
    t.sockets[2]!.open();
    expect(t.sockets[2]!.sent.slice(1)).toEqual([roll]);
  });

  it('a claim sent on the old socket during a move, not yet answered, goes again on the new socket after its snapshot', async () => {
    const t = await connected();
    const old = t.sockets[0]!;
    old.receive({ type: 'move', payload: { resume: 'ticket-m' }, seq: 0 });
    t.conn.send(claim);
    expect(old.sent.slice(-2)).toEqual([claim, ping]);
    const moving = t.sockets[1]!;
    moving.open();
    moving.receive(greeting);
    expect(moving.sent).toHaveLength(1);
    moving.receive({ type: 'set_game_state', payload: fullSnapshot, seq: 1 });
    expect(moving.sent.slice(1)).toEqual([claim, ping]);
    expect(old.closedWith).toBe(1000);
  });

  it('says when the first connection fails', async () => {
    const t = await started();
    t.sockets[0]!.onerror?.({});
    t.sockets[0]!.drop(1006);
    expect(t.toasts).toContain('Failed to connect to websocket');
    expect(t.statuses.at(-1)).toBe('reconnecting');
  });
});
