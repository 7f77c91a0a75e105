import type { PlaylistItem } from '@playshop/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { fakeApi } from '../../test/fake-api';
import { answerImages, expectVideoFallback } from '../../test/image-loads';
import { renderRoutes } from '../../test/render';
import { loadTrainingMessages } from './training-messages';
import { TrainingPlayer } from './training-player';

const items: PlaylistItem[] = [
  { title: 'Welcome', videoId: 'dQw4w9WgXcQ', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
  { title: 'Running a room', videoId: 'abcdefghijk', url: 'https://youtu.be/abcdefghijk' },
  { title: 'Our own intro', videoId: null, url: 'https://cdn.example.com/intro.mp4' },
];

// The Training route loads this catalogue with the page (training-routes.tsx).
beforeAll(() => loadTrainingMessages());

const renderPlayer = (list = items) =>
  renderRoutes([{ path: '/', element: <TrainingPlayer items={list} /> }]);

const button = (name: string) => screen.getByRole('button', { name });
const playlistButton = (title: string, playlist = 'Training playlist') =>
  within(screen.getByRole('navigation', { name: playlist })).getByRole('button', {
    name: title,
  });

describe('TrainingPlayer', () => {
  beforeEach(() => {
    answerImages('load');
  });

  it('embeds a YouTube video without cookies, titled for screen readers', async () => {
    renderPlayer();
    const frame = await screen.findByTitle('Training video: Welcome');
    expect(frame.tagName).toBe('IFRAME');
    // Its API on, so the page hears when the video ends (the xAPI "completed" statement).
    expect(frame.getAttribute('src')).toBe(
      `https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?enablejsapi=1&origin=${encodeURIComponent(window.location.origin)}`,
    );
    expect(screen.getByText('Video 1 of 3')).toBeTruthy();
  });

  it('reports a video played to its end once (issue 47: the xAPI completed statement)', async () => {
    const api = fakeApi({ 'POST /training/video-completed': () => ({ body: { queued: true } }) });
    renderPlayer();
    fireEvent.click(playlistButton('Our own intro'));
    const video = await screen.findByLabelText('Training video: Our own intro');
    fireEvent.ended(video);
    fireEvent.ended(video);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]).toEqual({
      method: 'POST',
      path: '/training/video-completed',
      body: { url: 'https://cdn.example.com/intro.mp4' },
    });
  });

  it('stops Previous at the first video and Next at the last (SPEC §4)', async () => {
    renderPlayer();
    await screen.findByTitle('Training video: Welcome');
    expect(button('Previous')).toHaveProperty('disabled', true);
    expect(button('Next')).toHaveProperty('disabled', false);
    fireEvent.click(button('Next'));
    expect(await screen.findByTitle('Training video: Running a room')).toBeTruthy();
    expect(button('Previous')).toHaveProperty('disabled', false);
    fireEvent.click(button('Next'));
    expect(button('Next')).toHaveProperty('disabled', true);
    fireEvent.click(button('Next'));
    expect(screen.getByText('Video 3 of 3')).toBeTruthy();
    fireEvent.click(button('Previous'));
    expect(screen.getByText('Video 2 of 3')).toBeTruthy();
  });

  it('plays the video chosen in the playlist and marks it current', async () => {
    renderPlayer();
    await screen.findByTitle('Training video: Welcome');
    expect(playlistButton('Welcome').getAttribute('aria-current')).toBe('true');
    fireEvent.click(playlistButton('Our own intro'));
    expect(playlistButton('Our own intro').getAttribute('aria-current')).toBe('true');
    expect(playlistButton('Welcome').getAttribute('aria-current')).toBeNull();
    // Not on YouTube: the browser's own player, with controls.
    const video = screen.getByLabelText('Training video: Our own intro');
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe('https://cdn.example.com/intro.mp4');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(button('Next')).toHaveProperty('disabled', true);
  });

  it('with one video, both buttons are disabled', async () => {
    renderPlayer(items.slice(0, 1));
    await screen.findByTitle('Training video: Welcome');
    expect(button('Previous')).toHaveProperty('disabled', true);
    expect(button('Next')).toHaveProperty('disabled', true);
  });
});

describe('TrainingPlayer without access to the video', () => {
  it("says so with the video's title and link instead of a broken frame", async () => {
    const requested = answerImages('error');
    renderPlayer();
    await screen.findByText('This video cannot be played here');
    expect(requested).toEqual(['https://i.ytimg.com/vi/dQw4w9WgXcQ/default.jpg']);
    expect(screen.queryByTitle('Training video: Welcome')).toBeNull();
    const link = screen.getByRole('link', { name: 'Open "Welcome" in a new tab' });
    expect(link.getAttribute('href')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('a video file that fails to load says so too', async () => {
    answerImages('load');
    renderPlayer([items[2]!]);
    const video = await screen.findByLabelText('Training video: Our own intro');
    fireEvent.error(video);
    await expectVideoFallback('Our own intro', 'https://cdn.example.com/intro.mp4');
  });
});

describe("TrainingPlayer in the reader's language", () => {
  afterEach(() => activateLanguage('en'));

  it('speaks German on a German phone, the fallback too', async () => {
    await activateLanguage('de');
    answerImages('load');
    renderPlayer();
    expect(await screen.findByTitle('Trainingsvideo: Welcome')).toBeTruthy();
    expect(screen.getByText('Video 1 von 3')).toBeTruthy();
    expect(button('Zurück')).toHaveProperty('disabled', true);
    fireEvent.click(button('Weiter'));
    expect(screen.getByText('Video 2 von 3')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Trainings-Playlist' })).toBeTruthy();
    fireEvent.click(playlistButton('Our own intro', 'Trainings-Playlist'));
    fireEvent.error(screen.getByLabelText('Trainingsvideo: Our own intro'));
    await screen.findByText('Dieses Video kann hier nicht abgespielt werden');
    expect(screen.getByRole('link', { name: '„Our own intro“ in neuem Tab öffnen' })).toBeTruthy();
  });
});
