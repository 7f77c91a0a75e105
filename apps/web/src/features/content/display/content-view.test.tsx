import type { ContentReply } from '@playshop/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../../api/session-store';
import { activateLanguage } from '../../../i18n/i18n';
import { answerImages, expectVideoFallback } from '../../../test/image-loads';
import { renderRoutes } from '../../../test/render';
import { scriptPreview } from '../content-card';
import { ContentView } from './content-view';

const session = (role: Session['user']['role']): Session => ({
  accessToken: 't',
  user: { username: 'ada', org: 'Acme', orgId: 1, role, userId: 1 },
});

const base = {
  id: 1,
  title: 'Fire safety',
  description: 'A question about the building',
  script: 'Ask the room first.',
  categoryId: 1,
  category: { id: 1, name: 'Safety' },
  question: null,
  image: null,
  video: null,
} satisfies Omit<ContentReply, 'type'>;

const question: ContentReply = {
  ...base,
  type: 'QUESTION',
  question: {
    id: 1,
    question: 'What do you do first?',
    contentId: 1,
    answers: [
      { id: 1, name: 'Leave by the nearest exit', url: null, isCorrect: true },
      { id: 2, name: 'Take the lift', url: null, isCorrect: false },
    ],
  },
};

const show = (content: ContentReply, role: Session['user']['role'] | null) =>
  renderRoutes([{ path: '/', element: <ContentView content={content} /> }], {
    session: role ? session(role) : null,
  });

describe('content display', () => {
  it('answers a picked tile with Correct answer! or Wrong answer!', async () => {
    show(question, 'FACILITATOR');
    expect(await screen.findByRole('heading', { name: 'What do you do first?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Take the lift' }));
    expect(screen.getByText('Wrong answer!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Leave by the nearest exit' }));
    expect(screen.getByText('Correct answer!')).toBeTruthy();
    expect(screen.queryByText('Wrong answer!')).toBeNull();
  });

  it('keeps the script collapsed until asked, for staff only', async () => {
    for (const role of ['SUPER_ADMIN', 'ADMIN', 'FACILITATOR'] as const) {
      const view = show({ ...base, type: 'OTHER' }, role);
      const toggle = await screen.findByRole('button', { name: 'Show script' });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      fireEvent.click(toggle);
      expect(screen.getByRole('button', { name: 'Hide script' }).getAttribute('aria-expanded')).toBe('true');
      expect(screen.getByText('Ask the room first.')).toBeTruthy();
      view.unmount();
    }
    for (const role of ['PLAYER', null] as const) {
      const view = show({ ...base, type: 'OTHER' }, role);
      expect(await screen.findByText('A question about the building')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Show script' })).toBeNull();
      expect(screen.queryByText('Ask the room first.')).toBeNull();
      view.unmount();
    }
  });

  it('shows an image with its description, and a video muted with controls', async () => {
    const image = show({ ...base, type: 'IMAGE', image: { id: 1, url: '/a.png', contentId: 1 } }, 'ADMIN');
    expect((await screen.findByRole('img', { name: 'Fire safety' })).getAttribute('src')).toBe('/a.png');
    expect(screen.getByText('A question about the building')).toBeTruthy();
    image.unmount();
    const { container } = show(
      { ...base, type: 'VIDEO', video: { id: 1, url: '/clip.mp4', contentId: 1 } },
      'ADMIN',
    );
    await screen.findByRole('heading', { name: 'Fire safety' });
    const video = container.querySelector('video')!;
    expect(video.muted).toBe(true);
    expect(video.controls).toBe(true);
    fireEvent.ended(video);
    expect(screen.getByText('Waiting for Facilitator...')).toBeTruthy();
  });

  it("shows 'Waiting for Facilitator...' when the YouTube embed reports the end, trusting only that embed", async () => {
    answerImages('load');
    const { container } = show(
      { ...base, type: 'VIDEO', video: { id: 1, url: 'https://youtu.be/wtl5UrrgU8c', contentId: 1 } },
      'ADMIN',
    );
    await screen.findByRole('heading', { name: 'Fire safety' });
    await waitFor(() => expect(container.querySelector('iframe')).not.toBeNull());
    const iframe = container.querySelector('iframe')!;
    const src = new URL(iframe.src);
    expect(src.origin + src.pathname).toBe('https://www.youtube-nocookie.com/embed/wtl5UrrgU8c');
    expect(Object.fromEntries(src.searchParams)).toMatchObject({
      mute: '1',
      controls: '1',
      enablejsapi: '1',
    });
    const ended = JSON.stringify({ event: 'onStateChange', info: 0 });
    const post = (origin: string, source: Window | null) =>
      act(() => {
        window.dispatchEvent(new MessageEvent('message', { data: ended, origin, source }));
      });
    post('https://evil.example', iframe.contentWindow);
    post('https://www.youtube-nocookie.com', window);
    expect(screen.queryByText('Waiting for Facilitator...')).toBeNull();
    post('https://www.youtube-nocookie.com', iframe.contentWindow);
    expect(screen.getByText('Waiting for Facilitator...')).toBeTruthy();
  });
});

describe('a video that cannot load', () => {
  it("shows the video's title and its link, for a YouTube video out of reach and a file that fails", async () => {
    answerImages('error');
    const youtube = show(
      { ...base, type: 'VIDEO', video: { id: 1, url: 'https://youtu.be/wtl5UrrgU8c', contentId: 1 } },
      'PLAYER',
    );
    await expectVideoFallback('Fire safety', 'https://www.youtube.com/watch?v=wtl5UrrgU8c');
    expect(youtube.container.querySelector('iframe')).toBeNull();
    youtube.unmount();

    const file = show(
      { ...base, type: 'VIDEO', video: { id: 1, url: '/demo/missing.mp4', contentId: 1 } },
      'PLAYER',
    );
    expect(screen.queryByText('This video cannot be played here')).toBeNull();
    fireEvent.error(file.container.querySelector('video')!);
    await expectVideoFallback('Fire safety', '/demo/missing.mp4');
  });
});

describe("content display in the reader's language", () => {
  afterEach(() => activateLanguage('en'));

  it('answers in German on a German staff screen, and waits in French on a French phone', async () => {
    await activateLanguage('de');
    const view = show(question, 'FACILITATOR');
    fireEvent.click(await screen.findByRole('button', { name: 'Take the lift' }));
    expect(screen.getByText('Falsche Antwort!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Leave by the nearest exit' }));
    expect(screen.getByText('Richtige Antwort!')).toBeTruthy();
    view.unmount();
    await activateLanguage('fr');
    const { container } = show(
      { ...base, type: 'VIDEO', video: { id: 1, url: '/clip.mp4', contentId: 1 } },
      'PLAYER',
    );
    await screen.findByRole('heading', { name: 'Fire safety' });
    fireEvent.ended(container.querySelector('video')!);
    expect(screen.getByText("En attente de l'animateur…")).toBeTruthy();
  });
});

describe('helpers', () => {
  it('cuts a script preview at 100 characters', () => {
    expect(scriptPreview('x'.repeat(100))).toBe('x'.repeat(100));
    expect(scriptPreview('y'.repeat(101))).toBe(`${'y'.repeat(100)}…`);
  });
});
