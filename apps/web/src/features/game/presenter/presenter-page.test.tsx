import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../api/session-store';
import { routes } from '../../../router';
import { fakeSocket } from '../../../test/fake-game-socket';
import { room } from '../../../test/game-fixtures';
import { renderRoutes } from '../../../test/render';
import { type GameState, initialGameState } from '../shared/game-reducer';

/** The socket hook, replaced: the page gets a lobby as the server would send it. */
vi.mock('../shared/use-game-socket', () => import('../../../test/fake-game-socket'));
const socket = fakeSocket;

const lobby: GameState = {
  ...initialGameState,
  lobbyOpen: true,
  playerArr: [{ username: 'ann', isReady: false, hasBingo: false }],
  playerCount: 1,
};
const session = (role: Session['user']['role']): Session => ({
  accessToken: 't',
  user: { username: 'fay', org: 'Acme', orgId: 1, role, userId: 3 },
});
const URL_PATH = '/Acme/facilitator/online/rooms/present/7';

beforeEach(() => {
  socket.state = lobby;
  socket.send.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (input.endsWith('/getroombyid/7')) return Response.json(room);
      if (input.endsWith('/rooms/7/join-code'))
        return Response.json({
          code: 'KQ7M2P',
          publicUrl: 'https://play.example',
          networkAddresses: [],
          guestsAllowed: false,
          roomAllowsGuests: null,
        });
      if (input.includes('/check-org-expiry/')) return Response.json({ expired: false, expiresAt: null });
      return Response.json({ message: 'not found' }, { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('presenter route', () => {
  it('staff get the room on the big screen, without the top bar, and it sends nothing', async () => {
    renderRoutes(routes, { url: URL_PATH, session: session('FACILITATOR') });
    expect(await screen.findByLabelText('Room code KQ7M2P', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('https://play.example/join/KQ7M2P')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Blue room' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Players (1)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /logout/i })).toBeNull();
    expect(socket.send).not.toHaveBeenCalled();
  });

  it('players are sent to /unauthorized', async () => {
    const { router } = renderRoutes(routes, { url: URL_PATH, session: session('PLAYER') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });
});
