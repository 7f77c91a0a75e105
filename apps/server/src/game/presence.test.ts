import type { ServerMessage } from '@playshop/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPresenceCoalescer } from './presence';
import type { WireFrame } from './room';

const joined = (username: string, playerCount: number, seq: number): WireFrame => ({
  to: 'lobby',
  data: JSON.stringify({ type: 'user_joined', payload: { username, playerCount }, seq }),
});
const left = (username: string, playerCount: number, seq: number): WireFrame => ({
  to: 'lobby',
  data: JSON.stringify({ type: 'leave_room', payload: { username, playerCount }, seq }),
});

function coalescer() {
  const sent: { roomId: number; message: Extract<ServerMessage, { type: 'presence' }>; at: number }[] = [];
  const c = createPresenceCoalescer((roomId, frames) => {
    for (const f of frames) sent.push({ roomId, message: JSON.parse(f.data), at: Date.now() });
  }, 250);
  return { c, sent };
}

describe('presence coalescing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('passes every other frame through at once, in order, and holds presence for the room', () => {
    const { c, sent } = coalescer();
    const roll: WireFrame = { to: 'all', data: '{"type":"get_random_roll","payload":{"roll":7},"seq":9}' };
    const card: WireFrame = { to: 12, data: '{"type":"join_room","payload":{},"seq":8}' };
    expect(c.take(1, [card, joined('ann', 1, 8), roll])).toEqual([card, roll]);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(sent.map((s) => s.message)).toEqual([
      { type: 'presence', payload: { joined: ['ann'], left: [], playerCount: 1 }, seq: 8 },
    ]);
  });

  it("sends a held presence before a 'ready', so a ready never names a player the screen has not seen", () => {
    const { c, sent } = coalescer();
    // A quiet room's first change goes out on the next turn; the second waits for the interval.
    c.take(4, [joined('ann', 1, 1)]);
    vi.advanceTimersByTime(0);
    c.take(4, [joined('bob', 2, 2)]);
    const ready: WireFrame = { to: 'all', data: '{"type":"ready","payload":{"username":"bob"},"seq":3}' };
    // The held presence listing bob is written (emit) before `take` hands the ready back to be written.
    expect(c.take(4, [ready])).toEqual([ready]);
    expect(sent.map((s) => s.message.payload.joined)).toEqual([['ann'], ['bob']]);
    // Nothing is sent twice when the interval ends.
    vi.advanceTimersByTime(1_000);
    expect(sent).toHaveLength(2);
  });

  it('a join/leave storm costs each screen at most one frame per interval, with the net change', () => {
    const { c, sent } = coalescer();
    let count = 0;
    let seq = 0;
    // 1,000 changes over 2 s: 500 arrivals, of which every other one leaves again.
    for (let i = 0; i < 500; i++) {
      c.take(3, [joined(`p${i}`, ++count, ++seq)]);
      if (i % 2 === 1) c.take(3, [left(`p${i}`, --count, ++seq)]);
      vi.advanceTimersByTime(4);
    }
    vi.advanceTimersByTime(1_000);
    // 2 s of storm at one frame per 250 ms: 9 frames (the first at once), not 750.
    expect(sent.length).toBeLessThanOrEqual(9);
    for (let i = 1; i < sent.length; i++) expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThanOrEqual(250);
    // Replaying the frames gives the room as it is: the 250 who stayed, and the last count.
    const present = new Set<string>();
    for (const { message } of sent) {
      for (const name of message.payload.joined) present.add(name);
      for (const name of message.payload.left) present.delete(name);
    }
    expect(present.size).toBe(250);
    expect(sent.at(-1)!.message.payload.playerCount).toBe(250);
    expect(sent.at(-1)!.message.seq).toBe(seq);
  });

  it('a player who leaves and comes back within one interval is neither (and the reverse)', () => {
    const { c, sent } = coalescer();
    c.take(1, [joined('ann', 1, 1)]);
    vi.advanceTimersByTime(0);
    c.take(1, [left('ann', 0, 2), joined('ann', 1, 3), joined('bob', 2, 4), left('bob', 1, 5)]);
    vi.advanceTimersByTime(250);
    expect(sent.map((s) => s.message.payload)).toEqual([
      { joined: ['ann'], left: [], playerCount: 1 },
      { joined: [], left: [], playerCount: 1 },
    ]);
  });

  it('keeps rooms apart, and a dropped room sends nothing', () => {
    const { c, sent } = coalescer();
    c.take(1, [joined('ann', 1, 1)]);
    c.take(2, [joined('bob', 1, 1)]);
    c.drop(2);
    vi.advanceTimersByTime(300);
    expect(sent.map((s) => [s.roomId, s.message.payload.joined])).toEqual([[1, ['ann']]]);
  });

  it('sends to staff alone once the room outgrew the lobby list', () => {
    const emitted: WireFrame[] = [];
    const d = createPresenceCoalescer((_, f) => emitted.push(...f), 250);
    d.take(1, [{ ...joined('ann', 201, 1), to: 'staff' }]);
    vi.advanceTimersByTime(0);
    expect(emitted[0]!.to).toBe('staff');
  });
});
