import { randomUUID } from 'node:crypto';
import { inScope, roomLanguage } from '@playshop/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { roomBrandingOf } from '../branding/service';
import type { ContentService } from '../content/service';
import type { Db } from '../db/client';
import { content, organizations, roomSessions, rooms, sessionContent } from '../db/schema';
import { isDatabaseUnavailable } from '../http/db-errors';
import { startFanoutTimer } from '../observability/metrics';
import { sessionsInOrder } from '../workshops/reading';
import type { Bus, MoveKind } from './bus';
import type { RandomInt } from './cards';
import type { Connection, Hub } from './hub';
import type { Journal } from './journal';
import type { Ownership } from './ownership';
import { createPresenceCoalescer } from './presence';
import {
  type Clock,
  type CommandRequest,
  type CommandResult,
  type LiveRoom,
  openLiveRoom,
  type RoomSetup,
  type WireFrame,
} from './room';

interface RoomDirectoryDeps {
  db: Db;
  content: ContentService;
  journal: Journal;
  bus: Bus;
  hub: Hub;
  ownership: Ownership;
  clock: Clock;
  randomInt: RandomInt;
  log: FastifyBaseLogger;
  onFrames?: (frames: number) => void;
}

/** How long a command waits before trying again while the room's owner is changing hands. */
const RETRY_MS = 200;
/** Tries before giving up: long enough for a dead owner's lease to run out (LEASE_MS). */
const ATTEMPTS = 20;
/**
 * How long a rejoin keeps asking for a socket whose join was refused as unavailable, a second apart
 * at most. It was five tries over 3 s: a takeover on a loaded machine takes longer than that (the
 * failover test's room loaded for more than 3 s), and the screen was left without its snapshot.
 */
const REJOIN_WITHIN_MS = 15_000;
/** The longest wait between two of a rejoin's tries (they start RETRY_MS apart and grow by it). */
const REJOIN_GAP_MAX_MS = 1_000;
/** How long after an owner said it is leaving a room taken here counts as handed to us. */
const HANDING_MS = 10_000;

/** What the directory's parts share: its dependencies and what it knows of each room. */
interface Directory {
  deps: RoomDirectoryDeps;
  live: Map<number, Promise<LiveRoom>>;
  /** The same rooms once open, for what must be read without waiting (metrics). */
  opened: Map<number, LiveRoom>;
  /** Arrivals and departures leave as one `presence` frame per room and interval (presence.ts). */
  presence: ReturnType<typeof createPresenceCoalescer>;
  /** While leaving: each handed room's waiter, called when another instance says it serves the room. */
  handedOver: Map<number, () => void>;
  /**
   * Rooms whose owner said it is leaving, and when: taken here within HANDING_MS, for whatever
   * reason (a command may take it before the owner's last `leaving` arrives), the room is a
   * hand-over, whose screens saw every frame, not a takeover that sends each of them the room.
   */
  handing: Map<number, number>;
  /** Rooms whose sockets are being brought back in (a takeover), so it happens once at a time. */
  rejoining: Map<number, Promise<void>>;
  /** Commands each room is executing here. */
  inFlight: Map<number, Set<Promise<CommandResult>>>;
  /** Set once this instance hands its rooms off before exiting: it takes no room any more. */
  leaving: boolean;
}

/**
 * Where each room's live game is: the rooms this instance owns, in memory, and the way to the owner
 * of every other one. A command for a room goes to its owner, forwarded over the bus when that is
 * another instance; a room with no owner is taken by the instance that needs it (Orleans-style single
 * activation, docs/decisions.md).
 */
export function createRoomDirectory(deps: RoomDirectoryDeps) {
  const { bus, hub, ownership } = deps;
  const dir: Directory = {
    deps,
    live: new Map(),
    opened: new Map(),
    presence: createPresenceCoalescer((roomId, frames) => send(dir, roomId, frames)),
    handedOver: new Map(),
    handing: new Map(),
    rejoining: new Map(),
    inFlight: new Map(),
    leaving: false,
  };
  bus.onFrames((roomId, frames) => {
    const done = startFanoutTimer();
    hub.deliver(roomId, frames);
    done();
  });
  bus.onMoved((roomId, how) => onMoved(dir, roomId, how));
  // Back from a bus outage: every screen of ours gets the room afresh.
  bus.onReconnected(() => {
    for (const roomId of hub.roomIds()) void rejoin(dir, roomId);
  });
  ownership.onLost((lostRoom) => {
    for (const [roomId, room] of dir.live)
      if (lostRoom === null || lostRoom === roomId) void drop(dir, roomId, room);
  });

  return {
    execute: (request: CommandRequest) => execute(dir, request),
    /** Frames about the room from outside its game (a new join code), to its sockets on every instance. */
    announce: (roomId: number, frames: WireFrame[]) => send(dir, roomId, frames),
    /** A room's setup changed (its organization's licence or settings, its session): reload it here. */
    async refresh(roomId: number) {
      await (await dir.live.get(roomId)?.catch(() => null))?.refresh();
    },
    /** Players present in a room this instance owns (dashboards, metrics). */
    async playerCount(roomId: number): Promise<number | null> {
      const room = await dir.live.get(roomId)?.catch(() => null);
      return room ? room.playerCount() : null;
    },
    /** Players present in each room this instance owns (the rooms-live and players-per-room gauges). */
    playerCounts: (): number[] => [...dir.opened.values()].map((room) => room.playerCount()),
    handOff: (waitMs = 3_000) => handOff(dir, waitMs),
    async close() {
      for (const [roomId, room] of dir.live) await drop(dir, roomId, room);
      dir.presence.close();
    },
  };
}

export type RoomDirectory = ReturnType<typeof createRoomDirectory>;

/**
 * Frames out of a room: over the bus to the other instances' sockets first, then to this instance's,
 * so that in a room over several instances the others write their share while this one writes its
 * own (a roll to 10,000 sockets here no longer holds back the other instance's 10,000). A frame for
 * one socket of this instance stays here: in a join storm of a room over two instances each join's
 * snapshot is such a frame, and every other instance would otherwise parse each of them to drop it.
 */
function send({ deps }: Directory, roomId: number, frames: WireFrame[]) {
  if (frames.length === 0) return;
  const travelling = frames.filter((f) => typeof f.to !== 'object' || !deps.hub.has(f.to.socket));
  deps.bus
    .publishFrames(roomId, travelling)
    .catch((err) => deps.log.warn({ err }, 'could not send game frames to other instances'));
  const done = startFanoutTimer();
  deps.hub.deliver(roomId, frames);
  done();
  deps.onFrames?.(frames.length);
}

/**
 * A room changed hands: tell its new owner who of ours is in it (and so resync their screens).
 * Its owner is leaving (a rolling restart): take it now, rather than at the next command; once
 * taken so, our screens are up to date (the bus brought them every frame) and stay as they are.
 */
function onMoved(dir: Directory, roomId: number, how: MoveKind | undefined) {
  // Another instance serves it now: a later takeover here (that one dying) is not a hand-over.
  if (how !== 'leaving') dir.handing.delete(roomId);
  if (how === 'handed') return void dir.handedOver.get(roomId)?.();
  // While leaving, another instance serving a room we hand off is what we wait for, however it
  // took it (an instance of an older version, or one that took it for a command first).
  if (how === undefined) return dir.leaving ? void dir.handedOver.get(roomId)?.() : void rejoin(dir, roomId);
  dir.handing.set(roomId, Date.now());
  const started = performance.now();
  const { log } = dir.deps;
  owned(dir, roomId, undefined, true).then(
    (room) =>
      room &&
      log.info({ roomId, ms: Math.round(performance.now() - started) }, 'took over a room handed off'),
    (err) => log.warn({ err, roomId }, 'could not take over a room handed off'),
  );
}

const isHanded = ({ handing }: Directory, roomId: number) =>
  Date.now() - (handing.get(roomId) ?? Number.NEGATIVE_INFINITY) < HANDING_MS;

/**
 * Every socket of ours in the room joins again (same card, a fresh snapshot). All at once: the
 * owner applies them in one turn and the journal stores them in one transaction, rather than one
 * commit per player. A rejoin already under way for the room covers these sockets too (its first
 * join is what made the room open here, and opening asks for a rejoin).
 */
function rejoin(dir: Directory, roomId: number, except?: string): Promise<void> {
  const running = dir.rejoining.get(roomId);
  if (running) return running;
  const members = dir.deps.hub.members(roomId).filter((c) => c.key !== except);
  const done = Promise.all(members.map((c) => rejoinOne(dir, roomId, c))).then(() => {
    dir.rejoining.delete(roomId);
  });
  dir.rejoining.set(roomId, done);
  return done;
}

/**
 * One socket's join of a rejoin. Nobody else asks for it: a join refused as unavailable (the room
 * was dropped under it, its lease lost just after a Redis outage; a takeover still under way; the
 * bus down again) would leave the screen without its snapshot until the player does something, so
 * it is asked again while the socket is still in the room.
 */
async function rejoinOne(dir: Directory, roomId: number, c: Connection) {
  const giveUpAt = Date.now() + REJOIN_WITHIN_MS;
  for (let attempt = 1; Date.now() < giveUpAt; attempt++) {
    const result = await execute(dir, {
      roomId,
      actor: c.actor,
      command: { action: 'join_room' },
      socket: c.key,
    }).catch((): CommandResult => ({ error: 'game.unavailable' }));
    if (!('error' in result) || result.error !== 'game.unavailable') return;
    if (dir.leaving || c.roomId !== roomId) return;
    await new Promise((r) => setTimeout(r, Math.min(RETRY_MS * attempt, REJOIN_GAP_MAX_MS)));
  }
}

/** `beforeRelease`: what to do once the room is closed here, before another instance may take it. */
async function drop(
  dir: Directory,
  roomId: number,
  room: Promise<LiveRoom>,
  beforeRelease?: () => Promise<void>,
) {
  if (dir.live.get(roomId) !== room) return;
  dir.live.delete(roomId);
  dir.opened.delete(roomId);
  dir.presence.drop(roomId);
  // Commands the room took are answered (their events durable, frames out) before another
  // instance may load it: a hand-over loses nothing, and no forwarder is left without its answer.
  await Promise.allSettled(dir.inFlight.get(roomId) ?? []);
  (await room.catch(() => null))?.close();
  await beforeRelease?.().catch(() => undefined);
  await dir.deps.ownership.release(roomId).catch(() => undefined);
}

/**
 * The room, when this instance owns it or can take it; null when another instance owns it.
 * `handedOff`: its owner handed it over (nobody's screen needs the room afresh).
 */
async function owned(
  dir: Directory,
  roomId: number,
  requester?: string,
  handedOff = false,
): Promise<LiveRoom | null> {
  const known = dir.live.get(roomId);
  if (known) return known;
  if (dir.leaving || !(await dir.deps.ownership.acquire(roomId))) return null;
  const again = dir.live.get(roomId);
  if (again) return again;
  const handed = handedOff || isHanded(dir, roomId);
  dir.handing.delete(roomId);
  const opening = openHere(dir, roomId, () => opening);
  dir.live.set(roomId, opening);
  try {
    const room = await opening;
    dir.opened.set(roomId, room);
    // Not awaited, never left to reject: Redis gone between the lease and this word (or the instance
    // closing) must not end the process; the others' screens catch up when the bus is back.
    dir.deps.bus
      .announceMoved(roomId, handed ? 'handed' : undefined)
      .catch((err) =>
        dir.deps.log.warn({ err, roomId }, 'could not tell other instances the room is served here'),
      );
    // Sockets of ours that were in the room under its last owner (the requester is being served).
    if (!handed) void rejoin(dir, roomId, requester);
    return room;
  } catch (err) {
    await drop(dir, roomId, opening);
    throw err;
  }
}

/** Loads the room, opens its live game and serves its commands from other instances. */
async function openHere(dir: Directory, roomId: number, opening: () => Promise<LiveRoom>): Promise<LiveRoom> {
  const { db, content, journal, bus } = dir.deps;
  const setup = await loadSetup(db, content, roomId);
  if (!setup) throw new RoomNotFound();
  const room = await openLiveRoom({
    roomId,
    journal,
    setup: async () => (await loadSetup(db, content, roomId)) ?? setup,
    deliver: (frames) => send(dir, roomId, dir.presence.take(roomId, frames)),
    clock: dir.deps.clock,
    randomInt: dir.deps.randomInt,
    onBroken: () => void drop(dir, roomId, opening()),
  });
  const stopServing = await bus.serve(roomId, (request) => executeHere(dir, room, request));
  const close = room.close;
  room.close = () => {
    close();
    void stopServing();
  };
  return room;
}

async function executeHere(dir: Directory, room: LiveRoom, request: CommandRequest): Promise<CommandResult> {
  // Room tenancy is the rooms' one rule: another organization's room does not exist for the caller.
  if (!inScope(request.actor, room.orgId())) return { error: 'errors.roomNotFound' };
  const running = room.execute(request);
  const set = dir.inFlight.get(room.roomId) ?? new Set();
  dir.inFlight.set(room.roomId, set);
  set.add(running);
  try {
    return await running;
  } finally {
    set.delete(running);
    if (set.size === 0) dir.inFlight.delete(room.roomId);
  }
}

async function execute(dir: Directory, request: CommandRequest): Promise<CommandResult> {
  const { bus } = dir.deps;
  // Without the bus other instances' screens would not see what happens: refuse rather than hide it.
  if (!bus.healthy()) return { error: 'game.unavailable' };
  // One id for every forward of this command: an owner asked again answers, it does not apply twice.
  const reqId = randomUUID();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const here = dir.live.get(request.roomId);
    if (here) return executeHere(dir, await here, request);
    const forwarded = await bus.forward(request, reqId);
    if (forwarded) return forwarded;
    try {
      const room = await owned(dir, request.roomId, request.socket);
      if (room) return executeHere(dir, room, request);
    } catch (err) {
      if (err instanceof RoomNotFound) return { error: 'errors.roomNotFound' };
      // The room could not be read or its ownership taken: the database is away for a moment.
      if (isDatabaseUnavailable(err)) return { error: 'game.unavailable' };
      throw err;
    }
    // Another instance holds the room but is not serving it yet: it is taking it over.
    await new Promise((r) => setTimeout(r, RETRY_MS));
  }
  return { error: 'game.unavailable' };
}

/**
 * Before this instance exits (SIGTERM, a rolling restart): each room it owns is let go (once the
 * commands it took are answered) and another instance asked to take it at once. Returns the rooms
 * once another instance serves each (or after `waitMs`: no other instance may be running); null
 * when there are no other instances to hand anything to (one process, or the bus is down). Our
 * sockets stay served meanwhile, their commands forwarded and the new owner's frames brought
 * by the bus; the caller then tells them to move (socket.ts), a slice at a time, and each
 * opens its new socket on any instance before the old one closes.
 */
async function handOff(dir: Directory, waitMs: number): Promise<number[] | null> {
  const { bus } = dir.deps;
  if (!bus.shared || !bus.healthy()) return null;
  if ((await bus.otherInstances().catch(() => 0)) === 0) return null;
  dir.leaving = true;
  const handed = [...dir.live.keys()];
  const served = handed.map(
    (roomId) => new Promise<void>((resolve) => dir.handedOver.set(roomId, resolve as () => void)),
  );
  // `leaving` before the release too: an instance that takes the room for a command of its own
  // before the second one arrives knows it is a hand-over (no snapshot to each of its screens).
  const announce = (roomId: number) => bus.announceMoved(roomId, 'leaving');
  await Promise.all([...dir.live].map(([roomId, room]) => drop(dir, roomId, room, () => announce(roomId))));
  await Promise.all(handed.map((roomId) => announce(roomId).catch(() => undefined)));
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(served),
    new Promise((resolve) => {
      timer = setTimeout(resolve, waitMs);
    }),
  ]);
  clearTimeout(timer);
  dir.handedOver.clear();
  return handed;
}

class RoomNotFound extends Error {}

/** The room's organization, workshop plan and content, read when the room becomes live. */
async function loadSetup(db: Db, contentSvc: ContentService, roomId: number): Promise<RoomSetup | null> {
  const [room] = await db
    .select({
      orgId: rooms.orgId,
      workshopId: rooms.workshopId,
      orgExpiry: organizations.expiry,
      hideRollAnimation: organizations.hideRollAnimation,
      language: sql<string>`coalesce(${rooms.language}, ${organizations.language})`,
      sessionId: roomSessions.currentSessionId,
      org: {
        id: organizations.id,
        name: organizations.name,
        brandPrimary: organizations.brandPrimary,
        brandAccent: organizations.brandAccent,
        logoKey: organizations.logoKey,
      },
    })
    .from(rooms)
    .innerJoin(organizations, eq(organizations.id, rooms.orgId))
    .leftJoin(roomSessions, eq(roomSessions.roomId, rooms.id))
    .where(eq(rooms.id, roomId))
    .limit(1);
  if (!room) return null;
  const sessionRows = await sessionsInOrder(db, [room.workshopId]);
  const items = sessionRows.length
    ? await db
        .select({
          sessionId: sessionContent.sessionId,
          contentId: sessionContent.contentId,
          contentType: content.type,
          title: content.title,
        })
        .from(sessionContent)
        .innerJoin(content, eq(content.id, sessionContent.contentId))
        .where(
          and(
            inArray(
              sessionContent.sessionId,
              sessionRows.map((s) => s.id),
            ),
          ),
        )
        .orderBy(asc(sessionContent.orderIndex), asc(sessionContent.id))
    : [];
  const presented = await contentSvc.present([...new Set(items.map((i) => i.contentId))]);
  return {
    language: roomLanguage(room.language, null),
    orgId: room.orgId,
    workshopId: room.workshopId,
    orgExpiry: room.orgExpiry,
    hideRollAnimation: room.hideRollAnimation,
    sessionId: room.sessionId,
    branding: roomBrandingOf(room.org),
    plan: {
      sessions: sessionRows.map((s) => ({
        id: s.id,
        name: s.name,
        content: items
          .filter((i) => i.sessionId === s.id)
          .map(({ contentId, contentType, title }) => ({ contentId, contentType, title })),
      })),
    },
    content: new Map(presented.map((c) => [c.id, c])),
  };
}
