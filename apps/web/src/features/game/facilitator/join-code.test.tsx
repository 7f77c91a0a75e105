import type { RoomJoinCode } from '@playshop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, sessionAs } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { roomKeys } from '../../rooms/room-keys';
import { JoinCode } from './join-code';

afterEach(() => vi.unstubAllGlobals());

const later = <T,>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

/** What the game socket does on a snapshot: the code read again (use-game-socket.ts). */
function SnapshotRefresh() {
  const queryClient = useQueryClient();
  return (
    <button
      type="button"
      onClick={() => void queryClient.invalidateQueries({ queryKey: roomKeys.joinCode(5) })}
    >
      snapshot
    </button>
  );
}

/**
 * The room's join code, whose reads are slow after the first and answer with the rule as it stood when
 * they were asked; a change answers at once with the new rule.
 */
function serveJoinCode() {
  let allowed = false;
  let reads = 0;
  const reply = (): RoomJoinCode => ({
    code: 'K7PX2M',
    publicUrl: 'https://bingo.example.com',
    networkAddresses: [],
    guestsAllowed: allowed,
    roomAllowsGuests: allowed,
  });
  return fakeApi({
    'GET /rooms/5/join-code': () => (reads++ === 0 ? { body: reply() } : later({ body: reply() }, 300)),
    'PUT /rooms/5/guests': (call) => {
      allowed = (call.body as { allowGuests: boolean }).allowGuests;
      return { body: reply() };
    },
  });
}

describe('the join code dialog', () => {
  it('keeps guests allowed when a read of the code from before the change comes back after it', async () => {
    const { calls } = serveJoinCode();
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <JoinCode roomName="Blue Room" roomId={5} />
              <SnapshotRefresh />
            </>
          ),
        },
      ],
      { session: sessionAs('FACILITATOR') },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Join code' }, { timeout: 5000 }));
    const guests = await screen.findByRole(
      'switch',
      { name: /^Let guests join this room/ },
      { timeout: 5000 },
    );
    expect((guests as HTMLInputElement).checked).toBe(false);

    // A snapshot's read of the code goes out (it will answer "no guests"), then the facilitator allows them.
    fireEvent.click(screen.getByRole('button', { name: 'snapshot' }));
    fireEvent.click(guests);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    await waitFor(() => expect((guests as HTMLInputElement).checked).toBe(true));

    // Every read has answered: the switch still says what the server holds.
    await later(null, 800);
    expect((guests as HTMLInputElement).checked).toBe(true);
    expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(3);
  });
});
