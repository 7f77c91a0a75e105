import { notifications } from '@mantine/notifications';
import { english } from '@playshop/messages/english';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../../../api/session-store';
import { AuthProvider } from '../../../auth/auth-provider';
import { FakeSocket } from '../../../test/fake-socket';
import { roomKeys } from '../../rooms/room-keys';
import { OUTAGE_NOTICE_ID, useGameSocket } from './use-game-socket';
import { useWakeLock } from './use-wake-lock';

vi.mock('../../../api/api', () => ({
  api: { refresh: vi.fn(async () => ({ accessToken: 'fresh-token' })) },
}));

const sockets: FakeSocket[] = [];
const createSocket = (url: string) => {
  const s = new FakeSocket(url);
  sockets.push(s);
  return s;
};

let queryClient: QueryClient;
function wrapper({ children }: { children: ReactNode }) {
  const store = createSessionStore({
    accessToken: 'first-token',
    user: { username: 'ann', org: 'Acme', orgId: 1, role: 'PLAYER', userId: 4 },
  });
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider store={store}>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets.length = 0;
  queryClient = new QueryClient();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useGameSocket', () => {
  it('feeds frames into the reducer and resumes with the last seq and a fresh token', async () => {
    let renders = 0;
    const { result, unmount } = renderHook(
      () => {
        renders++;
        return useGameSocket(7, { createSocket });
      },
      { wrapper },
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(sockets[0]?.url).toContain('/ws?token=first-token');
    act(() => sockets[0]!.open());
    expect(result.current.status).toBe('open');
    // Each frame is applied as it comes, with no wait for an animation frame (what renders for it is
    // what reads the facts it changes: the roll-render tests).
    const before = renders;
    act(() => sockets[0]!.receive({ type: 'open_lobby', payload: { lobbyOpen: true }, seq: 3 }));
    expect(result.current.state.lobbyOpen).toBe(true);
    act(() => sockets[0]!.receive({ type: 'get_random_roll', payload: { roll: 12 }, seq: 9 }));
    expect(result.current.state.bingoRolls).toEqual([12]);
    expect(renders).toBe(before + 2);
    // A local action comes after the frames that came before it.
    act(() => sockets[0]!.receive({ type: 'get_random_roll', payload: { roll: 5 }, seq: 11 }));
    act(() => result.current.dispatch({ type: 'mark_cell', payload: { number: 5 } }));
    expect(result.current.state.bingoRolls).toEqual([12, 5]);

    act(() => sockets[0]!.onclose?.({ code: 1006 }));
    expect(result.current.status).toBe('reconnecting');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(sockets[1]?.url).toContain('/ws?token=fresh-token');
    act(() => sockets[1]!.open());
    expect(sockets[1]!.sent).toEqual([
      { type: 'room_event', payload: { action: 'reconnect', roomId: 7, lastSeq: 11 } },
    ]);
    act(() => sockets[1]!.receive({ type: 'Reconnected', payload: { missedRolls: [12, 40] }, seq: 12 }));
    expect(result.current.state.bingoRolls).toEqual([12, 5, 40]);

    act(() => result.current.send({ type: 'ready', payload: { roomId: 7 } }));
    // A ready stays in the outbox until the server answers the ping after it.
    expect(sockets[1]!.sent.slice(-2)).toEqual([
      { type: 'ready', payload: { roomId: 7 } },
      { type: 'ping', payload: {} },
    ]);
    unmount();
  });

  it("a new room code from another staff screen refreshes this screen's code at once (issue 28)", async () => {
    queryClient.setQueryData(roomKeys.joinCode(7), { code: 'OLDOLD' });
    const other = roomKeys.joinCode(8);
    queryClient.setQueryData(other, { code: 'OTHERS' });
    const { unmount } = renderHook(() => useGameSocket(7, { createSocket }), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => sockets[0]!.open());
    const stale = () => queryClient.getQueryState(roomKeys.joinCode(7))?.isInvalidated;
    expect(stale()).toBe(false);
    act(() => sockets[0]!.receive({ type: 'join_code', payload: { code: 'NEWNEW' }, seq: 0 }));
    expect(stale()).toBe(true);
    expect(queryClient.getQueryState(other)?.isInvalidated).toBe(false);
    unmount();
  });

  it('drops a frame the protocol does not know, and reconnects at once when the browser is back online', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { result, unmount } = renderHook(() => useGameSocket(7, { createSocket }), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => sockets[0]!.open());
    act(() => sockets[0]!.receive({ type: 'get_random_roll', payload: { roll: 'x' }, seq: 2 }));
    act(() => sockets[0]!.receive({ type: 'get_random_roll', payload: { roll: 3 }, seq: 3 }));
    expect(result.current.state.bingoRolls).toEqual([3]);
    expect(warn).toHaveBeenCalledTimes(1);
    act(() => sockets[0]!.onclose?.({ code: 1006 }));
    expect(result.current.status).toBe('reconnecting');
    // No waiting for the 1 s backoff: 'online' reconnects now.
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(sockets).toHaveLength(2);
    unmount();
    warn.mockRestore();
  });

  it('a silent socket shows Reconnecting within 10 s; Retry after the last failed try starts again', async () => {
    const { result, unmount } = renderHook(() => useGameSocket(7, { createSocket }), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => sockets[0]!.open());
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(result.current.status).toBe('reconnecting');
    expect(sockets[0]!.closedWith).toBe(4000);
    // Five tries that never open, each given up after 10 s.
    await act(() => vi.advanceTimersByTimeAsync(5 * 10_000 + 1000 + 2000 + 4000 + 8000 + 16_000));
    expect(result.current.status).toBe('failed');
    expect(sockets).toHaveLength(6);
    await act(async () => {
      result.current.retry();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(sockets).toHaveLength(7);
    act(() => sockets[6]!.open());
    expect(result.current.status).toBe('open');
    unmount();
  });
});

describe('the game away for a moment (issue 43)', () => {
  it('says so once and keeps saying it until the game answers again, never as a 4 s toast', async () => {
    const show = vi.spyOn(notifications, 'show');
    const hide = vi.spyOn(notifications, 'hide');
    const { unmount } = renderHook(() => useGameSocket(7, { createSocket }), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => sockets[0]!.open());
    show.mockClear();
    const unavailable = {
      type: 'error_event',
      payload: { error: english('game.unavailable'), key: 'game.unavailable' },
      seq: 0,
    };
    act(() => sockets[0]!.receive(unavailable));
    act(() => sockets[0]!.receive(unavailable));
    expect(show.mock.calls.map(([n]) => [n.id, n.message, n.autoClose])).toEqual([
      [OUTAGE_NOTICE_ID, english('game.unavailable'), false],
    ]);
    expect(hide).not.toHaveBeenCalledWith(OUTAGE_NOTICE_ID);
    // The game answers again: the notice goes.
    act(() => sockets[0]!.receive({ type: 'get_random_roll', payload: { roll: 12 }, seq: 3 }));
    expect(hide).toHaveBeenCalledWith(OUTAGE_NOTICE_ID);
    // Another refusal is still the usual toast.
    act(() =>
      sockets[0]!.receive({
        type: 'error_event',
        payload: { error: english('game.somethingWentWrong') },
        seq: 3,
      }),
    );
    expect(show.mock.calls.at(-1)?.[0]).toMatchObject({
      message: english('game.somethingWentWrong'),
      autoClose: 4000,
    });
    unmount();
    show.mockRestore();
    hide.mockRestore();
  });
});

describe('useWakeLock', () => {
  it('keeps the screen on while shown, asks again when the tab is visible, lets go on unmount', async () => {
    const locks: { id: number; released: boolean; release: () => Promise<void> }[] = [];
    const wakeLock = {
      request: vi.fn(async () => {
        const lock = {
          id: locks.length + 1,
          released: false,
          release: async () => {
            lock.released = true;
          },
        };
        locks.push(lock);
        return lock;
      }),
    };
    Object.defineProperty(navigator, 'wakeLock', { value: wakeLock, configurable: true });
    try {
      const { unmount } = renderHook(() => useWakeLock(true));
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(wakeLock.request).toHaveBeenCalledWith('screen');
      // Still held: no second lock.
      act(() => document.dispatchEvent(new Event('visibilitychange')));
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(locks).toHaveLength(1);
      // The browser let it go while the tab was hidden: visible again, it is asked for again.
      locks[0]!.released = true;
      act(() => document.dispatchEvent(new Event('visibilitychange')));
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(locks).toHaveLength(2);
      unmount();
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(locks[1]!.released).toBe(true);
    } finally {
      Reflect.deleteProperty(navigator, 'wakeLock');
    }
    // Without the API nothing breaks.
    renderHook(() => useWakeLock(true)).unmount();
  });
});
