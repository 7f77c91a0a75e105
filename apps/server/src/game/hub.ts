import { isStaff } from './engine';
import type { CommandRequest, WireFrame } from './room';

/** One open socket, as the hub sees it. */
export interface Connection {
  /** Unique across instances: frames meant for this socket alone are addressed to it. */
  key: string;
  /** Who is on the socket, from its access token. */
  actor: CommandRequest['actor'];
  roomId: number | null;
  send(data: string): void;
  close(code: number, reason: string): void;
  bufferedAmount(): number;
}

export interface HubOptions {
  /** A socket with more than this waiting to be written is closed rather than slowing its room. */
  maxBufferedBytes: number;
  onSlowSocket?: (connection: Connection) => void;
}

/** The sockets of each room on this instance, and the frames written to them. */
export function createHub({ maxBufferedBytes, onSlowSocket }: HubOptions) {
  const rooms = new Map<number, Set<Connection>>();
  const byKey = new Map<string, Connection>();

  function write(connection: Connection, data: string) {
    if (connection.bufferedAmount() > maxBufferedBytes) {
      onSlowSocket?.(connection);
      leave(connection);
      connection.close(1013, 'Too slow to keep up');
      return;
    }
    connection.send(data);
  }

  function leave(connection: Connection) {
    byKey.delete(connection.key);
    if (connection.roomId === null) return;
    const members = rooms.get(connection.roomId);
    members?.delete(connection);
    if (members?.size === 0) rooms.delete(connection.roomId);
    connection.roomId = null;
  }

  const meant = (to: WireFrame['to'], connection: Connection): boolean => {
    if (typeof to === 'object') return to.socket === connection.key;
    if (typeof to === 'number') return to === connection.actor.userId;
    return to === 'all' || (to === 'staff') === isStaff(connection.actor);
  };

  return {
    join(connection: Connection, roomId: number) {
      byKey.set(connection.key, connection);
      if (connection.roomId === roomId) return;
      leave(connection);
      byKey.set(connection.key, connection);
      connection.roomId = roomId;
      const members = rooms.get(roomId) ?? new Set<Connection>();
      rooms.set(roomId, members);
      members.add(connection);
    },
    leave,
    /** Each frame was serialised once; it is written to every socket of the room it is meant for. */
    deliver(roomId: number, frames: readonly WireFrame[]) {
      for (const frame of frames) {
        if (typeof frame.to === 'object') {
          const one = byKey.get(frame.to.socket);
          if (one) write(one, frame.data);
          continue;
        }
        const members = rooms.get(roomId);
        if (!members) return;
        for (const connection of [...members]) {
          if (!meant(frame.to, connection)) continue;
          write(connection, frame.data);
          if (frame.close) {
            leave(connection);
            connection.close(frame.close.code, frame.close.reason);
          }
        }
      }
    },
    /** The sockets of a room on this instance (for a new owner to hear who is there). */
    members: (roomId: number): readonly Connection[] => [...(rooms.get(roomId) ?? [])],
    roomSize: (roomId: number) => rooms.get(roomId)?.size ?? 0,
    roomIds: () => [...rooms.keys()],
    socketCount: () => byKey.size,
  };
}

export type Hub = ReturnType<typeof createHub>;
