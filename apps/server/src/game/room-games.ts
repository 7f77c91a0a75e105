import { randomInt as cryptoRandomInt } from 'node:crypto';
import type { ClientMessage, ServerMessage } from '@playshop/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ContentService } from '../content/service';
import type { Db } from '../db/client';
import { organizations, roomSessions, rooms, sessionContent, sessions } from '../db/schema';
import type { Actor } from '../http/actor';
import type { Bus } from './bus';
import type { RandomInt } from './cards';
import { apply, GAME_ERRORS, type GameCommand, type GameState, initialGameState } from './engine';
import { type Frame, type FrameExtras, framesFor, snapshotFor, withoutScript } from './frames';
import type { Connection, Hub } from './hub';
import type { GameStore } from './store';

export interface RoomGamesDeps {
  db: Db;
  store: GameStore;
  content: ContentService;
  bus: Bus;
  hub: Hub;
  log: FastifyBaseLogger;
  now?: () => Date;
  randomInt?: RandomInt;
}

/** A connection with the identity taken from its access token at the upgrade. */
export interface PlayerConnection extends Connection {
  actor: Actor;
}

const ROOM_CACHE_MS = 60_000;
/**
 * How long a room's session name is reused for snapshots. A join storm then reads it once, not once
 * per player; a room that moved on shows the new name to those who join a few seconds later.
 */
const SESSION_NAME_CACHE_MS = 5_000;

/**
 * Orchestrates the live game: checks the room against the caller's organization, turns a client
 * message into an engine command, appends what the engine decides, and publishes the frames.
 * Rules live in engine.ts; nothing here decides the game.
 */
export function roomGames({
  db,
  store,
  content,
  bus,
  hub,
  log,
  now = () => new Date(),
  randomInt = cryptoRandomInt,
}: RoomGamesDeps) {
  // A room's organization and workshop never change; the cache only spares a query per message.
  const roomCache = new Map<number, { orgId: number; workshopId: number; at: number }>();

  // Each room's running game, remembered until an instance reports it ended (the bus tells all).
  const activeGames = new Map<number, number>();
  async function activeGame(roomId: number): Promise<number | null> {
    const known = activeGames.get(roomId);
    if (known !== undefined) return known;
    const gameId = await store.activeGame(roomId);
    if (gameId !== null) activeGames.set(roomId, gameId);
    return gameId;
  }

  bus.subscribe(({ roomId, gameId, appended, frames }) => {
    if (appended.some(({ event }) => event.type === 'game_ended')) activeGames.delete(roomId);
    store.absorb(gameId, appended);
    hub.deliver(roomId, frames);
  });

  const send = (connection: Connection, message: ServerMessage) => connection.send(JSON.stringify(message));
  const sendError = (connection: Connection, error: string, seq = 0) =>
    send(connection, { type: 'error_event', payload: { error }, seq });

  async function roomInfo(roomId: number) {
    const cached = roomCache.get(roomId);
    if (cached && now().getTime() - cached.at < ROOM_CACHE_MS) return cached;
    const [room] = await db
      .select({ orgId: rooms.orgId, workshopId: rooms.workshopId })
      .from(rooms)
      .where(eq(rooms.id, roomId))
      .limit(1);
    if (!room) return null;
    const info = { ...room, at: now().getTime() };
    roomCache.set(roomId, info);
    return info;
  }

  const sessionNameCache = new Map<number, { name: Promise<string | null>; at: number }>();
  /** The session the room is delivering (cached for SESSION_NAME_CACHE_MS; concurrent joins share one read). */
  function sessionName(roomId: number, workshopId: number): Promise<string | null> {
    const cached = sessionNameCache.get(roomId);
    if (cached && now().getTime() - cached.at < SESSION_NAME_CACHE_MS) return cached.name;
    const name = readSessionName(roomId, workshopId);
    sessionNameCache.set(roomId, { name, at: now().getTime() });
    // A failed read is not remembered.
    name.catch(() => sessionNameCache.delete(roomId));
    return name;
  }

  /** The session the room is delivering: its room session's, else the workshop's first. */
  async function readSessionName(roomId: number, workshopId: number): Promise<string | null> {
    const [current] = await db
      .select({ name: sessions.name })
      .from(roomSessions)
      .innerJoin(sessions, eq(sessions.id, roomSessions.currentSessionId))
      .where(eq(roomSessions.roomId, roomId))
      .limit(1);
    if (current) return current.name;
    const [first] = await db
      .select({ name: sessions.name })
      .from(sessions)
      .where(eq(sessions.workshopId, workshopId))
      .orderBy(asc(sessions.orderIndex), asc(sessions.id))
      .limit(1);
    return first?.name ?? null;
  }

  /** Content of the room's workshop, presented; null when the workshop does not use it. */
  async function workshopContent(workshopId: number, contentId: number) {
    const [used] = await db
      .select({ id: sessionContent.id })
      .from(sessionContent)
      .innerJoin(sessions, eq(sessions.id, sessionContent.sessionId))
      .where(and(eq(sessions.workshopId, workshopId), eq(sessionContent.contentId, contentId)))
      .limit(1);
    if (!used) return null;
    return (await content.present([contentId]))[0] ?? null;
  }

  /** Applies a command to the room's game and publishes what happened; returns the new state or an error. */
  async function run(
    roomId: number,
    gameId: number,
    actor: Actor,
    command: GameCommand,
    extras: FrameExtras = {},
  ) {
    const at = now();
    const result = await store.execute(gameId, actor.userId, (state) =>
      apply(state, { userId: actor.userId, username: actor.username, role: actor.role }, command, {
        now: at,
        randomInt,
      }),
    );
    if ('error' in result) {
      // A game that ended without this instance hearing of it: look the room's game up afresh next time.
      if (result.error === GAME_ERRORS.ended) activeGames.delete(roomId);
      return result;
    }
    if (result.appended.length > 0) {
      // Frames are made here, where each event's resulting state is known, and sent to every instance.
      const frames: Frame[] = result.appended.flatMap(({ event }, i) =>
        framesFor(event, result.states[i]!, at, extras),
      );
      await bus.publish({ roomId, gameId, appended: result.appended, frames });
    }
    return result;
  }

  /** Sends the whole room to one connection, and what it missed since `lastSeq` when it says. */
  async function sendSnapshot(
    connection: PlayerConnection,
    roomId: number,
    workshopId: number,
    gameId: number | null,
    lastSeq?: number,
    /** The state the caller just got from the store, to spare a read. */
    known?: GameState,
  ) {
    const state: GameState = gameId === null ? initialGameState() : (known ?? (await store.state(gameId)));
    const shown = state.content ? await workshopContent(workshopId, state.content.contentId) : null;
    if (gameId !== null && lastSeq !== undefined && lastSeq <= state.seq) {
      const missed = (await store.eventsSince(gameId, lastSeq)).flatMap(({ event }) =>
        event.type === 'ball_rolled' ? [event.number] : [],
      );
      send(connection, { type: 'Reconnected', payload: { missedRolls: missed }, seq: state.seq });
    }
    send(connection, {
      type: 'set_game_state',
      payload: snapshotFor(state, roomId, connection.actor.userId, now(), {
        content: connection.actor.role === 'PLAYER' ? withoutScript(shown) : shown,
        sessionName: await sessionName(roomId, workshopId),
      }),
      seq: state.seq,
    });
  }

  async function handle(connection: PlayerConnection, message: ClientMessage): Promise<void> {
    const { actor } = connection;
    const roomId = message.payload.roomId;
    const room = await roomInfo(roomId);
    if (!room || (actor.role !== 'SUPER_ADMIN' && room.orgId !== actor.orgId)) {
      return sendError(connection, 'Room not found');
    }
    const isStaff = actor.role !== 'PLAYER';

    if (message.type === 'room_event') {
      const { action } = message.payload;
      if (action === 'open_lobby') {
        const gameId = await store.activeOrNewGame(roomId);
        activeGames.set(roomId, gameId);
        hub.join(connection, roomId);
        const result = await run(roomId, gameId, actor, { type: 'open_lobby' });
        if ('error' in result) return sendError(connection, result.error);
        // A new game starts with the organization's roll-animation setting, read fresh.
        if (result.state.seq === 1) {
          const [org] = await db
            .select({ hide: organizations.hideRollAnimation })
            .from(organizations)
            .where(eq(organizations.id, room.orgId));
          if (org?.hide) await run(roomId, gameId, actor, { type: 'hide_roll_animation', hidden: true });
        }
        return sendSnapshot(connection, roomId, room.workshopId, gameId);
      }
      if (action === 'join_room' || action === 'reconnect') {
        const gameId = await activeGame(roomId);
        if (gameId === null && !isStaff) {
          return send(connection, { type: 'join_room', payload: { message: 'Lobby not open' }, seq: 0 });
        }
        // In the room before the join is appended, so the player's own join_room frame reaches them.
        hub.join(connection, roomId);
        let joined: GameState | undefined;
        if (gameId !== null) {
          const result = await run(roomId, gameId, actor, { type: 'join' });
          if ('error' in result) {
            hub.leave(connection);
            if (result.error === GAME_ERRORS.lobbyNotOpen) {
              return send(connection, { type: 'join_room', payload: { message: 'Lobby not open' }, seq: 0 });
            }
            return sendError(connection, result.error);
          }
          joined = result.state;
        }
        return sendSnapshot(
          connection,
          roomId,
          room.workshopId,
          gameId,
          action === 'reconnect' ? message.payload.lastSeq : undefined,
          joined,
        );
      }
    }

    const gameId = await activeGame(roomId);
    if (gameId === null)
      return sendError(connection, isStaff ? 'Open the lobby first' : GAME_ERRORS.lobbyNotOpen);
    const command = toCommand(message);
    if (!command) return;
    let extras: FrameExtras = {};
    if (command.type === 'send_content' && isStaff) {
      const shown = await workshopContent(room.workshopId, command.contentId);
      if (!shown) return sendError(connection, 'Content not found');
      extras = { content: shown };
    }
    const result = await run(roomId, gameId, actor, command, extras);
    if ('error' in result) return sendError(connection, result.error);
    if (command.type === 'leave') hub.leave(connection);
  }

  return {
    handle,
    /** A socket closed: a player is marked away (their card waits for them); staff just leave. */
    async disconnected(connection: PlayerConnection) {
      const roomId = connection.roomId;
      hub.leave(connection);
      if (roomId === null || connection.actor.role !== 'PLAYER') return;
      try {
        const gameId = await activeGame(roomId);
        if (gameId !== null) await run(roomId, gameId, connection.actor, { type: 'leave' });
      } catch (err) {
        // During shutdown the database may already be closed; the player simply stays listed.
        log.warn({ err }, 'could not record a player leaving');
      }
    },
  };
}

export type RoomGames = ReturnType<typeof roomGames>;

function toCommand(message: ClientMessage): GameCommand | null {
  switch (message.type) {
    case 'room_event':
      if (message.payload.action === 'leave_room') return { type: 'leave' };
      if (message.payload.action === 'close_lobby') return { type: 'close_lobby' };
      return null;
    case 'game_event': {
      const p = message.payload;
      switch (p.action) {
        case 'start_game':
          return { type: 'start_game' };
        case 'start_new_game':
          return { type: 'start_new_game' };
        case 'get_roll':
          return { type: 'roll' };
        case 'game_state':
          return { type: 'set_state', state: p.gameState };
        case 'game_over':
          return { type: 'end_game' };
        case 'check_win':
          return { type: 'check_win' };
        case 'hide_roll_animation':
          return { type: 'hide_roll_animation', hidden: p.hidden };
      }
      return null;
    }
    case 'content_event':
      return message.payload.action === 'send_content'
        ? {
            type: 'send_content',
            contentId: message.payload.contentId,
            contentType: message.payload.contentType,
          }
        : {
            type: 'set_timer',
            seconds: message.payload.timerOption,
            isRunning: message.payload.isRunning,
            isPaused: message.payload.isPaused,
          };
    case 'ready':
      return { type: 'ready' };
  }
}
