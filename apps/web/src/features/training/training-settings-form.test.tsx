import { english } from '@playshop/messages/english';
import type { TrainingSettings } from '@playshop/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { TrainingSettingsPanel } from './training-settings-form';

/** The players' one stored video: the form shows it, and saves it again before the one added. */
const howToPlay = { title: 'How to play', url: 'https://youtu.be/playvideo01' };
const stored: TrainingSettings = {
  SUPER_ADMIN: { kind: 'none' },
  ADMIN: { kind: 'youtube', playlistId: 'PLadmins' },
  FACILITATOR: { kind: 'none' },
  PLAYER: { kind: 'videos', videos: [howToPlay] },
};

/** The API as far as this form uses it: GET and PUT /training-settings; PUT bodies are kept. */
function fakeApi() {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/training-settings') && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        puts.push(body);
        return Response.json(body);
      }
      if (url.endsWith('/training-settings')) return Response.json(stored);
      return new Response(null, { status: 404 });
    }),
  );
  return puts;
}

afterEach(() => vi.unstubAllGlobals());

const roleGroup = (name: string) => screen.getByRole('group', { name });

describe('TrainingSettingsPanel', () => {
  it('keeps what was typed while switching kinds and saves only the chosen kind, trimmed', async () => {
    const puts = fakeApi();
    renderRoutes([{ path: '/', element: <TrainingSettingsPanel /> }]);
    const players = await screen.findByRole('group', { name: 'Player' });
    expect(within(players).getByLabelText<HTMLInputElement>('Video 1 title').value).toBe('How to play');

    fireEvent.click(within(players).getByRole('radio', { name: 'YouTube playlist' }));
    fireEvent.click(within(players).getByRole('radio', { name: 'List of videos' }));
    fireEvent.click(within(players).getByRole('button', { name: 'Add video' }));
    fireEvent.change(within(players).getByLabelText('Video 2 title'), { target: { value: '  Winning ' } });
    fireEvent.change(within(players).getByLabelText('Video 2 address'), {
      target: { value: 'https://cdn.example.com/win.mp4' },
    });
    const facilitators = roleGroup('Facilitator');
    fireEvent.click(within(facilitators).getByRole('radio', { name: 'YouTube playlist' }));
    fireEvent.change(within(facilitators).getByLabelText('YouTube playlist id'), {
      target: { value: 'PLfacilitators' },
    });
    // Typed, then abandoned: None is saved, not the id.
    fireEvent.click(within(roleGroup('Admin')).getByRole('radio', { name: 'None' }));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      SUPER_ADMIN: { kind: 'none' },
      ADMIN: { kind: 'none' },
      FACILITATOR: { kind: 'youtube', playlistId: 'PLfacilitators' },
      PLAYER: {
        kind: 'videos',
        videos: [howToPlay, { title: 'Winning', url: 'https://cdn.example.com/win.mp4' }],
      },
    });
  });

  it('shows the shared schema texts and sends nothing while a field is wrong', async () => {
    const puts = fakeApi();
    renderRoutes([{ path: '/', element: <TrainingSettingsPanel /> }]);
    const players = await screen.findByRole('group', { name: 'Player' });
    fireEvent.click(within(players).getByRole('button', { name: 'Add video' }));
    fireEvent.change(within(players).getByLabelText('Video 2 address'), { target: { value: 'ftp://x' } });
    fireEvent.change(within(roleGroup('Admin')).getByLabelText('YouTube playlist id'), {
      target: { value: 'not an id' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(english('training.titleRequired'))).toBeTruthy();
    expect(screen.getByText(english('training.urlInvalid'))).toBeTruthy();
    expect(screen.getByText(english('training.playlistIdInvalid'))).toBeTruthy();

    fireEvent.click(within(players).getByRole('button', { name: 'Remove video 2' }));
    expect(within(players).queryByLabelText('Video 2 title')).toBeNull();
    expect(puts).toHaveLength(0);
  });
});
