import { isStaff } from './engine';
import { LOBBY_LIST_LIMIT } from './frames';
import type { CommandRequest, WireFrame } from './room';

/** The close of a socket that fell too far behind (1013 Try Again Later: it reconnects and resyncs). */
export const SLOW_CLOSE_CODE = 1013;

/** One open socket, as the hub sees it. */
export interface Connection {
  /** Unique across instances: frames meant for this socket alone are addressed to it. */
  key: string;
  /** Who is on the socket, from its access token. */
  actor: CommandRequest['actor'];
  roomId: number | null;
  /** `utf8` is `data` encoded once for every socket it goes to, so a socket can write it as it is. */
  send(data: string, utf8: Buffer): void;
  close(code: number, reason: string): void;
  bufferedAmount(): number;
}

interface HubOptions {
  /** A socket with more than this waiting to be written is closed rather than slowing its room. */
  maxBufferedBytes: number;
  onSlowSocket?: (connection: Connection) => void;
}

/** A room's sockets on this instance, indexed by who they are meant for. */
interface RoomSockets {
  all: Set<Connection>;
  staff: Set<Connection>;
  /** A user's one socket, or a Set when they have several (rare: a Set per player costs ~200 bytes). */
  byUser: Map<number, Connection | Set<Connection>>;
}

/**
 * The sockets of each room on this instance, and the frames written to them. A frame for one player
 * or for staff goes straight to those sockets: a 10,000-socket room is not scanned for each of them.
 */
export function createHub({ maxBufferedBytes, onSlowSocket }: HubOptions) {
  const rooms = new Map<number, RoomSockets>();
  const byKey = new Map<string, Connection>();

  function write(connection: Connection, data: string, utf8: Buffer) {
    if (connection.bufferedAmount() > maxBufferedBytes) {
      onSlowSocket?.(connection);
      leave(connection);
      connection.close(SLOW_CLOSE_CODE, 'Too slow to keep up');
      return;
    }
    connection.send(data, utf8);
  }

  function leave(connection: Connection) {
    byKey.delete(connection.key);
    if (connection.roomId === null) return;
    const room = rooms.get(connection.roomId);
    if (room) {
      removeFrom(room, connection);
      if (room.all.size === 0) rooms.delete(connection.roomId);
    }
    connection.roomId = null;
  }

  return {
    join(connection: Connection, roomId: number) {
      byKey.set(connection.key, connection);
      if (connection.roomId === roomId) return;
      leave(connection);
      byKey.set(connection.key, connection);
      connection.roomId = roomId;
      let room = rooms.get(roomId);
      if (!room) {
        room = { all: new Set(), staff: new Set(), byUser: new Map() };
        rooms.set(roomId, room);
      }
      addTo(room, connection);
    },
    leave,
    /** Each frame was serialised once; it is written to every socket of the room it is meant for. */
    deliver(roomId: number, frames: readonly WireFrame[]) {
      for (const frame of frames) {
        const { to } = frame;
        if (typeof to === 'object') {
          const one = byKey.get(to.socket);
          if (one) write(one, frame.data, Buffer.from(frame.data));
          continue;
        }
        const room = rooms.get(roomId);
        if (!room) return;
        const utf8 = Buffer.from(frame.data);
        for (const connection of frame.close ? [...audience(room, to)] : audience(room, to)) {
          write(connection, frame.data, utf8);
          if (frame.close) {
            leave(connection);
            connection.close(frame.close.code, frame.close.reason);
          }
        }
      }
    },
    /** The sockets of a room on this instance (for a new owner to hear who is there). */
    members: (roomId: number): readonly Connection[] => [...(rooms.get(roomId)?.all ?? [])],
    roomSize: (roomId: number) => rooms.get(roomId)?.all.size ?? 0,
    roomIds: () => [...rooms.keys()],
    socketCount: () => byKey.size,
    /** Whether the socket of this key is in a room here (a frame for it need not travel). */
    has: (key: string) => byKey.has(key),
  };
}

export type Hub = ReturnType<typeof createHub>;

function addTo(room: RoomSockets, connection: Connection) {
  room.all.add(connection);
  if (isStaff(connection.actor)) room.staff.add(connection);
  const { userId } = connection.actor;
  const mine = room.byUser.get(userId);
  if (mine === undefined) room.byUser.set(userId, connection);
  else if (mine instanceof Set) mine.add(connection);
  else room.byUser.set(userId, new Set([mine, connection]));
}

function removeFrom(room: RoomSockets, connection: Connection) {
  room.all.delete(connection);
  room.staff.delete(connection);
  const { userId } = connection.actor;
  const mine = room.byUser.get(userId);
  if (mine === connection) room.byUser.delete(userId);
  else if (mine instanceof Set) {
    mine.delete(connection);
    if (mine.size === 1) room.byUser.set(userId, mine.values().next().value!);
  }
}

/** The sockets a room audience names; 'lobby' is everyone in a workshop-sized room, else staff. */
function audience(room: RoomSockets, to: Exclude<WireFrame['to'], { socket: string }>): Iterable<Connection> {
  if (typeof to === 'number') {
    const mine = room.byUser.get(to);
    return mine === undefined ? [] : mine instanceof Set ? mine : [mine];
  }
  if (to === 'staff' || (to === 'lobby' && room.all.size > LOBBY_LIST_LIMIT)) return room.staff;
  if (to === 'players') return playersOf(room);
  return room.all;
}

/** The room's sockets that are not staff's, without copying the room for every frame. */
function* playersOf(room: RoomSockets): Iterable<Connection> {
  for (const connection of room.all) if (!room.staff.has(connection)) yield connection;
}
