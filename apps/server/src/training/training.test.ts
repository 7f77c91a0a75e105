import { createServer } from 'node:net';
import { english } from '@playshop/messages/english';
import { ROLES, type Role, type TrainingSettings, youtubeVideoId } from '@playshop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { createOrg, createTestContext, signInNewUser, type TestContext } from '../test/context';
import { type FakeYoutube, fakeVideos, startFakeYoutube } from '../test/fake-youtube';
import { youtubeClient } from './youtube';

let youtube: FakeYoutube;
beforeAll(async () => {
  youtube = await startFakeYoutube('the-secret-youtube-key');
});
afterAll(() => youtube.close());

/** A loopback address nothing listens on: connecting fails at once. */
async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}/youtube/v3`;
}

async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('the YouTube client', () => {
  it('follows nextPageToken over 50-item pages, sending the key, and keeps playable videos in order', async () => {
    const videos = fakeVideos(120, 'Long');
    videos[3] = { title: 'Deleted video', videoId: 'gone0000001' };
    videos[60] = { title: 'Private video', videoId: 'priv0000001' };
    youtube.setPlaylist('PLpaged', videos);
    const client = youtubeClient({ apiUrl: youtube.apiUrl, apiKey: youtube.apiKey });
    const before = youtube.requests.length;

    const items = await client.playlistItems('PLpaged');

    const sent = youtube.requests.slice(before);
    expect(sent).toHaveLength(3);
    expect(sent.map((r) => r.query.get('maxResults'))).toEqual(['50', '50', '50']);
    expect(
      sent.every((r) => r.query.get('key') === youtube.apiKey && r.query.get('part') === 'snippet'),
    ).toBe(true);
    expect(sent.every((r) => r.query.get('playlistId') === 'PLpaged')).toBe(true);
    expect(sent[0]!.query.has('pageToken')).toBe(false);
    expect(sent[1]!.query.get('pageToken')).toBeTruthy();
    expect(items).toHaveLength(118);
    expect(items[0]).toEqual({
      title: 'Long 1',
      videoId: videos[0]!.videoId,
      url: `https://www.youtube.com/watch?v=${videos[0]!.videoId}`,
    });
    expect(items.map((i) => i.title)).not.toContain('Deleted video');
    expect(items.map((i) => i.title)).not.toContain('Private video');
    expect(items.at(-1)!.title).toBe('Long 120');
  });

  it('stops at the page limit', async () => {
    youtube.setPlaylist('PLcapped', fakeVideos(130, 'Cap'));
    const client = youtubeClient({ apiUrl: youtube.apiUrl, apiKey: youtube.apiKey, maxPages: 2 });
    expect(await client.playlistItems('PLcapped')).toHaveLength(100);
  });

  it('caches a playlist for the TTL, then asks again', async () => {
    youtube.setPlaylist('PLcached', fakeVideos(3, 'Cached'));
    let clock = 1_000_000;
    const client = youtubeClient({
      apiUrl: youtube.apiUrl,
      apiKey: youtube.apiKey,
      cacheTtlMs: 60_000,
      now: () => clock,
    });
    const before = youtube.requests.length;
    await Promise.all([client.playlistItems('PLcached'), client.playlistItems('PLcached')]);
    await client.playlistItems('PLcached');
    expect(youtube.requests.length - before).toBe(1);

    clock += 61_000;
    youtube.setPlaylist('PLcached', fakeVideos(4, 'Cached'));
    expect(await client.playlistItems('PLcached')).toHaveLength(4);
    expect(youtube.requests.length - before).toBe(2);
  });

  it('serves the stale copy when a refresh fails, and waits a minute before asking again', async () => {
    youtube.setPlaylist('PLstale', fakeVideos(2, 'Stale'));
    let clock = 5_000_000;
    const logged: string[] = [];
    const client = youtubeClient({
      apiUrl: youtube.apiUrl,
      apiKey: youtube.apiKey,
      cacheTtlMs: 60_000,
      now: () => clock,
      log: { warn: (obj: unknown, msg?: string) => logged.push(JSON.stringify(obj) + msg) } as never,
    });
    await client.playlistItems('PLstale');
    clock += 61_000;
    youtube.failWith(500);
    try {
      const before = youtube.requests.length;
      expect((await client.playlistItems('PLstale')).map((i) => i.title)).toEqual(['Stale 1', 'Stale 2']);
      clock += 30_000;
      await client.playlistItems('PLstale');
      expect(youtube.requests.length - before).toBe(1);
    } finally {
      youtube.failWith(null);
    }
    expect(logged.join('\n')).toContain('serving the cached playlist');
    expect(logged.join('\n')).not.toContain(youtube.apiKey);
  });

  it('a bad key is refused (502) without the key in the error or the log', async () => {
    youtube.setPlaylist('PLbadkey', fakeVideos(2));
    const logged: string[] = [];
    const client = youtubeClient({
      apiUrl: youtube.apiUrl,
      apiKey: 'wrong-key-123',
      log: { warn: (obj: unknown, msg?: string) => logged.push(JSON.stringify(obj) + msg) } as never,
    });
    const error = await appErrorOf(client.playlistItems('PLbadkey'));
    expect(error).toMatchObject({ statusCode: 502, code: 'VIDEO_SERVICE_REFUSED' });
    expect(error.message).toBe(english('training.serviceRefused'));
    expect(logged.join('\n')).toContain('badRequest');
    expect(logged.join('\n') + error.message + error.stack).not.toContain('wrong-key-123');
  });

  it('an unknown playlist is refused (502)', async () => {
    const client = youtubeClient({ apiUrl: youtube.apiUrl, apiKey: youtube.apiKey });
    expect((await appErrorOf(client.playlistItems('PLnosuchlist'))).code).toBe('VIDEO_SERVICE_REFUSED');
  });

  it('a network error or a 5xx is unreachable (502), a slow answer times out (504)', async () => {
    const closed = youtubeClient({ apiUrl: await closedPortUrl(), apiKey: 'k' });
    const network = await appErrorOf(closed.playlistItems('PLany'));
    expect(network).toMatchObject({ statusCode: 502, message: english('training.serviceUnreachable') });

    youtube.setPlaylist('PLslow', fakeVideos(1));
    const client = youtubeClient({ apiUrl: youtube.apiUrl, apiKey: youtube.apiKey, timeoutMs: 100 });
    youtube.delayAnswers(1000);
    try {
      const slow = await appErrorOf(client.playlistItems('PLslow'));
      expect(slow).toMatchObject({ statusCode: 504, code: 'VIDEO_SERVICE_TIMEOUT' });
    } finally {
      youtube.delayAnswers(0);
    }

    // A client with time to spare: the 100 ms one above timed out (504) before the 503 came on a busy machine.
    const patient = youtubeClient({ apiUrl: youtube.apiUrl, apiKey: youtube.apiKey, timeoutMs: 10_000 });
    youtube.failWith(503);
    try {
      expect((await appErrorOf(patient.playlistItems('PLslow'))).statusCode).toBe(502);
    } finally {
      youtube.failWith(null);
    }
  });

  it('without a key answers 503 and calls nothing', async () => {
    const before = youtube.requests.length;
    const error = await appErrorOf(youtubeClient({ apiUrl: youtube.apiUrl }).playlistItems('PLany'));
    expect(error).toMatchObject({ statusCode: 503, message: english('training.noApiKey') });
    expect(youtube.requests.length).toBe(before);
  });
});

describe('youtubeVideoId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?list=PL1&v=dQw4w9WgXcQ&t=10', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=3', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://cdn.example.com/training/intro.mp4', null],
    ['https://www.youtube.com/watch?v=short', null],
    ['https://notyoutube.com/watch?v=dQw4w9WgXcQ', null],
    ['not a url', null],
  ])('%s → %s', (url, id) => {
    expect(youtubeVideoId(url)).toBe(id);
  });
});

describe('training API', () => {
  let ctx: TestContext;
  const headersOf = {} as Record<Role, Record<string, string>>;

  beforeAll(async () => {
    ctx = await createTestContext({
      env: { YOUTUBE_API_KEY: youtube.apiKey, YOUTUBE_API_URL: youtube.apiUrl },
    });
    const org = await createOrg(ctx.database);
    for (const role of ROLES) {
      headersOf[role] = (await signInNewUser(ctx, role, org.id)).headers;
    }
  });
  afterAll(() => ctx.close());

  const call = (role: Role | null, method: 'GET' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: role ? headersOf[role] : {},
      ...(payload ? { payload } : {}),
    });

  const none = { kind: 'none' } as const;
  const allNone: TrainingSettings = { SUPER_ADMIN: none, ADMIN: none, FACILITATOR: none, PLAYER: none };

  it('starts with no playlist for any role; everyone signed in reads an empty list', async () => {
    expect((await call('SUPER_ADMIN', 'GET', '/training-settings')).json()).toEqual(allNone);
    for (const role of ROLES) {
      const res = await call(role, 'GET', '/training/playlist');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ role, items: [] });
    }
  });

  it('lets only the super admin read and change the settings; nobody reads a playlist without a token', async () => {
    for (const role of ['ADMIN', 'FACILITATOR', 'PLAYER'] as const) {
      expect((await call(role, 'GET', '/training-settings')).statusCode).toBe(403);
      expect((await call(role, 'PUT', '/training-settings', allNone)).statusCode).toBe(403);
    }
    expect((await call(null, 'GET', '/training-settings')).statusCode).toBe(401);
    expect((await call(null, 'PUT', '/training-settings', allNone)).statusCode).toBe(401);
    expect((await call(null, 'GET', '/training/playlist')).statusCode).toBe(401);
  });

  it('gives every role its own playlist: YouTube pages for one, listed videos for another', async () => {
    youtube.setPlaylist('PLsuperAdmins', fakeVideos(75, 'Super'));
    youtube.setPlaylist('PLfacilitators', fakeVideos(3, 'Facil'));
    const saved: TrainingSettings = {
      SUPER_ADMIN: { kind: 'youtube', playlistId: 'PLsuperAdmins' },
      ADMIN: {
        kind: 'videos',
        videos: [
          { title: 'Welcome', url: 'https://youtu.be/dQw4w9WgXcQ' },
          { title: 'Rooms', url: 'https://www.youtube.com/embed/abcdefghijk' },
          { title: 'Our intro', url: 'https://cdn.example.com/intro.mp4' },
        ],
      },
      FACILITATOR: { kind: 'youtube', playlistId: 'PLfacilitators' },
      PLAYER: {
        kind: 'videos',
        videos: [{ title: 'How to play', url: 'https://www.youtube.com/watch?v=playvideo01' }],
      },
    };
    const put = await call('SUPER_ADMIN', 'PUT', '/training-settings', {
      ...saved,
      PLAYER: {
        kind: 'videos',
        videos: [{ title: '  How to play ', url: ' https://www.youtube.com/watch?v=playvideo01 ' }],
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(saved);
    expect((await call('SUPER_ADMIN', 'GET', '/training-settings')).json()).toEqual(saved);

    const superItems = (await call('SUPER_ADMIN', 'GET', '/training/playlist')).json().items;
    expect(superItems).toHaveLength(75);
    expect(superItems[74].title).toBe('Super 75');

    expect((await call('ADMIN', 'GET', '/training/playlist')).json()).toEqual({
      role: 'ADMIN',
      items: [
        { title: 'Welcome', videoId: 'dQw4w9WgXcQ', url: 'https://youtu.be/dQw4w9WgXcQ' },
        { title: 'Rooms', videoId: 'abcdefghijk', url: 'https://www.youtube.com/embed/abcdefghijk' },
        { title: 'Our intro', videoId: null, url: 'https://cdn.example.com/intro.mp4' },
      ],
    });
    expect(
      (await call('FACILITATOR', 'GET', '/training/playlist'))
        .json()
        .items.map((i: { title: string }) => i.title),
    ).toEqual(['Facil 1', 'Facil 2', 'Facil 3']);
    expect((await call('PLAYER', 'GET', '/training/playlist')).json().items).toEqual([
      { title: 'How to play', videoId: 'playvideo01', url: 'https://www.youtube.com/watch?v=playvideo01' },
    ]);
  });

  it('reads a YouTube playlist once for many page views, and never sends the key to the browser', async () => {
    youtube.setPlaylist('PLcachedApi', fakeVideos(2, 'Again'));
    await call('SUPER_ADMIN', 'PUT', '/training-settings', {
      ...allNone,
      PLAYER: { kind: 'youtube', playlistId: 'PLcachedApi' },
    });
    const before = youtube.requests.length;
    const first = await call('PLAYER', 'GET', '/training/playlist');
    const second = await call('PLAYER', 'GET', '/training/playlist');
    expect(second.json()).toEqual(first.json());
    expect(first.json().items).toHaveLength(2);
    expect(youtube.requests.length - before).toBe(1);
    expect(youtube.requests.at(-1)!.query.get('key')).toBe(youtube.apiKey);
    for (const res of [first, await call('SUPER_ADMIN', 'GET', '/training-settings')]) {
      expect(res.body).not.toContain(youtube.apiKey);
    }
  });

  it('answers an unknown playlist with the refused text', async () => {
    await call('SUPER_ADMIN', 'PUT', '/training-settings', {
      ...allNone,
      ADMIN: { kind: 'youtube', playlistId: 'PLdoesNotExist' },
    });
    const res = await call('ADMIN', 'GET', '/training/playlist');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      code: 'VIDEO_SERVICE_REFUSED',
      message: english('training.serviceRefused'),
      key: 'training.serviceRefused',
    });
  });

  it.each([
    [{ kind: 'youtube', playlistId: 'PL bad id!' }, english('training.playlistIdInvalid')],
    [
      { kind: 'videos', videos: [{ title: 'A', url: 'javascript:alert(1)' }] },
      english('training.urlInvalid'),
    ],
    [
      { kind: 'videos', videos: [{ title: '  ', url: 'https://example.com/a.mp4' }] },
      english('training.titleRequired'),
    ],
  ])('refuses %o with its text', async (source, message) => {
    const res = await call('SUPER_ADMIN', 'PUT', '/training-settings', { ...allNone, FACILITATOR: source });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().field).toMatch(/^FACILITATOR/);
  });

  it('refuses settings missing a role or with an unknown kind', async () => {
    const { PLAYER: _left, ...missing } = allNone;
    expect((await call('SUPER_ADMIN', 'PUT', '/training-settings', missing)).statusCode).toBe(400);
    const odd = await call('SUPER_ADMIN', 'PUT', '/training-settings', {
      ...allNone,
      ADMIN: { kind: 'vimeo' },
    });
    expect(odd.statusCode).toBe(400);
  });

  describe('PUT /public-settings', () => {
    const links = {
      reportIssueUrl: 'https://issues.example.com/new',
      statusUrl: 'mailto:ops@example.com',
      trainingUrl: 'https://learn.example.com',
    };

    it('lets the super admin change the footer and training links, read back by everyone', async () => {
      const res = await call('SUPER_ADMIN', 'PUT', '/public-settings', links);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(links);
      expect((await call(null, 'GET', '/public-settings')).json()).toEqual(links);

      // An empty training link sends the sidebar back to the in-app training page.
      const cleared = await call('SUPER_ADMIN', 'PUT', '/public-settings', { ...links, trainingUrl: ' ' });
      expect(cleared.json().trainingUrl).toBe('');
      expect((await call(null, 'GET', '/public-settings')).json().trainingUrl).toBe('');
    });

    it('refuses addresses that are not web or mail links', async () => {
      const script = await call('SUPER_ADMIN', 'PUT', '/public-settings', {
        ...links,
        reportIssueUrl: 'javascript:alert(1)',
      });
      expect(script.statusCode).toBe(400);
      expect(script.json()).toMatchObject({
        field: 'reportIssueUrl',
        message: english('links.addressInvalid'),
      });
      const empty = await call('SUPER_ADMIN', 'PUT', '/public-settings', { ...links, statusUrl: '' });
      expect(empty.json()).toMatchObject({ field: 'statusUrl', message: english('links.addressInvalid') });
      const mailTraining = await call('SUPER_ADMIN', 'PUT', '/public-settings', {
        ...links,
        trainingUrl: 'mailto:a@b.c',
      });
      expect(mailTraining.json()).toMatchObject({
        field: 'trainingUrl',
        message: english('links.trainingAddressInvalid'),
      });
    });

    it('is for the super admin only', async () => {
      for (const role of ['ADMIN', 'FACILITATOR', 'PLAYER'] as const) {
        expect((await call(role, 'PUT', '/public-settings', links)).statusCode).toBe(403);
      }
      expect((await call(null, 'PUT', '/public-settings', links)).statusCode).toBe(401);
    });
  });
});

describe('training API when YouTube cannot be used', () => {
  async function playlistWith(env: Record<string, string>) {
    const ctx = await createTestContext({ env });
    try {
      const org = await createOrg(ctx.database);
      const root = await signInNewUser(ctx, 'SUPER_ADMIN', org.id);
      const none = { kind: 'none' };
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/training-settings',
        headers: root.headers,
        payload: {
          SUPER_ADMIN: { kind: 'youtube', playlistId: 'PLpaged' },
          ADMIN: none,
          FACILITATOR: none,
          PLAYER: none,
        },
      });
      return await ctx.app.inject({ method: 'GET', url: '/api/v1/training/playlist', headers: root.headers });
    } finally {
      await ctx.close();
    }
  }

  it('a bad key: 502 with the refused text, the key nowhere in the reply', async () => {
    const res = await playlistWith({ YOUTUBE_API_KEY: 'not-the-right-key', YOUTUBE_API_URL: youtube.apiUrl });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(english('training.serviceRefused'));
    expect(res.body).not.toContain('not-the-right-key');
  });

  it('a network error: 502 with the unreachable text', async () => {
    const res = await playlistWith({ YOUTUBE_API_KEY: 'k', YOUTUBE_API_URL: await closedPortUrl() });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      code: 'VIDEO_SERVICE_UNREACHABLE',
      message: english('training.serviceUnreachable'),
      key: 'training.serviceUnreachable',
    });
  });

  it('no key: 503 naming YOUTUBE_API_KEY', async () => {
    const res = await playlistWith({ YOUTUBE_API_URL: youtube.apiUrl });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(english('training.noApiKey'));
  });
});
