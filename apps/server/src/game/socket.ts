import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import fastifyWebsocket from '@fastify/websocket';
import {
  ERRORS,
  GAME_TEXTS,
  isOrgExpired,
  keyFields,
  lockedOutByLicence,
  message,
  messageOfText,
  WS_IDLE_CLOSE_MS,
  WS_MAX_FRAME_BYTES,
  WS_PATH,
  ZClientMessage,
} from '@playshop/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { AccessClaims, AccessTokens } from '../auth/tokens';
import type { Db } from '../db/client';
import { organizations, users } from '../db/schema';
import { unnestColumns } from '../db/unnest';
import { type AccessTokenCheck, assertAccessTokenCurrent } from '../http/authenticate';
import { forbidden, unauthorized } from '../http/errors';
import { hostileInputLog } from '../http/logging';
import { isAllowedOrigin } from '../http/origin';
import { countGameCommand } from '../observability/metrics';
import type { RoomDirectory } from './directory';
import { dispatch } from './dispatch';
import { wire } from './frames';
import { type Connection, type Hub, SLOW_CLOSE_CODE } from './hub';
import { RESUME_REISSUE_MS, type ResumeTickets } from './resume';
import { REMOVED_CLOSE_CODE } from './room';

interface GameSocketDeps {
  tokens: AccessTokens;
  /** The app's one token check, shared with REST (a crowd's connects share its reads). */
  checkToken: AccessTokenCheck;
  /** Resume tickets: a dropped screen comes back on any instance without a token check (resume.ts). */
  tickets: ResumeTickets;
  db: Db;
  rooms: RoomDirectory;
  hub: Hub;
  allowedOrigins: readonly string[];
  idleCloseMs?: number;
  heartbeatMs?: number;
  revalidateMs?: number;
  limits?: Partial<SocketLimits>;
}

/** The close of every socket when this instance stops (1012 Service Restart): reconnect elsewhere now. */
export const RESTART_CLOSE_CODE = 1012;
/**
 * After a hand-over the sockets are told to move (`move`) this many a second, a slice every
 * RESTART_SLICE_MS: each move costs the new owner an upgrade, a join and a snapshot, and a herd of
 * them all at once would hold the room's frames behind them. A socket keeps its frames until its
 * screen has the room on its new socket, then the screen closes it.
 */
export const RESTART_CLOSES_PER_SECOND = 400;
const RESTART_SLICE_MS = 50;
/**
 * How long a stopping instance waits for its screens to move before closing the rest with 1012.
 * main.ts drains so before closing the app (SIGTERM); a close without it (SIGINT, tests) drains
 * within Fastify's preClose hook, which Fastify fails past its 10 s plugin timeout, so a shorter bound.
 * The moves are paced so as to be all sent within half the bound.
 */
export const MOVE_WITHIN_MS = 20_000;
const MOVE_WITHIN_HOOK_MS = 6_000;

/** A command that holds its socket's queue this long stalled it: the Rolls pressed meanwhile count once. */
const STALLED_COMMAND_MS = 1_000;

/** How often open sockets are checked against deletions and licence expiry. */
const REVALIDATE_MS = 2_000;

interface SocketLimits {
  /** Open game sockets of one user on this instance; the next one is closed at once. */
  socketsPerUser: number;
  /** Commands a socket may send per second, on average, and in one burst. */
  commandsPerSecond: number;
  burst: number;
}
const DEFAULT_LIMITS: SocketLimits = { socketsPerUser: 8, commandsPerSecond: 20, burst: 100 };

declare module 'fastify' {
  interface FastifyRequest {
    wsActor?: AccessClaims;
  }
  interface FastifyInstance {
    /** SIGTERM: hand this instance's rooms off and move its game screens elsewhere (MOVE_WITHIN_MS at most). */
    moveGameScreens(): Promise<void>;
  }
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const DONE = Promise.resolve();
/** Open tokens per statement of the rights recheck. */
const RECHECK_CHUNK = 1_000;
const TEXT_FRAME = { binary: false } as const;
/** The heartbeat sweep's ticks per heartbeat. */
export const SWEEP_SLICES = 30;
let nextSweepSlice = 0;
/**
 * What this instance keeps per socket, which is also the hub's Connection: one object with its
 * methods on the prototype and no closures of its own, since a room may hold 10,000 of them (the
 * bench's heap snapshots: per-socket arrow functions cost about 1 KiB a socket).
 */
class Live implements Connection {
  readonly key = randomUUID();
  readonly actor: Connection['actor'];
  roomId: number | null = null;
  /** The token's version: a logout, reset or role change elsewhere lets the socket go. */
  readonly tokenVersion: number;
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
    burst: number,
  ) {
    this.actor = { userId: claims.userId, username: claims.username, role: claims.role, orgId: claims.orgId };
    this.tokenVersion = claims.tokenVersion;
    this.orgName = claims.orgName;
    this.tokens = burst;
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
    return { ...this.actor, orgName: this.orgName, tokenVersion: this.tokenVersion };
  }
}
/** The socket's Live, for the listeners that every socket shares (called with the socket as `this`). */
const LIVE = Symbol('live');
type GameWebSocket = WebSocket & { [LIVE]: Live };

/**
 * The game WebSocket at /ws. The access token comes in the `token` query parameter (browsers cannot
 * set headers on a WebSocket) and is checked before the upgrade, with the page's Origin. Every frame
 * is parsed with the shared strict schema; identity always comes from the token, never the frame.
 */
export async function registerGameSocket(app: FastifyInstance, deps: GameSocketDeps): Promise<void> {
  const { tokens, checkToken, tickets, db, rooms, hub, allowedOrigins } = deps;
  const idleCloseMs = deps.idleCloseMs ?? WS_IDLE_CLOSE_MS;
  const heartbeatMs = deps.heartbeatMs ?? 30_000;
  const limits = { ...DEFAULT_LIMITS, ...deps.limits };
  const open = new Set<Live>();
  // Refused frames are logged once a minute per user, without payloads (a log flood otherwise).
  const hostile = hostileInputLog(app.log);
  const perUser = new Map<number, number>();
  // Before @fastify/websocket's own close (registered next, so run after this), unless main.ts did
  // it already: the rooms this instance owns go to another instance first, then each screen moves.
  let draining: Promise<void> | null = null;
  /** Set once the rooms are handed off: a socket opening here from then on is told to move at once. */
  let moving = false;
  const drain = (withinMs: number) => {
    draining ??= moveScreens(withinMs);
    return draining;
  };
  app.decorate('moveGameScreens', () => drain(MOVE_WITHIN_MS));
  app.addHook('preClose', () => drain(MOVE_WITHIN_HOOK_MS));

  /**
   * A rolling restart without a silence (make-before-break): once another instance serves the rooms,
   * each socket here is told to `move`, with a fresh resume ticket; its screen opens a socket on
   * another instance (any: the load balancer's choice) while this one still brings the room's frames
   * over the bus, and closes this one once it has the room there. What has not moved by the bound
   * is closed with 1012, which the web client answers by reconnecting at once, quietly.
   */
  async function moveScreens(withinMs: number) {
    const started = performance.now();
    const handed = await rooms.handOff();
    const handOffMs = Math.round(performance.now() - started);
    // Alone, there is nowhere to move to.
    if (handed === null) {
      for (const live of open) live.socket.close(RESTART_CLOSE_CODE, 'Server restarting');
      return;
    }
    moving = true;
    const sockets = [...open];
    const deadline = started + withinMs;
    // Paced by the clock, not by ticks: a loop slowed by the moves still ends in time.
    const perSecond = Math.max(
      RESTART_CLOSES_PER_SECOND,
      (sockets.length * 1000) / Math.max(RESTART_SLICE_MS, (deadline - performance.now()) / 2),
    );
    const begin = performance.now();
    for (let told = 0; told < sockets.length; ) {
      const due = Math.min(
        sockets.length,
        Math.ceil(((performance.now() - begin + RESTART_SLICE_MS) * perSecond) / 1000),
      );
      for (; told < due; told++) if (open.has(sockets[told]!)) sendMove(sockets[told]!);
      if (told < sockets.length) await sleep(RESTART_SLICE_MS);
    }
    while (open.size > 0 && performance.now() < deadline) await sleep(RESTART_SLICE_MS);
    const stayed = open.size;
    for (const live of open) live.socket.close(RESTART_CLOSE_CODE, 'Server restarting');
    app.log.info(
      {
        rooms: handed.length,
        handOffMs,
        sockets: sockets.length,
        moved: Math.max(0, sockets.length - stayed),
        closed: stayed,
        ms: Math.round(performance.now() - started),
      },
      'handed rooms off to other instances',
    );
  }
  function sendMove(live: Live) {
    const now = Date.now();
    live.ticketAt = now;
    live.socket.send(wire('move', { resume: tickets.issue(live.claims, now) }));
  }
  await app.register(fastifyWebsocket, {
    options: { maxPayload: WS_MAX_FRAME_BYTES, perMessageDeflate: false },
  });

  // One sweep for every socket, rather than two timers each: dead peers (a phone that lost its
  // network) are found by ping and let go, and idle sockets are closed. Each socket is looked at once
  // per heartbeat, a slice of them at a time: 10,000 pings written at once would stall a room's
  // roll as long as a roll's own frames do.
  let slice = 0;
  const sweep = setInterval(() => {
    slice = (slice + 1) % SWEEP_SLICES;
    sweepSlice(open, slice, Date.now(), idleCloseMs);
  }, heartbeatMs / SWEEP_SLICES);
  sweep.unref();

  // Rights follow changes on open sockets too: a deleted user or an expired organization is let go
  // within REVALIDATE_MS, checked with one query for every socket of this instance; one recheck at a
  // time, since with 10,000 sockets on a busy database one can take longer than the interval.
  let rechecking = false;
  const revalidate = setInterval(() => {
    if (rechecking) return;
    rechecking = true;
    void recheckOpenSockets(open, readRights)
      .catch((err) => app.log.warn({ err }, 'could not recheck the rights of open game sockets'))
      .finally(() => {
        rechecking = false;
      });
  }, deps.revalidateMs ?? REVALIDATE_MS);
  revalidate.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    clearInterval(revalidate);
  });

  /**
   * Of these tokens, the ones the database no longer agrees with, and the expiry of their
   * organizations. Only the disagreements come back (usually none), so 10,000 open sockets cost ten
   * statements with four array parameters each, not 10,000 parameters and rows to build and read.
   */
  async function readRights(tokens: TokenRights[], orgIds: number[]): Promise<Rights> {
    const stale: TokenRights[] = [];
    for (let i = 0; i < tokens.length; i += RECHECK_CHUNK) {
      // Embedded PGlite runs a statement on this thread: a slice at a time, with the sockets served
      // between slices, rather than one 20–70 ms stall of every room for 10,000 tokens.
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      stale.push(...(await readStale(tokens.slice(i, i + RECHECK_CHUNK))));
    }
    const orgRows = await db
      .select({ id: organizations.id, expiry: organizations.expiry })
      .from(organizations)
      .where(sql`${organizations.id} = any(${sql.param(orgIds)}::int[])`);
    return { stale, expiry: new Map(orgRows.map((o) => [o.id, o.expiry])) };
  }

  async function readStale(tokens: TokenRights[]): Promise<TokenRights[]> {
    const staleRows = await db.execute(sql`
        select t.user_id, t.token_version, t.role, t.org_id
        from ${unnestColumns(tokens, [
          ['int', (t) => t.userId],
          ['int', (t) => t.tokenVersion],
          ['text', (t) => t.role],
          ['int', (t) => t.orgId],
        ])} as t(user_id, token_version, role, org_id)
        left join ${users} u on u.id = t.user_id
        where u.id is null or u.token_version <> t.token_version or u.role::text <> t.role
          or u.org_id is distinct from t.org_id`);
    return rowsOf<{ user_id: number; token_version: number; role: string; org_id: number }>(staleRows).map(
      (r) => ({ userId: r.user_id, tokenVersion: r.token_version, role: r.role, orgId: r.org_id }),
    );
  }

  /** A `pong`, with a new resume ticket when the socket's last one is getting old. */
  function sendPong(live: Live) {
    const now = Date.now();
    if (now - live.ticketAt < RESUME_REISSUE_MS) return live.socket.send(wire('pong', {}));
    live.ticketAt = now;
    live.socket.send(wire('pong', { resume: tickets.issue(live.claims, now) }));
  }

  /** The game refuses in catalogue texts; the frame carries the text's key for the reader's language. */
  const sendError = (live: Live, error: string) =>
    live.socket.send(wire('error_event', { error, ...keyFields(messageOfText(error)) }));

  /** A token bucket per socket: a burst is fine, a flood is refused and then closed. */
  function allowed(live: Live): boolean {
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
    if (live.refusals > limits.burst) live.socket.close(1008, GAME_TEXTS.tooManyMessages);
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
  const isRoll = (parsed: ReturnType<typeof parse>) =>
    parsed.success && parsed.data.type === 'game_event' && parsed.data.payload.action === 'get_roll';

  async function handle(live: Live, parsed: ReturnType<typeof parse>, arrivedAt: number) {
    if (isRoll(parsed)) {
      live.rollsQueued -= 1;
      // Roll pressed again and again while a command of this socket had no answer (the room moving
      // to another instance, a stalled owner): the presses made meanwhile count once, the last, not
      // a ball each. After a takeover at 10,000 players the queued presses drew 43 balls, 430,000
      // frames (docs/performance.md). Presses that are only quick (a double click) each draw.
      if (live.rollsQueued > 0 && arrivedAt <= live.stalledUntil) return;
    }
    if (!parsed.success) {
      hostile.report('ws-frame', String(live.actor.userId), 'invalid frame');
      return sendError(live, GAME_TEXTS.invalidMessage);
    }
    const action = 'action' in parsed.data.payload ? parsed.data.payload.action : undefined;
    countGameCommand(parsed.data.type, action);
    const request = dispatch(parsed.data);
    if (request === null) return sendPong(live);
    if (!allowed(live)) return sendError(live, GAME_TEXTS.tooManyMessages);
    const connection = live;
    const before = connection.roomId;
    // In the room before the command runs, so the frames it makes (the snapshot among them) reach it.
    if (request.socket === 'join') hub.join(connection, request.roomId);
    const result = await rooms.execute({
      roomId: request.roomId,
      actor: connection.actor,
      command: request.command,
      socket: connection.key,
      lastSeq: request.lastSeq,
    });
    if ('error' in result) {
      // A refused join leaves the socket where it was.
      if (request.socket === 'join' && before !== request.roomId) {
        if (before === null) hub.leave(connection);
        else hub.join(connection, before);
      }
      if (request.command.type === 'join' && result.error === GAME_TEXTS.lobbyNotOpen) {
        return live.socket.send(wire('join_room', { message: GAME_TEXTS.lobbyNotOpen }));
      }
      // A removed player coming back is told so as at the removal, and their screen leaves the room.
      if (request.command.type === 'join' && result.error === GAME_TEXTS.removedFromRoom) {
        live.socket.send(
          wire('removed', { message: result.error, ...keyFields(messageOfText(result.error)) }),
        );
        return live.socket.close(REMOVED_CLOSE_CODE, result.error);
      }
      sendError(live, result.error);
      // SPEC: an expired licence locks its users out at once, open sockets included.
      if (result.error === ERRORS.orgExpired) live.socket.close(4403, result.error);
      return;
    }
    if (request.socket === 'leave') hub.leave(connection);
    // A socket that moved to another room has left the one it was in.
    if (request.socket === 'join' && before !== null && before !== request.roomId) {
      await rooms.execute({
        roomId: before,
        actor: connection.actor,
        command: { type: 'leave' },
        socket: connection.key,
      });
    }
  }

  app.get(
    WS_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (req) => {
        if (!isAllowedOrigin({ origin: req.headers.origin, host: req.host, allowedOrigins })) {
          throw forbidden(message('errors.originNotAllowed'), 'BAD_ORIGIN');
        }
        // Refusals are thrown: the one error handler answers them before any upgrade.
        const query = new URL(req.url, 'http://x').searchParams;
        const resume = query.get('resume');
        if (resume) {
          // A screen coming back: its ticket, without a token check or a database read (resume.ts).
          const claims = tickets.check(resume);
          if (!claims) throw unauthorized(message('errors.sessionExpired'), 'TOKEN_EXPIRED');
          req.wsActor = claims;
          return;
        }
        const token = query.get('token');
        if (!token) throw unauthorized();
        const actor = await tokens.verify(token);
        await assertAccessTokenCurrent(checkToken, actor);
        req.wsActor = actor;
      },
    },
    (socket, req) => {
      const actor = req.wsActor!;
      releaseUpgrade(socket, req.raw.socket);
      const count = (perUser.get(actor.userId) ?? 0) + 1;
      if (count > limits.socketsPerUser) {
        socket.close(1008, GAME_TEXTS.tooManySockets);
        return;
      }
      perUser.set(actor.userId, count);
      const live = new Live(socket, actor, limits.burst);
      (socket as GameWebSocket)[LIVE] = live;
      open.add(live);
      socket.on('pong', onPong as () => void);
      socket.on('message', onMessage as (data: RawData, isBinary: boolean) => void);
      socket.on('close', onClose as () => void);
      // Its first resume ticket at once: a screen may drop before its first heartbeat.
      if (moving) sendMove(live);
      else sendPong(live);
    },
  );

  // The listeners every game socket shares; `this` is the socket.
  function onPong(this: GameWebSocket) {
    this[LIVE].alive = true;
  }
  // One message at a time per socket, in order: a player's join lands before their claim.
  function onMessage(this: GameWebSocket, data: RawData, isBinary: boolean) {
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
      .catch((err) => {
        app.log.error({ err }, 'game message failed');
        sendError(live, GAME_TEXTS.somethingWentWrong);
      });
  }
  function onClose(this: GameWebSocket) {
    const live = this[LIVE];
    open.delete(live);
    const { userId } = live.actor;
    const left = (perUser.get(userId) ?? 1) - 1;
    if (left > 0) perUser.set(userId, left);
    else perUser.delete(userId);
    void live.queue.then(async () => {
      const roomId = live.roomId;
      hub.leave(live);
      if (roomId === null) return;
      // A player is away once their last socket in the room is gone (room.ts counts them).
      await rooms
        .execute({ roomId, actor: live.actor, command: { type: 'leave' }, socket: live.key })
        .catch((err) => app.log.warn({ err }, 'could not record a player leaving'));
    });
  }
}

/** A socket the heartbeat sweep looks after. */
interface Swept {
  sweepSlice: number;
  alive: boolean;
  lastMessageAt: number;
  socket: Pick<WebSocket, 'close' | 'terminate' | 'ping'>;
}

/**
 * One tick of the heartbeat sweep: the sockets of this slice are closed when idle, let go when they
 * did not answer the last ping, and pinged otherwise.
 */
export function sweepSlice(open: Iterable<Swept>, slice: number, now: number, idleCloseMs: number) {
  for (const live of open) {
    if (live.sweepSlice !== slice) continue;
    if (now - live.lastMessageAt > idleCloseMs) live.socket.close(1000, 'Idle timeout');
    else if (!live.alive) live.socket.terminate();
    else {
      live.alive = false;
      live.socket.ping();
    }
  }
}

/** What a socket's token says about its user, checked against the database while it is open. */
interface TokenRights {
  userId: number;
  tokenVersion: number;
  role: string;
  orgId: number;
}
export interface Rights {
  /** The tokens whose user is gone or has another version, role or organization (usually none). */
  stale: readonly TokenRights[];
  /** Each organization's licence expiry (null: none). */
  expiry: ReadonlyMap<number, string | null>;
}
type CheckedSocket = Pick<Connection, 'actor' | 'close'> & { tokenVersion: number };
const holds = (t: TokenRights, { actor, tokenVersion }: CheckedSocket) =>
  t.userId === actor.userId &&
  t.tokenVersion === tokenVersion &&
  t.role === actor.role &&
  t.orgId === actor.orgId;
/** Rows of `db.execute`: node-postgres gives a result with `rows`, PGlite too. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Closes the open sockets whose token no longer speaks for its user, or whose organization's
 * licence ran out. Only the sockets that were open when the database was read are judged: one that
 * opened meanwhile passed its own check at the upgrade, and its token was not asked about. It runs
 * every REVALIDATE_MS over every socket, so it matches by user id, with no key built per socket.
 */
export async function recheckOpenSockets(
  open: ReadonlySet<CheckedSocket>,
  readRights: (tokens: TokenRights[], orgIds: number[]) => Promise<Rights>,
): Promise<void> {
  const checked = [...open];
  // Each token once: a user's sockets almost always share one; another one of theirs is asked too.
  const tokens: TokenRights[] = [];
  const byUser = new Map<number, TokenRights>();
  const orgIds = new Set<number>();
  for (const live of checked) {
    const known = byUser.get(live.actor.userId);
    if (known && holds(known, live)) continue;
    const { userId, role, orgId } = live.actor;
    const t = { userId, tokenVersion: live.tokenVersion, role, orgId };
    if (!known) byUser.set(userId, t);
    tokens.push(t);
    orgIds.add(orgId);
  }
  const rights = await readRights(tokens, [...orgIds]);
  // Nearly always nothing changed: then no socket is judged one by one (at 10,000 sockets this loop
  // was half the recheck's main-thread time, every 2 s, landing on rolls: docs/performance.md).
  const anyExpired = [...rights.expiry.values()].some((expiry) => isOrgExpired(expiry));
  if (rights.stale.length === 0 && !anyExpired) return;
  const staleByUser = new Map<number, TokenRights[]>();
  for (const t of rights.stale) staleByUser.set(t.userId, [...(staleByUser.get(t.userId) ?? []), t]);
  for (const live of checked) {
    if (!open.has(live)) continue;
    const { actor } = live;
    const valid =
      !staleByUser.get(actor.userId)?.some((t) => holds(t, live)) &&
      !lockedOutByLicence(actor.role, rights.expiry.get(actor.orgId));
    if (!valid) live.close(4403, ERRORS.orgExpired);
  }
}

/**
 * Lets go of the upgrade's HTTP request and reply, which would otherwise stay reachable from every
 * open socket (about 5 KiB each: the bench's heap snapshots): @fastify/websocket's error listener
 * holds them, and the raw socket keeps the reply it was assigned. Errors on the socket just end it.
 */
function releaseUpgrade(socket: WebSocket, raw: Socket & { _httpMessage?: ServerResponse | null }) {
  const theirs = socket.listeners('error') as ((...args: unknown[]) => void)[];
  // Ours first, then theirs off: removing the last listener of an event deletes the key, which
  // turns the socket's listener table into a slow dictionary (about 180 bytes more per socket).
  socket.on('error', terminateOnError);
  for (const listener of theirs) socket.off('error', listener);
  raw._httpMessage?.detachSocket(raw);
}
function terminateOnError(this: WebSocket) {
  this.terminate();
}
