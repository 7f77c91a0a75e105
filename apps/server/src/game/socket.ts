import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import fastifyWebsocket from '@fastify/websocket';
import { english } from '@playshop/messages/english';
import { message, WS_IDLE_CLOSE_MS, WS_MAX_FRAME_BYTES, WS_PATH } from '@playshop/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { forbidden, unauthorized } from '../http/errors';
import { hostileInputLog } from '../http/logging';
import { isAllowedOrigin } from '../http/origin';
import { assertAccessTokenCurrent } from '../sessions/authenticate';
import type { AccessClaims } from '../sessions/tokens';
import {
  type GameSocketDeps,
  type GameSockets,
  type GameWebSocket,
  LIVE,
  Live,
  onClose,
  onMessage,
  onPong,
  RIGHTS_CLOSE_CODE,
  type SocketLimits,
  SWEEP_SLICES,
  sendMove,
  sendPong,
} from './socket-messages';
import { readRights, recheckOpenSockets } from './socket-rights';

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

/** How often open sockets are checked against deletions and licence expiry. */
const REVALIDATE_MS = 2_000;

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

/**
 * The game WebSocket at /ws. The access token comes in the `token` query parameter (browsers cannot
 * set headers on a WebSocket) and is checked before the upgrade, with the page's Origin. Every frame
 * is parsed with the shared strict schema (socket-messages.ts); identity always comes from the
 * token, never the frame.
 */
export async function registerGameSocket(app: FastifyInstance, deps: GameSocketDeps): Promise<void> {
  const sockets: GameSockets = {
    app,
    deps,
    limits: { ...DEFAULT_LIMITS, ...deps.limits },
    open: new Set(),
    perUser: new Map(),
    hostile: hostileInputLog(app.log),
    moving: false,
    draining: null,
  };
  // Before @fastify/websocket's own close (registered next, so run after this), unless main.ts did
  // it already: the rooms this instance owns go to another instance first, then each screen moves.
  app.decorate('moveGameScreens', () => drain(sockets, MOVE_WITHIN_MS));
  app.addHook('preClose', () => drain(sockets, MOVE_WITHIN_HOOK_MS));
  await app.register(fastifyWebsocket, {
    options: { maxPayload: WS_MAX_FRAME_BYTES, perMessageDeflate: false },
  });
  startSweeps(sockets);
  closeEndedSessions(sockets);
  app.get(
    WS_PATH,
    { websocket: true, schema: { hide: true }, preValidation: (req) => checkUpgrade(deps, req) },
    (socket, req) => openSocket(sockets, socket, req),
  );
}

/**
 * A session that ends (here or on another instance: sessions/sessions.ts) lets its sockets go at once.
 * Ends are rare and come in a batch, so a pass over the open sockets is enough.
 */
function closeEndedSessions({ deps, open }: GameSockets) {
  deps.ends.onEnded((ids) => {
    const ended = new Set(ids);
    const reason = english('errors.sessionExpired');
    for (const live of open) if (ended.has(live.sessionId)) live.socket.close(RIGHTS_CLOSE_CODE, reason);
  });
}

/** Refusals are thrown: the one error handler answers them before any upgrade. */
async function checkUpgrade(deps: GameSocketDeps, req: FastifyRequest) {
  const { allowedOrigins, tickets, tokens, checkToken, ends } = deps;
  const sessionOver = () => unauthorized(message('errors.sessionExpired'), 'TOKEN_REVOKED');
  if (!isAllowedOrigin({ origin: req.headers.origin, host: req.host, allowedOrigins })) {
    throw forbidden(message('errors.originNotAllowed'), 'BAD_ORIGIN');
  }
  const query = new URL(req.url, 'http://x').searchParams;
  const resume = query.get('resume');
  if (resume) {
    // A screen coming back: its ticket, without a token check or a database read (resume.ts).
    // Its session's end is known here from memory: a ticket of an ended one gets no 101 and no state.
    const claims = tickets.check(resume);
    if (!claims) throw unauthorized(message('errors.sessionExpired'), 'TOKEN_EXPIRED');
    if (ends.isEnded(claims.sessionId)) throw sessionOver();
    req.wsActor = claims;
    return;
  }
  const token = query.get('token');
  if (!token) throw unauthorized();
  const actor = await tokens.verify(token);
  await assertAccessTokenCurrent(checkToken, actor);
  if (ends.isEnded(actor.sessionId)) throw sessionOver();
  req.wsActor = actor;
}

function openSocket(sockets: GameSockets, socket: WebSocket, req: FastifyRequest) {
  const actor = req.wsActor!;
  releaseUpgrade(socket, req.raw.socket);
  // Ended while the upgrade was checked: nothing is sent.
  if (sockets.deps.ends.isEnded(actor.sessionId)) {
    socket.close(RIGHTS_CLOSE_CODE, english('errors.sessionExpired'));
    return;
  }
  const count = (sockets.perUser.get(actor.userId) ?? 0) + 1;
  if (count > sockets.limits.socketsPerUser) {
    socket.close(1008, english('game.tooManySockets'));
    return;
  }
  sockets.perUser.set(actor.userId, count);
  const live = new Live(socket, actor, sockets);
  (socket as GameWebSocket)[LIVE] = live;
  sockets.open.add(live);
  socket.on('pong', onPong as () => void);
  socket.on('message', onMessage as (data: RawData, isBinary: boolean) => void);
  socket.on('close', onClose as () => void);
  // Its first resume ticket at once: a screen may drop before its first heartbeat.
  if (sockets.moving) sendMove(live);
  else sendPong(live);
}

/**
 * One sweep for every socket, rather than two timers each: dead peers (a phone that lost its
 * network) are found by ping and let go, and idle sockets are closed. Each socket is looked at once
 * per heartbeat, a slice of them at a time: 10,000 pings written at once would stall a room's roll
 * as long as a roll's own frames do.
 *
 * Rights follow changes on open sockets too: a deleted user or an expired organization is let go
 * within REVALIDATE_MS, checked with one query for every socket of this instance; one recheck at a
 * time, since with 10,000 sockets on a busy database one can take longer than the interval.
 */
function startSweeps({ app, deps, open }: GameSockets) {
  const idleCloseMs = deps.idleCloseMs ?? WS_IDLE_CLOSE_MS;
  const heartbeatMs = deps.heartbeatMs ?? 30_000;
  let slice = 0;
  const sweep = setInterval(() => {
    slice = (slice + 1) % SWEEP_SLICES;
    sweepSlice(open, slice, Date.now(), idleCloseMs);
  }, heartbeatMs / SWEEP_SLICES);
  sweep.unref();
  let rechecking = false;
  const revalidate = setInterval(() => {
    if (rechecking) return;
    rechecking = true;
    void recheckOpenSockets(open, (tokens, orgIds) => readRights(deps.db, tokens, orgIds))
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
}

function drain(sockets: GameSockets, withinMs: number) {
  sockets.draining ??= moveScreens(sockets, withinMs);
  return sockets.draining;
}

/**
 * A rolling restart without a silence (make-before-break): once another instance serves the rooms,
 * each socket here is told to `move`, with a fresh resume ticket; its screen opens a socket on
 * another instance (any: the load balancer's choice) while this one still brings the room's frames
 * over the bus, and closes this one once it has the room there. What has not moved by the bound
 * is closed with 1012, which the web client answers by reconnecting at once, quietly.
 */
async function moveScreens(sockets: GameSockets, withinMs: number) {
  const { open } = sockets;
  const started = performance.now();
  const handed = await sockets.deps.rooms.handOff();
  const handOffMs = Math.round(performance.now() - started);
  // Alone, there is nowhere to move to.
  if (handed === null) {
    for (const live of open) live.socket.close(RESTART_CLOSE_CODE, 'Server restarting');
    return;
  }
  sockets.moving = true;
  const moved = [...open];
  const deadline = started + withinMs;
  await paceMoves(open, moved, deadline);
  while (open.size > 0 && performance.now() < deadline) await sleep(RESTART_SLICE_MS);
  const stayed = open.size;
  for (const live of open) live.socket.close(RESTART_CLOSE_CODE, 'Server restarting');
  sockets.app.log.info(
    {
      rooms: handed.length,
      handOffMs,
      sockets: moved.length,
      moved: Math.max(0, moved.length - stayed),
      closed: stayed,
      ms: Math.round(performance.now() - started),
    },
    'handed rooms off to other instances',
  );
}

/** Tells each socket to move, paced by the clock, not by ticks: a loop slowed by the moves still ends in time. */
async function paceMoves(open: ReadonlySet<Live>, moved: Live[], deadline: number) {
  const perSecond = Math.max(
    RESTART_CLOSES_PER_SECOND,
    (moved.length * 1000) / Math.max(RESTART_SLICE_MS, (deadline - performance.now()) / 2),
  );
  const begin = performance.now();
  for (let told = 0; told < moved.length; ) {
    const due = Math.min(
      moved.length,
      Math.ceil(((performance.now() - begin + RESTART_SLICE_MS) * perSecond) / 1000),
    );
    for (; told < due; told++) if (open.has(moved[told]!)) sendMove(moved[told]!);
    if (told < moved.length) await sleep(RESTART_SLICE_MS);
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
