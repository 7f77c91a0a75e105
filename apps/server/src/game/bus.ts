import { randomUUID } from 'node:crypto';
import { type GameCommand, ROLES, ZGameCommand } from '@playshop/shared';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../http/db-errors';
import { observeBusLag } from '../observability/metrics';
import { isJoin } from './engine';
import type { CommandRequest, CommandResult, WireFrame } from './room';

/**
 * How instances talk about rooms. Frames a room's owner made go to every other instance's sockets;
 * a command that arrives at an instance that does not own the room is forwarded to the owner, which
 * serves the room's channel while it holds the room (ownership.ts).
 */
export interface Bus {
  readonly instanceId: string;
  /** Whether other instances may hear this one (false: one process, nobody to hand rooms to). */
  readonly shared: boolean;
  publishFrames(roomId: number, frames: WireFrame[]): Promise<void>;
  onFrames(handler: (roomId: number, frames: WireFrame[]) => void): void;
  /** Takes the room's forwarded commands until the returned function is called. */
  serve(
    roomId: number,
    handler: (request: CommandRequest) => Promise<CommandResult>,
  ): Promise<() => Promise<void>>;
  /**
   * The owner's answer; null when no instance serves the room. `reqId`: the same for each attempt of
   * one command, so an owner that applied it already answers from that instead of applying it again.
   */
  forward(request: CommandRequest, reqId?: string): Promise<CommandResult | null>;
  /**
   * The room changed hands. Without `how`, a new owner took it (after its owner died, or a bus
   * outage): instances tell it who of theirs is there. `leaving`: the owner is leaving (a rolling
   * restart) and one of the others should take the room now. `handed`: the instance that took a room
   * so handed over serves it; every screen saw every frame, so nobody needs the room afresh.
   * Forwarded commands still awaiting an answer for the room are settled: asked again of the new
   * owner after a hand-over (the old one answered all it took before letting go), refused as
   * unavailable otherwise (the dead owner may or may not have applied them), except a join or a
   * reconnect, which is asked again: applied twice it gives the same card and a fresh snapshot.
   */
  announceMoved(roomId: number, how?: MoveKind): Promise<void>;
  onMoved(handler: (roomId: number, how?: MoveKind) => void): void;
  /** Whether other instances can hear this one now; commands wait for it rather than go unseen. */
  healthy(): boolean;
  /** How many other instances listen now (a stopping instance hands its rooms and sockets to them). */
  otherInstances(): Promise<number>;
  /** After an outage: frames may have been missed, so screens are brought up to date. */
  onReconnected(handler: () => void): void;
  close(): Promise<void>;
}

export type MoveKind = 'leaving' | 'handed';

/** One process: every room is this instance's, so nothing travels. */
export function localBus(): Bus {
  return {
    instanceId: 'local',
    shared: false,
    publishFrames: async () => undefined,
    onFrames: () => undefined,
    serve: async () => async () => undefined,
    forward: async () => null,
    announceMoved: async () => undefined,
    onMoved: () => undefined,
    healthy: () => true,
    otherInstances: async () => 0,
    onReconnected: () => undefined,
    close: async () => undefined,
  };
}

const id = z.number().int();

/**
 * Commands as instances before issue 44 name them (`type`, and six other names): during the rolling
 * restart that brings issue 44, an old and a new instance forward commands to each other. A forward
 * carries the old shape in `command` (what an old instance reads) and the new in `next`; a new
 * instance reads `next`, or translates `command` from an old one. Removal takes two releases: the
 * next one may send only `command` in the new shape (this version reads it) but must still read
 * `next` from this one; the one after drops both.
 */
const OLD_NAMES: Record<string, string> = {
  join_room: 'join',
  reconnect: 'join',
  leave_room: 'leave',
  get_roll: 'roll',
  game_state: 'set_state',
  game_over: 'end_game',
  timer: 'set_timer',
};
const NEW_NAMES: Record<string, string> = {
  join: 'join_room',
  leave: 'leave_room',
  roll: 'get_roll',
  set_state: 'game_state',
  end_game: 'game_over',
  set_timer: 'timer',
};
export function oldShape(command: GameCommand): { type: string } & Record<string, unknown> {
  switch (command.action) {
    case 'game_state':
      return { type: 'set_state', state: command.gameState };
    case 'timer':
      return {
        type: 'set_timer',
        seconds: command.timerOption,
        isRunning: command.isRunning,
        isPaused: command.isPaused,
      };
    case 'send_content':
      return { type: 'send_content', contentId: command.contentId };
    case 'check_win':
    case 'reconnect':
      return { type: OLD_NAMES[command.action] ?? command.action };
    default: {
      const { action, ...fields } = command;
      return { type: OLD_NAMES[action] ?? action, ...fields };
    }
  }
}
function fromOldShape({ type, ...fields }: { type: string } & Record<string, unknown>): unknown {
  const action = NEW_NAMES[type] ?? type;
  if (action === 'game_state') return { action, gameState: fields.state };
  if (action === 'timer')
    return { action, timerOption: fields.seconds, isRunning: fields.isRunning, isPaused: fields.isPaused };
  // The engine takes the content's type from the room's queue; an old instance did not forward it.
  if (action === 'send_content') return { action, contentId: fields.contentId, contentType: 'OTHER' };
  return { action, ...fields };
}
const ZOldCommand = z.looseObject({ type: z.string() }).transform(fromOldShape).pipe(ZGameCommand);
/** A command an instance before issue 44 forwarded, as this version's engine takes it. */
export const parseOldCommand = (raw: unknown): GameCommand => ZOldCommand.parse(raw);

/** Either shape of a command: this version's, or an instance's before issue 44 (see OLD_NAMES). */
const ZAnyCommand = z.union([ZGameCommand, ZOldCommand]);
const ZRequest = z
  .object({
    roomId: id,
    actor: z.object({ userId: id, username: z.string(), role: z.enum(ROLES), orgId: id }),
    /** The command as instances before issue 44 read it; parsed only when `next` is absent. */
    command: z.unknown(),
    /**
     * Parsed with the commands' own declaration (GAME_COMMANDS): every command the engine takes, so
     * one added there travels here with no second list to forget.
     */
    next: z.optional(ZGameCommand),
    socket: z.string().optional(),
    lastSeq: id.optional(),
  })
  // One parse per forward: a new instance's `next`, else an old instance's (or a later version's) `command`.
  .transform(({ command, next, ...request }, ctx) => {
    if (next) return { ...request, command: next };
    const parsed = ZAnyCommand.safeParse(command);
    if (parsed.success) return { ...request, command: parsed.data };
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: ['command', ...issue.path] });
    return z.NEVER;
  });
const ZResult = z.union([z.object({ error: z.string() }), z.object({ ok: z.literal(true) })]);
const ZAudience = z.union([
  z.enum(['all', 'staff', 'players', 'lobby']),
  id,
  z.object({ socket: z.string() }),
]);
const ZMessage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('frames'),
    origin: z.string(),
    /** The publisher's clock at sending, for the bus lag metric. */
    sentAt: z.number(),
    roomId: id,
    frames: z.array(
      z.object({
        to: ZAudience,
        data: z.string(),
        close: z.object({ code: z.number().int(), reason: z.string() }).optional(),
      }),
    ),
  }),
  z.object({
    kind: z.literal('moved'),
    origin: z.string(),
    roomId: id,
    /** The owner is leaving: take the room now (`leaving`). */
    takeOver: z.boolean().optional(),
    /** Taken in a hand-over (`handed`); instances of an older version ignore it and rejoin. */
    handed: z.boolean().optional(),
  }),
  z.object({
    kind: z.literal('command'),
    replyTo: z.string(),
    reqId: z.string(),
    /** The owner refuses a command it receives after this (sender's clock, ms): it would come too late. */
    deadline: z.number(),
    request: ZRequest,
  }),
  z.object({ kind: z.literal('reply'), reqId: z.string(), result: ZResult }),
  /** The receiver does not serve the room (a subscription left over from an outage): ask elsewhere. */
  z.object({ kind: z.literal('not_served'), reqId: z.string() }),
  /**
   * The receiver (`by`) serves the room and is applying the command: its reply will come. Sent
   * before the reply, so that a takeover's settle delay does not refuse a command the new owner is
   * applying (it did: 'unavailable' to the facilitator, and the ball rolled anyway). An instance of
   * an earlier version does not know it and logs it once per forward; it answers as before.
   */
  z.object({ kind: z.literal('taken'), reqId: z.string(), by: z.string() }),
]);
type Message = z.infer<typeof ZMessage>;

/**
 * A forwarded command must reach its owner within FORWARD_DEADLINE_MS or is refused there, and the
 * sender waits FORWARD_TIMEOUT_MS for the answer: longer, so a command the owner took is never
 * answered 'unavailable' to the sender while it happens anyway. The margin between them is what the
 * owner has to apply the command and answer (a join's commit: well under a second). The deadline
 * was 10 s: in the join storm of a room of 20,000 over two instances, the owner, busy with its own
 * half's joins, got to the other half's forwarded joins later than that, and refused 3,566 of them
 * (bench:ws:two, docs/performance.md).
 */
export const FORWARD_DEADLINE_MS = 25_000;
const FORWARD_TIMEOUT_MS = 30_000;
/** After a room's takeover, how long a forward still waiting for it may wait for its answer. */
const MOVED_SETTLE_MS = 3_000;
/** How long an owner keeps its answer to a forward: longer than any sender asks again. */
const APPLIED_KEPT_MS = 2 * FORWARD_TIMEOUT_MS;

interface Waiting {
  roomId: number;
  /** When Redis took the forward (performance.now()); null until the publish is answered. */
  publishedAt: number | null;
  /** The instance that said it is applying the command, if one has. */
  takenBy: string | null;
  /**
   * A join (or a reconnect): asked again of the new owner when its owner dies before answering.
   * Refused, the screen that had its snapshot was told 'unavailable' and left the room's sockets
   * (the failover test, 7 December: a second staff screen's join, unanswered when its owner was
   * killed, held that screen's Roll queued behind it).
   */
  askAgain: boolean;
  answer(result: CommandResult | null): void;
  notServed(): void;
}

/** What the parts of a Redis bus share: its clients, its channels and what it waits for. */
interface RedisBusState {
  publisher: Redis;
  subscriber: Redis;
  prefix: string;
  onError: (err: unknown) => void;
  instanceId: string;
  /** The frames channel, which every instance listens on. */
  framesChannel: string;
  /** The start of each room's command channel. */
  roomChannelPrefix: string;
  frameHandlers: ((roomId: number, frames: WireFrame[]) => void)[];
  movedHandlers: ((roomId: number, how?: MoveKind) => void)[];
  reconnectedHandlers: (() => void)[];
  served: Map<string, (request: CommandRequest) => Promise<CommandResult>>;
  /** When this instance began subscribing to each room it serves (performance.now()). */
  servingSince: Map<number, number>;
  /** Forwarded commands awaiting their answer; null: no receiver serves the room. */
  waiting: Map<string, Waiting>;
  /** What this instance answered each forward it applied (by `reqId`), for APPLIED_KEPT_MS. */
  applied: Map<string, Promise<CommandResult>>;
  /**
   * Room channels given up while Redis was out of reach: the unsubscribe could not be sent, and
   * ioredis resubscribes to every channel it knew on reconnecting. Left there, this instance would
   * count as a receiver of the room's commands without serving it, and every forwarded command
   * would wait for an answer that never comes (the frozen game of issue 29).
   */
  abandoned: Set<string>;
  /** Subscribed to the frames channel and this instance's inbox. */
  ready: Promise<unknown>;
  wasDown: boolean;
}

/** Several instances: Redis pub/sub, one channel for frames, one per served room, one per instance. */
export function redisBus(
  publisher: Redis,
  subscriber: Redis,
  prefix: string,
  onError: (err: unknown) => void,
): Bus {
  const instanceId = randomUUID();
  const bus: RedisBusState = {
    publisher,
    subscriber,
    prefix,
    onError,
    instanceId,
    framesChannel: `${prefix}:game:frames`,
    roomChannelPrefix: `${prefix}:game:room:`,
    frameHandlers: [],
    movedHandlers: [],
    reconnectedHandlers: [],
    served: new Map(),
    servingSince: new Map(),
    waiting: new Map(),
    applied: new Map(),
    abandoned: new Set(),
    ready: subscriber.subscribe(`${prefix}:game:frames`, inboxOf(prefix, instanceId)).catch(onError),
    wasDown: false,
  };
  watchConnection(bus);
  subscriber.on('message', (channel: string, raw: string) => receive(bus, channel, raw));
  return {
    instanceId,
    shared: true,
    async publishFrames(roomId, frames) {
      if (frames.length === 0) return;
      await publish(bus, bus.framesChannel, {
        kind: 'frames',
        origin: instanceId,
        sentAt: Date.now(),
        roomId,
        frames,
      });
    },
    onFrames: (handler) => void bus.frameHandlers.push(handler),
    serve: (roomId, handler) => serve(bus, roomId, handler),
    forward: (request, reqId) => forward(bus, request, reqId),
    async announceMoved(roomId, how) {
      const kind = how === 'leaving' ? { takeOver: true } : how === 'handed' ? { handed: true } : {};
      await publish(bus, bus.framesChannel, { kind: 'moved', origin: instanceId, roomId, ...kind });
    },
    onMoved: (handler) => void bus.movedHandlers.push(handler),
    healthy: () => healthy(bus),
    async otherInstances() {
      // Every instance's subscriber listens on the frames channel, this one's too.
      const [, listening] = (await publisher.pubsub('NUMSUB', bus.framesChannel)) as [string, number];
      return Math.max(0, Number(listening) - 1);
    },
    onReconnected: (handler) => void bus.reconnectedHandlers.push(handler),
    async close() {
      bus.frameHandlers.length = 0;
      bus.served.clear();
      bus.servingSince.clear();
      await subscriber.unsubscribe().catch(() => undefined);
    },
  };
}

const inboxOf = (prefix: string, instanceId: string) => `${prefix}:game:instance:${instanceId}`;
const roomChannel = (bus: RedisBusState, roomId: number) => `${bus.roomChannelPrefix}${roomId}`;
const healthy = ({ publisher, subscriber }: RedisBusState) =>
  publisher.status === 'ready' && subscriber.status === 'ready';
const publish = (bus: RedisBusState, channel: string, message: z.input<typeof ZMessage>) =>
  bus.publisher.publish(channel, JSON.stringify(message));
const unsubscribe = (bus: RedisBusState, channel: string) =>
  bus.subscriber.unsubscribe(channel).then(
    () => bus.abandoned.delete(channel),
    () => bus.abandoned.add(channel),
  );

/** ioredis reconnects and resubscribes by itself; errors are reported, never thrown at the process. */
function watchConnection(bus: RedisBusState) {
  const { publisher, subscriber } = bus;
  for (const client of [publisher, subscriber]) {
    client.on('error', (err) => {
      bus.wasDown = true;
      bus.onError(err);
    });
  }
  subscriber.on('ready', () => {
    for (const channel of bus.abandoned) if (!bus.served.has(channel)) void unsubscribe(bus, channel);
  });
  for (const client of [publisher, subscriber]) {
    client.on('ready', () => {
      if (!bus.wasDown || !healthy(bus)) return;
      bus.wasDown = false;
      for (const handler of bus.reconnectedHandlers) handler();
    });
  }
}

function receive(bus: RedisBusState, channel: string, raw: string) {
  let message: Message;
  try {
    message = ZMessage.parse(JSON.parse(raw));
  } catch (err) {
    return bus.onError(err);
  }
  switch (message.kind) {
    case 'frames':
      if (message.origin === bus.instanceId) return;
      observeBusLag(message.sentAt);
      for (const h of bus.frameHandlers) h(message.roomId, message.frames);
      return;
    case 'moved':
      return moved(bus, message);
    case 'reply':
      // The owner's engine answered with one of its keys (the bus carries them as strings).
      bus.waiting.get(message.reqId)?.answer(message.result as CommandResult);
      return;
    case 'not_served':
      bus.waiting.get(message.reqId)?.notServed();
      return;
    case 'taken': {
      const w = bus.waiting.get(message.reqId);
      if (w) w.takenBy = message.by;
      return;
    }
    case 'command':
      return answerCommand(bus, channel, message);
  }
}

function moved(bus: RedisBusState, message: Extract<Message, { kind: 'moved' }>) {
  const how: MoveKind | undefined = message.takeOver ? 'leaving' : message.handed ? 'handed' : undefined;
  // Our own announcement too: a command this instance forwarded to a dead owner is not answered
  // by it; without this it would wait FORWARD_TIMEOUT_MS, and its socket's next commands with it.
  // After a takeover the new owner may itself have received some of them (it serves the room
  // before it announces): those it answers within MOVED_SETTLE_MS; the rest are unavailable.
  // A forward Redis took before this instance even asked for the room's channel went to the
  // dead owner alone: when the new owner is this instance, nobody can answer it, so it is
  // refused now rather than after MOVED_SETTLE_MS (the facilitator's next Roll queues behind it).
  // One the new owner said it is applying gets the new owner's reply, after a hand-over too.
  if (how !== 'leaving') {
    const since = message.origin === bus.instanceId ? bus.servingSince.get(message.roomId) : undefined;
    for (const w of bus.waiting.values()) {
      if (w.roomId !== message.roomId) continue;
      // The new owner said it is applying it: its reply will come (asked again, it would apply it twice).
      if (w.takenBy === message.origin) continue;
      if (how === 'handed' || w.askAgain) w.answer(null);
      else if (since !== undefined && w.publishedAt !== null && w.publishedAt < since) {
        w.answer({ error: 'game.unavailable' });
      } else {
        // The new owner's word that it took the command may come after its announcement.
        const settle = () => w.takenBy !== message.origin && w.answer({ error: 'game.unavailable' });
        setTimeout(settle, MOVED_SETTLE_MS).unref();
      }
    }
  }
  if (message.origin !== bus.instanceId) for (const h of bus.movedHandlers) h(message.roomId, how);
}

/** A forwarded command on a room this instance serves: its answer, or that it does not serve it. */
function answerCommand(bus: RedisBusState, channel: string, message: Extract<Message, { kind: 'command' }>) {
  const handler = bus.served.get(channel);
  const { replyTo, reqId } = message;
  const replyChannel = inboxOf(bus.prefix, replyTo);
  if (!handler) {
    if (channel.startsWith(bus.roomChannelPrefix)) void unsubscribe(bus, channel);
    void publish(bus, replyChannel, { kind: 'not_served', reqId }).catch(bus.onError);
    return;
  }
  // A forward of this instance's own, received as the room's new owner: whether it is still awaited
  // is known here, without the 'taken' round trip. Taken at once, so the settle delay cannot run out
  // while a loaded takeover holds the thread and answer 'unavailable' for a ball that rolls anyway
  // (the failover test, 6 December); one already answered is not applied.
  const mine = replyTo === bus.instanceId;
  const own = mine ? bus.waiting.get(reqId) : undefined;
  const late = Date.now() > message.deadline || (mine && !own);
  if (own && !late) own.takenBy = bus.instanceId;
  else if (!late)
    void publish(bus, replyChannel, { kind: 'taken', reqId, by: bus.instanceId }).catch(bus.onError);
  // Asked again (a hand-over's "ask again" that crossed the new owner's `taken`): answered from the
  // first time, not applied twice.
  const earlier = bus.applied.get(reqId);
  const running = late
    ? Promise.resolve<CommandResult>({ error: 'game.unavailable' })
    : (earlier ?? handler(message.request));
  if (!late && !earlier) {
    bus.applied.set(reqId, running);
    setTimeout(() => bus.applied.delete(reqId), APPLIED_KEPT_MS).unref();
  }
  void running
    .catch(
      (err): CommandResult => ({
        error: isDatabaseUnavailable(err) ? 'game.unavailable' : 'game.somethingWentWrong',
      }),
    )
    .then((result) => publish(bus, replyChannel, { kind: 'reply', reqId, result }))
    .catch(bus.onError);
}

async function serve(
  bus: RedisBusState,
  roomId: number,
  handler: (request: CommandRequest) => Promise<CommandResult>,
): Promise<() => Promise<void>> {
  const channel = roomChannel(bus, roomId);
  bus.served.set(channel, handler);
  bus.servingSince.set(roomId, performance.now());
  bus.abandoned.delete(channel);
  await bus.subscriber.subscribe(channel);
  return async () => {
    bus.served.delete(channel);
    bus.servingSince.delete(roomId);
    await unsubscribe(bus, channel);
  };
}

async function forward(
  bus: RedisBusState,
  request: CommandRequest,
  reqId: string = randomUUID(),
): Promise<CommandResult | null> {
  await bus.ready;
  const { waiting } = bus;
  let receivers = Number.POSITIVE_INFINITY;
  let notServed = 0;
  let entry: Waiting | undefined;
  const answer = new Promise<CommandResult | null>((resolve) => {
    const done = (result: CommandResult | null) => {
      clearTimeout(timer);
      waiting.delete(reqId);
      resolve(result);
    };
    const timer = setTimeout(() => done({ error: 'game.unavailable' }), FORWARD_TIMEOUT_MS);
    entry = {
      roomId: request.roomId,
      publishedAt: null,
      takenBy: null,
      askAgain: isJoin(request.command),
      answer: done,
      notServed() {
        notServed += 1;
        if (notServed >= receivers) done(null);
      },
    };
    waiting.set(reqId, entry);
  });
  receivers = await publish(bus, roomChannel(bus, request.roomId), {
    kind: 'command',
    replyTo: bus.instanceId,
    reqId,
    deadline: Date.now() + FORWARD_DEADLINE_MS,
    request: { ...request, command: oldShape(request.command), next: request.command },
  });
  entry!.publishedAt = performance.now();
  // Nobody serves the room (no receiver, or only ones that said so before the count came back).
  if (notServed >= receivers) waiting.get(reqId)?.answer(null);
  return answer;
}
