import type { ServerMessage } from '@playshop/shared';
import { wire } from './frames';
import type { WireFrame } from './room';

/**
 * A room's arrivals and departures go out at most once per this interval, as one `presence` frame.
 * One `user_joined` per arrival to every present player cost each of them a frame per arrival: 307
 * frames each in a join/leave storm, and 300 rooms of 30 joining took 8× a bare server.
 */
export const PRESENCE_INTERVAL_MS = 250;

/** The per-event presence frames frames.ts makes; anything else passes through untouched. */
const PRESENCE_PREFIXES = ['{"type":"user_joined"', '{"type":"leave_room"'];

interface Pending {
  /** Names that arrived (and are still here) and names that left (and did not come back) since the last frame. */
  joined: Set<string>;
  left: Set<string>;
  playerCount: number;
  seq: number;
  to: WireFrame['to'];
  timer: ReturnType<typeof setTimeout> | null;
}

/**
 * Coalesces each room's presence frames: the first change in a quiet room goes out at once (next
 * turn), later ones wait for the interval, so a storm costs each screen at most 1000 / interval
 * frames a second whatever its size. Net effect only: a player who left and came back within one
 * interval is neither; the count is the room's latest. `emit` writes the merged frame like any other.
 */
export function createPresenceCoalescer(
  emit: (roomId: number, frames: WireFrame[]) => void,
  intervalMs = PRESENCE_INTERVAL_MS,
) {
  const pending = new Map<number, Pending>();
  /** When each room last sent a presence frame (rooms with none pending are forgotten after it). */
  const lastSent = new Map<number, number>();

  function flush(roomId: number) {
    const p = pending.get(roomId);
    if (!p) return;
    pending.delete(roomId);
    lastSent.set(roomId, Date.now());
    if (p.timer) clearTimeout(p.timer);
    const payload = { joined: [...p.joined], left: [...p.left], playerCount: p.playerCount };
    emit(roomId, [{ to: p.to, data: wire('presence', payload, p.seq) }]);
    // A quiet room's next change goes out at once; forget it once the interval has passed.
    setTimeout(() => {
      if (!pending.has(roomId)) lastSent.delete(roomId);
    }, intervalMs).unref();
  }

  function add(roomId: number, frame: WireFrame) {
    const message = JSON.parse(frame.data) as Extract<
      ServerMessage,
      { type: 'user_joined' } | { type: 'leave_room' }
    >;
    let p = pending.get(roomId);
    if (!p) {
      p = { joined: new Set(), left: new Set(), playerCount: 0, seq: 0, to: frame.to, timer: null };
      pending.set(roomId, p);
      const wait = Math.max(0, (lastSent.get(roomId) ?? 0) + intervalMs - Date.now());
      p.timer = setTimeout(() => flush(roomId), wait);
    }
    const { username, playerCount } = message.payload;
    if (message.type === 'user_joined') {
      if (!p.left.delete(username)) p.joined.add(username);
    } else if (!p.joined.delete(username)) p.left.add(username);
    p.playerCount = playerCount;
    p.seq = Math.max(p.seq, message.seq);
    // The audience of the latest change: the room may have grown past the lobby list meanwhile.
    p.to = frame.to;
  }

  return {
    /** The frames to send now; presence frames among them are held for the room's next `presence`. */
    take(roomId: number, frames: WireFrame[]): WireFrame[] {
      // A `ready` names a player: the presence that lists them goes out first, never after it.
      if (pending.has(roomId) && frames.some(isReady)) flush(roomId);
      if (!frames.some(isPresence)) return frames;
      const now: WireFrame[] = [];
      for (const frame of frames) {
        if (isPresence(frame)) add(roomId, frame);
        else now.push(frame);
      }
      return now;
    },
    /** The room closed here: what it held is dropped (screens get a snapshot from its next owner). */
    drop(roomId: number) {
      const p = pending.get(roomId);
      if (p?.timer) clearTimeout(p.timer);
      pending.delete(roomId);
      lastSent.delete(roomId);
    },
    close() {
      for (const roomId of [...pending.keys()]) this.drop(roomId);
    },
  };
}

const isReady = (frame: WireFrame) => frame.data.startsWith('{"type":"ready"');
const isPresence = (frame: WireFrame) =>
  typeof frame.to !== 'object' && PRESENCE_PREFIXES.some((prefix) => frame.data.startsWith(prefix));
