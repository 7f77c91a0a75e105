import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake YouTube Data API v3 (`GET /youtube/v3/playlistItems`) on loopback, so tests never call the
 * real one. It behaves like YouTube where the product depends on it: the key is a query parameter,
 * `maxResults` (default 5, at most 50) sizes a page, `nextPageToken`/`pageToken` walk the pages, a bad
 * key answers 400 and an unknown playlist 404, both with YouTube's error JSON.
 */

export interface FakeVideo {
  title: string;
  videoId: string;
}

export interface FakeYoutubeRequest {
  path: string;
  query: URLSearchParams;
}

export interface FakeYoutube {
  /** The base address to put in YOUTUBE_API_URL (…/youtube/v3). */
  apiUrl: string;
  /** The only key this fake accepts. */
  apiKey: string;
  /** Every request received, in order. */
  requests: FakeYoutubeRequest[];
  /** Sets or replaces a playlist. */
  setPlaylist(playlistId: string, videos: FakeVideo[]): void;
  /** Answers every request with this status (e.g. 500) until cleared with null. */
  failWith(status: number | null): void;
  /** Holds every answer back this long (to test timeouts). */
  delayAnswers(ms: number): void;
  close(): Promise<void>;
}

/** `count` videos titled 'Video 1' … with distinct 11-character ids. */
export function fakeVideos(count: number, prefix = 'Video'): FakeVideo[] {
  return Array.from({ length: count }, (_, i) => ({
    title: `${prefix} ${i + 1}`,
    videoId: `${prefix.replace(/[^A-Za-z0-9]/g, '').slice(0, 4)}${String(i + 1).padStart(7, '0')}`.padEnd(
      11,
      'x',
    ),
  }));
}

function youtubeError(res: ServerResponse, code: number, message: string, reason: string, status: string) {
  res.writeHead(code, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(
    JSON.stringify({
      error: { code, message, errors: [{ message, domain: 'global', reason }], status },
    }),
  );
}

const encodeToken = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');
function decodeToken(token: string): number | null {
  const match = /^offset:(\d+)$/.exec(Buffer.from(token, 'base64url').toString());
  return match ? Number(match[1]) : null;
}

export async function startFakeYoutube(apiKey = 'fake-youtube-key'): Promise<FakeYoutube> {
  const playlists = new Map<string, FakeVideo[]>();
  const requests: FakeYoutubeRequest[] = [];
  let failure: number | null = null;
  let delayMs = 0;

  function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake.youtube');
    requests.push({ path: url.pathname, query: url.searchParams });
    if (failure !== null) {
      return youtubeError(res, failure, 'Backend Error', 'backendError', 'INTERNAL');
    }
    if (req.method !== 'GET' || url.pathname !== '/youtube/v3/playlistItems') {
      return youtubeError(res, 404, 'Not Found', 'notFound', 'NOT_FOUND');
    }
    const q = url.searchParams;
    if (q.get('key') !== apiKey) {
      return youtubeError(
        res,
        400,
        'API key not valid. Please pass a valid API key.',
        'badRequest',
        'INVALID_ARGUMENT',
      );
    }
    if (!(q.get('part') ?? '').split(',').includes('snippet')) {
      return youtubeError(
        res,
        400,
        "No filter selected. Expected one of: 'snippet'",
        'missingRequiredParameter',
        'INVALID_ARGUMENT',
      );
    }
    const maxResults = Number(q.get('maxResults') ?? 5);
    if (!Number.isInteger(maxResults) || maxResults < 0 || maxResults > 50) {
      return youtubeError(res, 400, 'Invalid value for maxResults', 'invalidParameter', 'INVALID_ARGUMENT');
    }
    const playlistId = q.get('playlistId') ?? '';
    const videos = playlists.get(playlistId);
    if (!videos) {
      return youtubeError(
        res,
        404,
        "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
        'playlistNotFound',
        'NOT_FOUND',
      );
    }
    const pageToken = q.get('pageToken');
    const offset = pageToken ? decodeToken(pageToken) : 0;
    if (offset === null) {
      return youtubeError(
        res,
        400,
        'The request specifies an invalid page token.',
        'invalidPageToken',
        'INVALID_ARGUMENT',
      );
    }
    const page = videos.slice(offset, offset + maxResults);
    const next = offset + maxResults < videos.length ? encodeToken(offset + maxResults) : undefined;
    res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(
      JSON.stringify({
        kind: 'youtube#playlistItemListResponse',
        etag: `etag-${offset}`,
        ...(next ? { nextPageToken: next } : {}),
        ...(offset > 0 ? { prevPageToken: encodeToken(Math.max(0, offset - maxResults)) } : {}),
        pageInfo: { totalResults: videos.length, resultsPerPage: maxResults },
        items: page.map((video, i) => ({
          kind: 'youtube#playlistItem',
          etag: `item-${offset + i}`,
          id: `${playlistId}-${offset + i}`,
          snippet: {
            publishedAt: '2024-01-01T00:00:00Z',
            channelId: 'UCfakechannel',
            title: video.title,
            description: '',
            thumbnails: {},
            channelTitle: 'Fake channel',
            playlistId,
            position: offset + i,
            resourceId: { kind: 'youtube#video', videoId: video.videoId },
          },
        })),
      }),
    );
  }

  const server = createServer((req, res) => {
    if (delayMs > 0) setTimeout(() => handle(req, res), delayMs).unref();
    else handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/youtube/v3`,
    apiKey,
    requests,
    setPlaylist: (playlistId, videos) => playlists.set(playlistId, videos),
    failWith: (status) => {
      failure = status;
    },
    delayAnswers: (ms) => {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
