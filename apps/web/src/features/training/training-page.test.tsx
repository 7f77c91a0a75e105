import { english } from '@playshop/messages/english';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { loadTrainingMessages } from './training-messages';
import { TrainingPage } from './training-page';

const answer = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(body, { status })),
  );
afterEach(() => vi.unstubAllGlobals());
beforeAll(() => loadTrainingMessages());

const session = {
  accessToken: 't',
  user: { username: 'demo-player-1', org: 'Demo Org', orgId: 1, role: 'PLAYER' as const, userId: 1 },
};
const renderPage = () => renderRoutes([{ path: '/', element: <TrainingPage /> }], { session });

describe('TrainingPage', () => {
  it("says 'No training videos yet' for an empty playlist", async () => {
    answer(200, { role: 'PLAYER', items: [] });
    renderPage();
    expect(await screen.findByText('No training videos yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it("shows the server's reason in a red alert", async () => {
    answer(502, { code: 'VIDEO_SERVICE_REFUSED', message: english('training.serviceRefused') });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(english('training.serviceRefused'));
  });
});
