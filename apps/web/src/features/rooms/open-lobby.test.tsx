import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, blueRoom as room, sessionAs } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { RoomActivityList } from './room-activity-list';
import { FacilitatorRoomsPage } from './rooms-page';

afterEach(() => vi.unstubAllGlobals());

const ORG = 'Demo Org';
const ROOMS_PAGE = '/:org/facilitator/online/rooms';
const later = <T,>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

/**
 * The room is between games until its lobby opens. After the lobby's reply, the rooms' state (fast)
 * comes back before the rooms list (slow): the room is no longer between games and its Open Lobby
 * button goes away while the lobby's refresh is still under way. The facilitator must still reach
 * the game page (on a busy venue machine they stayed on the rooms list with the lobby open).
 */
function serveRoom() {
  let lobbyOpen = false;
  const activity = () => ({
    body: {
      rooms: [
        {
          id: 5,
          name: room.name,
          workshopName: 'Demo Workshop',
          state: lobbyOpen ? 'lobby' : 'closed',
          players: 0,
        },
      ],
    },
  });
  return fakeApi({
    [`GET /dashboard/rooms/${ORG}`]: activity,
    [`GET /getroomsbyorgname/${ORG}`]: () => (lobbyOpen ? later({ body: [room] }, 300) : { body: [room] }),
    [`GET /get-org-workshops/${ORG}`]: () => ({ body: [{ id: 3, name: 'Demo Workshop' }] }),
    'POST /rooms/5/lobby': () => {
      lobbyOpen = true;
      return { body: { message: 'Lobby open' } };
    },
  });
}

const routes = (page: React.ReactNode) => [
  { path: ROOMS_PAGE, element: page },
  { path: `${ROOMS_PAGE}/play-game/:id`, element: <p>the game page</p> },
];
const url = `/${encodeURIComponent(ORG)}/facilitator/online/rooms`;

describe('Open Lobby', () => {
  it('the rooms list goes to the game page although the refreshed state took its button away', async () => {
    const { calls } = serveRoom();
    renderRoutes(routes(<FacilitatorRoomsPage />), { session: sessionAs('FACILITATOR'), url });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Open Lobby of Blue Room' }, { timeout: 5000 }),
    );
    expect(await screen.findByText('the game page', undefined, { timeout: 5000 })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/rooms/5/lobby']);
  });

  // Its own list is the rooms' state: the same fix, and here the plain way to the game page.
  it("the dashboard's room list opens the lobby and goes to the game page", async () => {
    serveRoom();
    renderRoutes(routes(<RoomActivityList org={ORG} emptyText="No rooms" />), {
      session: sessionAs('FACILITATOR'),
      url,
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Open Lobby of Blue Room' }, { timeout: 5000 }),
    );
    expect(await screen.findByText('the game page', undefined, { timeout: 5000 })).toBeTruthy();
  });
});
