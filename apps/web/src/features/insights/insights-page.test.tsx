import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, sessionAs } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { InsightsPage } from './insights-page';

afterEach(() => vi.unstubAllGlobals());

const RANGE = { from: '2026-03-01', to: '2026-03-31' };
const summary = {
  ...RANGE,
  games: 2,
  players: 3,
  playersPerGame: 2,
  winnersPerGame: 1,
  attendance: { invited: 4, attended: 2, guests: 1 },
  leftEarly: 1,
  leftEarlyShare: 0.25,
  options: { workshops: [], rooms: [], facilitators: [] },
};
const questions = {
  questions: [
    {
      contentId: 9,
      title: 'Exit quiz',
      question: 'Which way out?',
      asked: 2,
      present: 6,
      answers: 4,
      unanswered: 2,
      shareRight: 0.5,
      mostChosenWrong: null,
      meanSeconds: 4.7,
    },
  ],
};

/** The figures of `org` (and an empty reply for every other figure). */
const figuresOf = (org: string) => ({
  [`GET /insights/org/${org}/summary`]: () => ({ body: summary }),
  [`GET /insights/org/${org}/questions`]: () => ({ body: questions }),
  [`GET /insights/org/${org}/weeks`]: () => ({ body: { weeks: [] } }),
  [`GET /insights/org/${org}/content`]: () => ({ body: { items: [] } }),
  [`GET /insights/org/${org}/bingo`]: () => ({ body: { patterns: [], winnersPerGame: [] } }),
});

describe('the Insights page', () => {
  it("the super admin's page opens on the most active organization, not their own empty one", async () => {
    const { calls } = fakeApi({
      ...figuresOf('Demo Org'),
      'GET /insights/product': () => ({
        body: {
          organizations: [
            { id: 2, name: 'Demo Org', games: 2, players: 3, lastGameAt: '2026-03-10T09:00:00.000Z' },
            { id: 1, name: 'Playshop', games: 0, players: 0, lastGameAt: null },
          ],
          licences: [],
          months: [{ month: '2026-03', games: 2, players: 3 }],
        },
      }),
    });
    renderRoutes([{ path: '/:org/admin/insights', element: <InsightsPage /> }], {
      session: { ...sessionAs('SUPER_ADMIN'), user: { ...sessionAs('SUPER_ADMIN').user, org: 'Playshop' } },
      url: '/Playshop/admin/insights',
    });
    const table = await screen.findByRole('table', { name: 'Per question' }, { timeout: 5000 });
    expect(screen.getByRole('textbox', { name: 'Organization shown' })).toHaveProperty('value', 'Demo Org');
    // Present without answering has its own column: 6 present over two sends, 2 never answered.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Question',
      'Asked',
      'Present',
      'Answers',
      'Present, no answer',
      'Right',
      'Wrong answer chosen most',
      'Seconds',
    ]);
    expect(within(table).getAllByRole('row')[1]!.textContent).toBe('Which way out?264250%–4.7');
    expect(calls.filter((c) => c.path.startsWith('/insights/org/Playshop'))).toEqual([]);
    expect(screen.getByText(/Players are different people/)).toBeTruthy();
  });

  it("an organization's admin sees their own organization, with no organization to choose", async () => {
    const { calls } = fakeApi(figuresOf('Demo Org'));
    renderRoutes([{ path: '/:org/admin/insights', element: <InsightsPage /> }], {
      session: sessionAs('ADMIN'),
      url: '/Demo%20Org/admin/insights',
    });
    await screen.findByRole('table', { name: 'Per question' }, { timeout: 5000 });
    expect(screen.queryByRole('textbox', { name: 'Organization shown' })).toBeNull();
    expect(calls.some((c) => c.path === '/insights/product')).toBe(false);
  });
});
