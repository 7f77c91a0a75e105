import { act, screen, waitFor } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../api/session-store';
import { routes } from '../../../router';
import { fakeSocket } from '../../../test/fake-game-socket';
import { playing, room } from '../../../test/game-fixtures';
import { renderRoutes } from '../../../test/render';
import type { GameState } from '../shared/game-reducer';

vi.mock('../shared/use-game-socket', () => import('../../../test/fake-game-socket'));

// Two of the Mantine parts a roll need not touch, counted: the bar's Switch (after Roll) and the
// queue's List (a roll turns Send Content off and on, not the list).
const renders = vi.hoisted(() => ({ Switch: 0, List: 0 }));
vi.mock('@mantine/core', async (importOriginal) => {
  const mantine = await importOriginal<typeof import('@mantine/core')>();
  const { Switch, List } = mantine;
  return {
    ...mantine,
    Switch: (props: ComponentProps<typeof Switch>) => {
      renders.Switch += 1;
      return <Switch {...props} />;
    },
    List: Object.assign(
      (props: ComponentProps<typeof List>) => {
        renders.List += 1;
        return <List {...props} />;
      },
      { Item: List.Item },
    ),
  };
});

const session: Session = {
  accessToken: 't',
  user: { username: 'fay', org: 'Acme', orgId: 1, role: 'FACILITATOR', userId: 3 },
};
const before: GameState = {
  ...playing,
  bingoBoard: null,
  markedCells: [],
  bingoRolls: [5, 17, 33],
  playerArr: [{ username: 'ann', isReady: true, hasBingo: false }],
  playerCount: 1,
  queue: [
    { contentId: 4, contentType: 'OTHER', title: 'Exits' },
    { contentId: 6, contentType: 'VIDEO', title: 'Drill' },
  ],
};

beforeEach(() => {
  fakeSocket.state = before;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (input.endsWith('/getroombyid/7')) return Response.json(room);
      if (input.includes('/check-org-expiry/')) return Response.json({ expired: false, expiresAt: null });
      return Response.json({ message: 'not found' }, { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("a roll on the facilitator's page (issue 46)", () => {
  it('renders Roll and the balls, not the rest of the bar or the queue', async () => {
    renderRoutes(routes, { url: '/Acme/facilitator/online/rooms/play-game/7', session });
    const roll = await screen.findByRole('button', { name: 'Roll' }, { timeout: 5000 });
    expect(screen.getByRole('list', { name: 'Content queue' })).toBeTruthy();
    await waitFor(() => expect(renders.Switch).toBeGreaterThan(0));
    renders.Switch = 0;
    renders.List = 0;

    // The roll's frames: the state goes to 'roll' with the new ball, then back once it is shown.
    act(() => fakeSocket.push({ ...before, gameState: 'roll', bingoRolls: [...before.bingoRolls, 16] }));
    expect(roll.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Send Content' }).hasAttribute('disabled')).toBe(true);
    act(() => fakeSocket.push({ ...(fakeSocket.state as GameState), gameState: 'bingo' }));
    expect(roll.hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Send Content' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getAllByRole('img', { name: 'I 16' }).length).toBeGreaterThan(0);

    expect(renders).toEqual({ Switch: 0, List: 0 });
  });
});
