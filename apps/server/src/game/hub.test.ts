import type { Role } from '@playshop/shared';
import { describe, expect, it } from 'vitest';
import { LOBBY_LIST_LIMIT } from './frames';
import { type Connection, createHub } from './hub';

function socket(userId: number, role: Role = 'PLAYER') {
  const received: string[] = [];
  const connection: Connection & { received: string[]; closed: number | null } = {
    key: `k-${userId}-${Math.random()}`,
    actor: { userId, username: `u${userId}`, role, orgId: 1 },
    roomId: null,
    received,
    closed: null,
    send: (data) => received.push(data),
    close(code) {
      this.closed = code;
    },
    bufferedAmount: () => 0,
  };
  return connection;
}

describe('the hub', () => {
  it("writes a player's frame to that player's sockets alone, and staff frames to staff alone", () => {
    const hub = createHub({ maxBufferedBytes: 1024 });
    const staff = socket(1, 'FACILITATOR');
    const [a1, a2, b] = [socket(10), socket(10), socket(11)];
    for (const c of [staff, a1, a2, b]) hub.join(c, 7);
    hub.deliver(7, [
      { to: 10, data: 'card' },
      { to: 'staff', data: 'queue' },
      { to: 'players', data: 'content' },
      { to: 'all', data: 'roll' },
    ]);
    expect(a1.received).toEqual(['card', 'content', 'roll']);
    expect(a2.received).toEqual(['card', 'content', 'roll']);
    expect(b.received).toEqual(['content', 'roll']);
    expect(staff.received).toEqual(['queue', 'roll']);
  });

  it('sends lobby arrivals to everyone in a workshop-sized room, to staff alone in a big one', () => {
    const hub = createHub({ maxBufferedBytes: 1024 });
    const staff = socket(1, 'ADMIN');
    hub.join(staff, 7);
    const players = Array.from({ length: LOBBY_LIST_LIMIT }, (_, i) => socket(100 + i));
    for (const p of players) hub.join(p, 7);
    hub.deliver(7, [{ to: 'lobby', data: 'arrival' }]);
    // LOBBY_LIST_LIMIT + 1 sockets (the staff's among them): a big room.
    expect(players[0]!.received).toEqual([]);
    expect(staff.received).toEqual(['arrival']);
    hub.leave(players[0]!);
    hub.deliver(7, [{ to: 'lobby', data: 'arrival 2' }]);
    expect(players[1]!.received).toEqual(['arrival 2']);
  });

  it("closes a removed player's sockets after telling them", () => {
    const hub = createHub({ maxBufferedBytes: 1024 });
    const [a, b] = [socket(10), socket(11)];
    hub.join(a, 7);
    hub.join(b, 7);
    hub.deliver(7, [{ to: 10, data: 'removed', close: { code: 4001, reason: 'bye' } }]);
    expect(a.received).toEqual(['removed']);
    expect(a.closed).toBe(4001);
    expect(b.closed).toBeNull();
    expect(hub.roomSize(7)).toBe(1);
  });

  it("keeps a player's frames going to the sockets they still have as they come and go", () => {
    const hub = createHub({ maxBufferedBytes: 1024 });
    const [a1, a2, a3] = [socket(10), socket(10), socket(10)];
    for (const c of [a1, a2, a3]) hub.join(c, 7);
    hub.leave(a2);
    hub.deliver(7, [{ to: 10, data: 'two left' }]);
    hub.leave(a1);
    hub.deliver(7, [{ to: 10, data: 'one left' }]);
    hub.join(a2, 7);
    hub.deliver(7, [{ to: 10, data: 'back' }]);
    hub.leave(a3);
    hub.leave(a2);
    hub.deliver(7, [{ to: 10, data: 'none' }]);
    expect(a1.received).toEqual(['two left']);
    expect(a2.received).toEqual(['back']);
    expect(a3.received).toEqual(['two left', 'one left', 'back']);
    expect(hub.roomSize(7)).toBe(0);
  });
});
