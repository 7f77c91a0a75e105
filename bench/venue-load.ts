/**
 * One load-generator process of `npm run bench:ws:venue` (bench/ws-venue.ts starts several, as
 * bench:ws does with bench/ws-load.ts, so that 10,000 screens are not read by one event loop that
 * also times them). It holds the players' screens it is given and, on the orchestrator's word, opens
 * them, sends them a command, waits for a frame on each, drops them, brings them back as the web
 * client does (the reconnect storm, a failover, a rolling restart) and reports what each screen saw.
 * Times are read from the monotonic clock (`process.hrtime`), one clock for every process here.
 */
import WebSocket from 'ws';

export interface VenueScreen {
  id: number;
  token: string;
  url: string;
}

/** Orchestrator → generator; every command is answered with a `reply` carrying its `rid`. */
export type VenueCommand = { rid: number } & (
  | { op: 'open'; screens: VenueScreen[]; concurrency: number }
  /** Each screen here sends `message` and waits for a frame of `expect` (arrival times back). */
  | { op: 'send'; message: unknown; expect: string | null; timeoutMs: number }
  /** Waits until each screen has a frame of `type` that arrived after `after`. */
  | { op: 'wait'; type: string; after: number; timeoutMs: number }
  | { op: 'watch'; from: number }
  /** The first `count` screens here read one frame a second at most (a slow phone); 0 ends it. */
  | { op: 'slow'; count: number }
  | { op: 'terminate' }
  /**
   * Every screen dropped, reopened on `url` (a refused upgrade tried again as the web client does)
   * and asking for the room: `reconnect` (with its last seq) or the bare server's join; the time
   * from `start` until the answer (`set_game_state` or `join_room`).
   */
  | { op: 'storm'; url: string; roomId: number; bare: boolean; start: number; timeoutMs: number }
  /**
   * A failover or rolling restart from `start`: the screens whose url is `leaving` come back on `to`
   * when their socket closes (1012: after the web client's 0–250 ms; else its first backoff step,
   * 0.5–1 s) and ask for the room again; the others stay and are back at their first frame of
   * `stayedOn` after `start`. Reports when each is back.
   */
  | {
      op: 'move';
      leaving: string;
      to: string;
      roomId: number;
      stayedOn: string;
      start: number;
      timeoutMs: number;
    }
  /** Per screen: longest silence while watched, error frames, and when it had the first ball after `firstRoll`. */
  | { op: 'summary'; start: number; firstRoll: number }
);

export type VenueReply = { rid: number; error?: string; [key: string]: unknown };

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
/** BENCH_NO_TICKETS=1: moves come back with the access token (a token check each), as before tickets. */
const NO_TICKETS = process.env.BENCH_NO_TICKETS === '1';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Screen {
  ws!: WebSocket;
  lastFrameAt = 0;
  longestGap = 0;
  watching = false;
  errors = 0;
  lastSeq = 0;
  closeCode: number | null = null;
  /** The server's last resume ticket (`pong.resume`): a move comes back with it, as the web client does. */
  ticket: string | null = null;
  /** Whether this screen was on the instance that went away (a failover or restart). */
  wasMoved = false;
  /** Called with the ticket of a `move` frame, while a restart is watched. */
  moveTold: ((ticket: string) => void) | null = null;
  /** When this screen was back after the fault (a snapshot, or its first frame on the survivor). */
  backAt = Number.NaN;
  readonly rolls: number[] = [];
  private waiter: { type: string; after: number; resolve: (at: number) => void } | null = null;
  private readonly last = new Map<string, number>();

  constructor(
    readonly id: number,
    readonly token: string,
    public url: string,
  ) {}

  /** Opens on `url` with the access token, or with the last resume ticket (`resume`, once). */
  open(url: string, resume = false): Promise<void> {
    this.url = url;
    this.closeCode = null;
    const ticket = resume && !NO_TICKETS ? this.ticket : null;
    this.ticket = null;
    const query = ticket ? `resume=${encodeURIComponent(ticket)}` : `token=${encodeURIComponent(this.token)}`;
    const ws = new WebSocket(`${url}?${query}`, { perMessageDeflate: false });
    this.ws = ws;
    this.listen(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
  }

  /** Frames and the close of `ws` count while it is the screen's socket (a move has two). */
  private listen(ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      if (this.ws === ws) this.onFrame(data);
    });
    ws.on('close', (code) => {
      if (this.ws === ws) this.closeCode = code;
    });
    ws.on('error', () => undefined);
  }

  /**
   * A `move` as the web client answers it (game-connection.ts): a new socket on `url` with the
   * move's ticket sends `reconnect` while the old one still brings frames; from the new one's
   * snapshot on it is the screen's socket and the old one is closed (1000). When it opened and
   * when it had the room, or a failure (then the old socket's 1012 brings the usual reconnect).
   */
  moveTo(url: string, ticket: string, roomId: number): Promise<{ opened: number; back: number }> {
    const old = this.ws;
    const ws = new WebSocket(`${url}?resume=${encodeURIComponent(ticket)}`, { perMessageDeflate: false });
    return new Promise((resolve, reject) => {
      let opened = Number.NaN;
      ws.once('open', () => {
        opened = nowMs();
        ws.send(JSON.stringify(msg(roomId, 'room_event', 'reconnect', { lastSeq: this.lastSeq })));
      });
      ws.once('error', reject);
      ws.once('close', (code) => reject(new Error(`the new socket closed (${code})`)));
      const before = (data: Buffer) => {
        // Frames before the snapshot are in it; a full snapshot names its room.
        if (data.toString('latin1', 9, 23) !== 'set_game_state' || data.indexOf('"roomId"') < 0) return;
        ws.off('message', before);
        ws.removeAllListeners('close');
        ws.removeAllListeners('error');
        this.ws = ws;
        this.closeCode = null;
        this.listen(ws);
        this.onFrame(data);
        old.close(1000);
        resolve({ opened, back: nowMs() });
      };
      ws.on('message', before);
    });
  }

  private onFrame(data: Buffer) {
    const now = nowMs();
    if (this.watching && this.lastFrameAt > 0)
      this.longestGap = Math.max(this.longestGap, now - this.lastFrameAt);
    this.lastFrameAt = now;
    // Every frame starts with {"type":"…": read the type without parsing the frame.
    const type = data.toString('latin1', 9, data.indexOf(34, 9));
    const tail = data.toString('latin1', Math.max(0, data.length - 24));
    const seq = /"seq":(\d+)}$/.exec(tail);
    if (seq) this.lastSeq = Math.max(this.lastSeq, Number(seq[1]));
    if (type === 'error_event') this.errors += 1;
    if (type === 'get_random_roll') this.rolls.push(now);
    if (type === 'pong') this.ticket = /"resume":"([^"]+)"/.exec(data.toString('latin1'))?.[1] ?? this.ticket;
    if (type === 'move') {
      const ticket = /"resume":"([^"]+)"/.exec(data.toString('latin1'))?.[1];
      if (ticket) this.moveTold?.(ticket);
    }
    this.last.set(type, now);
    if (this.waiter && this.waiter.type === type && now > this.waiter.after) {
      const { resolve } = this.waiter;
      this.waiter = null;
      resolve(now);
    }
  }

  /** The first frame of `type` arriving after `after` (at once if one already did). */
  next(type: string, after = nowMs()): Promise<number> {
    const seen = this.last.get(type);
    if (seen !== undefined && seen > after) return Promise.resolve(seen);
    return new Promise((resolve) => {
      this.waiter = { type, after, resolve };
    });
  }

  send(message: unknown) {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  closed(): Promise<number> {
    const ws = this.ws;
    if (ws.readyState === WebSocket.CLOSED) return Promise.resolve(this.closeCode ?? 1006);
    return new Promise((resolve) => ws.once('close', (code) => resolve(code)));
  }

  /** The ticket of a `move` frame, or null once the socket closed without one. */
  moveOrClose(): Promise<string | null> {
    return new Promise((resolve) => {
      this.moveTold = (ticket) => {
        this.moveTold = null;
        resolve(ticket);
      };
      void this.closed().then(() => {
        this.moveTold = null;
        resolve(null);
      });
    });
  }
}

const screens: Screen[] = [];
let slow = new Set<Screen>();
let pace: NodeJS.Timeout | undefined;
const socketOf = (s: Screen) => (s.ws as unknown as { _socket?: { pause(): void; resume(): void } })._socket;
/** Upgrades refused (503 while the database pool is saturated, …) and tried again. */
let refused = 0;
/** Why, by the client's error message ("Unexpected server response: 503", ECONNRESET, …). */
const refusedWhy = new Map<string, number>();

/** A screen coming back as the web client does: a refused upgrade is tried again after its backoff. */
async function reopen(s: Screen, url: string, resume = false) {
  for (let attempt = 1; ; attempt++) {
    try {
      // A ticket is tried once (game-connection.ts): a refused try comes back with the token.
      return await s.open(url, resume && attempt === 1);
    } catch (err) {
      if (attempt >= 5) throw err;
      refused += 1;
      const why = `${attempt === 1 && resume ? 'ticket' : 'token'}: ${(err as Error).message}`;
      refusedWhy.set(why, (refusedWhy.get(why) ?? 0) + 1);
      const step = 500 * 2 ** (attempt - 1);
      await sleep(step + Math.random() * step);
    }
  }
}

/** Resolves each screen's promise or gives NaN for those not done within `ms`. */
async function within(ms: number, work: Promise<number>[]): Promise<number[]> {
  const results = work.map(() => Number.NaN);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(work.map((p, i) => p.then((v) => (results[i] = v)))),
    new Promise((r) => {
      timer = setTimeout(r, ms);
    }),
  ]);
  clearTimeout(timer);
  return results;
}

const msg = (roomId: number, type: string, action: string, extra: object = {}) => ({
  type,
  payload: { action, roomId, ...extra },
});

/** The web client's first reconnect delay (game-connection.ts): 0.5–1 s, jittered. */
const firstBackoff = () => 500 + Math.random() * 500;
/** The web client's wait after a restart's close (1012, game-connection.ts RESTART_SPREAD_MS). */
const restartSpread = () => Math.random() * 250;

async function handle(cmd: VenueCommand): Promise<Record<string, unknown>> {
  switch (cmd.op) {
    case 'open': {
      let next = 0;
      let failed = 0;
      const made = cmd.screens.map((s) => new Screen(s.id, s.token, s.url));
      const lane = async () => {
        while (next < made.length) {
          const s = made[next++]!;
          await reopen(s, s.url).catch(() => {
            failed += 1;
          });
        }
      };
      await Promise.all(Array.from({ length: cmd.concurrency }, lane));
      screens.push(...made);
      return { opened: made.length - failed, failed };
    }
    case 'send': {
      const after = nowMs();
      const arrived = cmd.expect ? screens.map((s) => s.next(cmd.expect!, after)) : [];
      for (const s of screens) s.send(cmd.message);
      const times = await within(cmd.timeoutMs, arrived);
      return { missing: times.filter(Number.isNaN).length };
    }
    case 'slow': {
      clearInterval(pace);
      for (const s of slow) socketOf(s)?.resume();
      slow = new Set(screens.slice(0, cmd.count));
      for (const s of slow) socketOf(s)?.pause();
      // Their TCP reading is paused, resumed briefly once a second.
      if (slow.size > 0)
        pace = setInterval(() => {
          for (const s of slow) {
            socketOf(s)?.resume();
            setTimeout(() => socketOf(s)?.pause(), 5);
          }
        }, 1000);
      return {};
    }
    case 'wait': {
      const times = await within(
        cmd.timeoutMs,
        screens.filter((s) => !slow.has(s)).map((s) => s.next(cmd.type, cmd.after)),
      );
      return { times, missing: times.filter(Number.isNaN).length };
    }
    case 'watch':
      for (const s of screens) {
        s.watching = true;
        s.longestGap = 0;
        // A silence is counted from the watch's start, not from a frame long before it.
        s.lastFrameAt = cmd.from;
      }
      return {};
    case 'terminate': {
      const closed = screens.map((s) => s.closed());
      for (const s of screens) s.ws.terminate();
      await Promise.all(closed);
      return {};
    }
    case 'storm': {
      const before = refused;
      const times = await within(
        cmd.timeoutMs,
        screens.map(async (s) => {
          await reopen(s, cmd.url, !cmd.bare);
          const back = s.next(cmd.bare ? 'join_room' : 'set_game_state');
          s.send(
            cmd.bare
              ? msg(cmd.roomId, 'room_event', 'join_room')
              : msg(cmd.roomId, 'room_event', 'reconnect', { lastSeq: s.lastSeq }),
          );
          return (await back) - cmd.start;
        }),
      );
      return { times, refused: refused - before };
    }
    case 'move': {
      const before = refused;
      // Where a moving screen's time went: until its close, its new socket's upgrade, the snapshot.
      const phases = { closed: [] as number[], upgrade: [] as number[], snapshot: [] as number[] };
      const times = await within(
        cmd.timeoutMs,
        screens.map(async (s) => {
          if (s.url !== cmd.leaving) {
            s.backAt = (await s.next(cmd.stayedOn, cmd.start)) - cmd.start;
            return s.backAt;
          }
          s.wasMoved = true;
          const ticket = await s.moveOrClose();
          if (ticket) {
            const told = nowMs();
            const move = await s.moveTo(cmd.to, ticket, cmd.roomId).catch((err: Error) => {
              refused += 1;
              const why = `move: ${err.message}`;
              refusedWhy.set(why, (refusedWhy.get(why) ?? 0) + 1);
              return null;
            });
            if (move) {
              s.backAt = move.back - cmd.start;
              // For a move, "closed" is when the screen was told to move.
              phases.closed.push(told - cmd.start);
              phases.upgrade.push(move.opened - told);
              phases.snapshot.push(move.back - move.opened);
              return s.backAt;
            }
          }
          const code = await s.closed();
          const closedAt = nowMs();
          await sleep(code === 1012 ? restartSpread() : firstBackoff());
          const opening = nowMs();
          await reopen(s, cmd.to, true);
          const opened = nowMs();
          const back = s.next('set_game_state');
          s.send(msg(cmd.roomId, 'room_event', 'reconnect', { lastSeq: s.lastSeq }));
          s.backAt = (await back) - cmd.start;
          phases.closed.push(closedAt - cmd.start);
          phases.upgrade.push(opened - opening);
          phases.snapshot.push(s.backAt + cmd.start - opened);
          return s.backAt;
        }),
      );
      return { times, refused: refused - before, phases, why: Object.fromEntries(refusedWhy) };
    }
    case 'summary': {
      const firstAfter = (s: Screen) => {
        const at = s.rolls.find((t) => t > cmd.start);
        return at === undefined ? Number.NaN : at - cmd.start;
      };
      return {
        gaps: screens.map((s) => s.longestGap),
        movedGaps: screens.filter((s) => s.wasMoved).map((s) => s.longestGap),
        errors: screens.reduce((n, s) => n + s.errors, 0),
        // When each player had the first ball after the fault: live, if it was back before it was
        // drawn, else in the snapshot that brought it back.
        firstRolls: screens.map((s) => (s.backAt >= cmd.firstRoll ? s.backAt : firstAfter(s))),
      };
    }
  }
}

process.on('message', (cmd: VenueCommand) => {
  handle(cmd).then(
    (result) => process.send!({ rid: cmd.rid, ...result } satisfies VenueReply),
    (err: unknown) => process.send!({ rid: cmd.rid, error: String(err) } satisfies VenueReply),
  );
});
process.on('disconnect', () => process.exit(0));
