import { act, screen, waitFor, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../api/session-store';
import { routes } from '../../../router';
import { fakeSocket } from '../../../test/fake-game-socket';
import { playing, room } from '../../../test/game-fixtures';
import { renderRoutes } from '../../../test/render';
import type { GameState } from '../shared/game-reducer';
import { TUMBLE_MS } from '../shared/shown-rolls';

/**
 * The parts a roll renders: none. Its first frame paints Roll and Send Content off, the new ball in
 * front of the last three, the count and the announcer's words; the state after it paints Roll and
 * Send Content on again.
 */
const FIRST_FRAME = 0;
const SECOND_FRAME = 0;

vi.mock('../shared/use-game-socket', () => import('../../../test/fake-game-socket'));

// Two of the Mantine parts a roll need not touch, counted: the bar's Switch (after Roll) and the
// queue's List (a roll turns Send Content off and on, not the list); and every part with a text
// (each reads them through useT, as player/roll-render.test.tsx counts the phone's).
const renders = vi.hoisted(() => ({ Switch: 0, List: 0, count: 0 }));
vi.mock('../../../i18n/locale-provider', async (importOriginal) => {
  const { countingUseT } = await import('../../../test/count-renders');
  return countingUseT(importOriginal, renders);
});
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
  // Hidden, as a busy room plays it: the centre keeps the balls instead of the tumbling one.
  hideRollAnimation: true,
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
  it('renders no part: Roll, Send Content, the balls and the count are painted, the rest not touched', async () => {
    renderRoutes(routes, { url: '/Acme/facilitator/online/rooms/play-game/7', session });
    const roll = await screen.findByRole('button', { name: 'Roll' }, { timeout: 5000 });
    expect(screen.getByRole('list', { name: 'Content queue' })).toBeTruthy();
    await waitFor(() => expect(renders.Switch).toBeGreaterThan(0));
    Object.assign(renders, { Switch: 0, List: 0, count: 0 });

    // The click asks for a ball: Roll goes off at once, and nothing renders for it.
    act(() => roll.click());
    expect(roll.getAttribute('aria-disabled')).toBe('true');
    expect(renders.count).toBe(0);

    // The roll's frames: the state goes to 'roll' with the new ball, then back once it is shown.
    act(() => fakeSocket.push({ ...before, gameState: 'roll', bingoRolls: [...before.bingoRolls, 16] }));
    expect(roll.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Send Content' }).getAttribute('aria-disabled')).toBe('true');
    const lastThree = within(screen.getByRole('group', { name: 'Last three balls' }));
    expect(lastThree.getAllByRole('img').map((ball) => ball.getAttribute('aria-label'))).toEqual([
      'I 16',
      'N 33',
      'I 17',
    ]);
    expect(screen.getByText('4 of 75 rolled')).toBeTruthy();
    expect(renders.count).toBe(FIRST_FRAME);
    renders.count = 0;
    act(() => fakeSocket.push({ ...fakeSocket.state, gameState: 'bingo' }));
    expect(roll.getAttribute('aria-disabled')).toBe('false');
    expect(screen.getByRole('button', { name: 'Send Content' }).getAttribute('aria-disabled')).toBe('false');
    expect(renders.count).toBe(SECOND_FRAME);

    expect({ Switch: renders.Switch, List: renders.List }).toEqual({ Switch: 0, List: 0 });
  });

  it('with the roll animation on, the announcer says the ball when the centre lands it, not before', async () => {
    fakeSocket.state = { ...before, hideRollAnimation: false };
    renderRoutes(routes, { url: '/Acme/facilitator/online/rooms/play-game/7', session });
    await screen.findByRole('button', { name: 'Roll' }, { timeout: 5000 });
    vi.useFakeTimers();
    try {
      act(() =>
        fakeSocket.push({ ...fakeSocket.state, gameState: 'roll', bingoRolls: [...before.bingoRolls, 16] }),
      );
      expect(screen.getByText(/^Rolling a/)).toBeTruthy();
      expect(screen.queryByText('Ball rolled: I 16')).toBeNull();
      act(() => vi.advanceTimersByTime(TUMBLE_MS));
      expect(screen.getByText('Ball rolled: I 16')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
