import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../auth/auth-provider';
import { createSessionStore } from '../auth/session-store';
import type { SocketLike } from './game-connection';
import { useGameSocket } from './use-game-socket';

vi.mock('../api/api', () => ({ api: { refresh: vi.fn(async () => ({ accessToken: 'fresh-token' })) } }));

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const sockets: FakeSocket[] = [];
const createSocket = (url: string) => {
  const s = new FakeSocket(url);
  sockets.push(s);
  return s;
};

function wrapper({ children }: { children: ReactNode }) {
  const store = createSessionStore({
    accessToken: 'first-token',
    user: { username: 'ann', org: 'Acme', orgId: 1, role: 'PLAYER', userId: 4 },
  });
  return <AuthProvider store={store}>{children}</AuthProvider>;
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useGameSocket', () => {
  it('feeds frames into the reducer and resumes with the last seq and a fresh token', async () => {
    const { result, unmount } = renderHook(() => useGameSocket(7, { createSocket }), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(sockets[0]?.url).toContain('/ws?token=first-token');
    act(() => sockets[0]!.open());
    expect(result.current.status).toBe('open');
    act(() => {
      sockets[0]!.receive({ type: 'open_lobby', payload: { lobbyOpen: true }, seq: 3 });
      sockets[0]!.receive({ type: 'get_random_roll', payload: { roll: 12 }, seq: 9 });
    });
    expect(result.current.state.lobbyOpen).toBe(true);
    expect(result.current.state.bingoRolls).toEqual([12]);

    act(() => sockets[0]!.onclose?.({ code: 1006 }));
    expect(result.current.status).toBe('reconnecting');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(sockets[1]?.url).toContain('/ws?token=fresh-token');
    act(() => sockets[1]!.open());
    expect(sockets[1]!.sent).toEqual([
      { type: 'room_event', payload: { action: 'reconnect', roomId: 7, lastSeq: 9 } },
    ]);
    act(() => sockets[1]!.receive({ type: 'Reconnected', payload: { missedRolls: [12, 40] }, seq: 11 }));
    expect(result.current.state.bingoRolls).toEqual([12, 40]);

    act(() => result.current.send({ type: 'ready', payload: { roomId: 7 } }));
    expect(sockets[1]!.sent.at(-1)).toEqual({ type: 'ready', payload: { roomId: 7 } });
    unmount();
  });
});
