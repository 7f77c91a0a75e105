import type { Role } from '@playshop/shared';
import { STAFF_ROLES } from '@playshop/shared';
import type { Frame } from './frames';

/** One open socket, as the hub sees it. */
export interface Connection {
  userId: number;
  role: Role;
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

/** The sockets of each room on this instance. Frames come from the bus, for every instance alike. */
export function createHub({ maxBufferedBytes, onSlowSocket }: HubOptions) {
  const rooms = new Map<number, Set<Connection>>();

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
    if (connection.roomId === null) return;
    const members = rooms.get(connection.roomId);
    members?.delete(connection);
    if (members?.size === 0) rooms.delete(connection.roomId);
    connection.roomId = null;
  }

  return {
    join(connection: Connection, roomId: number) {
      if (connection.roomId === roomId) return;
      leave(connection);
      connection.roomId = roomId;
      const members = rooms.get(roomId) ?? new Set<Connection>();
      rooms.set(roomId, members);
      members.add(connection);
    },
    leave,
    /** Each frame is serialised once and written to every socket it is meant for. */
    deliver(roomId: number, frames: readonly Frame[]) {
      const members = rooms.get(roomId);
      if (!members) return;
      for (const frame of frames) {
        const data = JSON.stringify(frame.message);
        for (const connection of members) {
          const isStaff = STAFF_ROLES.includes(connection.role);
          const meant =
            frame.to === 'all' ||
            (frame.to === 'staff' && isStaff) ||
            (frame.to === 'players' && !isStaff) ||
            frame.to === connection.userId;
          if (meant) write(connection, data);
        }
      }
    },
    roomSize: (roomId: number) => rooms.get(roomId)?.size ?? 0,
  };
}

export type Hub = ReturnType<typeof createHub>;
