import { message, PLAYLIST_PAGE_SIZE, type PlaylistItem } from '@playshop/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError } from '../http/errors';

interface YoutubeClientOptions {
  /** e.g. https://www.googleapis.com/youtube/v3, without a trailing slash. */
  apiUrl: string;
  /** YOUTUBE_API_KEY; without it every call answers 503. */
  apiKey?: string;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Per page request. */
  timeoutMs?: number;
  /** How long an answer is served without asking YouTube again. */
  cacheTtlMs?: number;
  /** Playlists kept in the cache; the least recently fetched goes first. */
  maxCachedPlaylists?: number;
  /** Pages followed per playlist (50 items each); a longer playlist is cut there. */
  maxPages?: number;
  now?: () => number;
}

/** The part of a playlistItems reply we read (SPEC §3 Video playlist item: snippet title, resourceId videoId). */
const ZPlaylistItemsPage = z.object({
  items: z
    .array(
      z.object({
        snippet: z
          .object({
            title: z.string().default(''),
            resourceId: z.object({ videoId: z.string().optional() }).partial().optional(),
          })
          .optional(),
      }),
    )
    .default([]),
  nextPageToken: z.string().optional(),
});

/** After a failed refresh, the stale copy is served this long before YouTube is asked again. */
const STALE_RETRY_MS = 60_000;

/** Titles YouTube gives entries that can no longer be played. */
const UNPLAYABLE_TITLES = new Set(['Deleted video', 'Private video']);

const noApiKey = () => new AppError('VIDEO_SERVICE_NO_KEY', 503, message('training.noApiKey'));
const refused = () => new AppError('VIDEO_SERVICE_REFUSED', 502, message('training.serviceRefused'));
const unreachable = () =>
  new AppError('VIDEO_SERVICE_UNREACHABLE', 502, message('training.serviceUnreachable'));
const timedOut = () => new AppError('VIDEO_SERVICE_TIMEOUT', 504, message('training.serviceUnreachable'));

interface CacheEntry {
  items: PlaylistItem[];
  fetchedAt: number;
}

/** One page of a playlist's items, or the refusal a training page shows. */
async function fetchPage(
  { apiUrl, timeoutMs, log }: { apiUrl: string; timeoutMs: number; log: YoutubeClientOptions['log'] },
  playlistId: string,
  key: string,
  pageToken?: string,
) {
  const query = new URLSearchParams({
    part: 'snippet',
    playlistId,
    key,
    maxResults: String(PLAYLIST_PAGE_SIZE),
  });
  if (pageToken) query.set('pageToken', pageToken);
  let response: Response;
  try {
    response = await fetch(`${apiUrl}/playlistItems?${query}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const name = (error as Error).name;
    throw name === 'TimeoutError' || name === 'AbortError' ? timedOut() : unreachable();
  }
  if (response.status >= 400 && response.status < 500) {
    // A bad key, an unknown or private playlist: asking again will not help.
    const reason = await youtubeErrorReason(response);
    log?.warn({ playlistId, status: response.status, reason }, 'YouTube refused a playlist request');
    throw refused();
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw unreachable();
  }
  const parsed = ZPlaylistItemsPage.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw unreachable();
  return parsed.data;
}

/**
 * Reads YouTube playlists through the Data API's playlistItems (SPEC §7 Video service), server-side so
 * the key never reaches a browser. Answers are cached per playlist; when a refresh fails, the last good
 * answer is served rather than an error (a training page should survive a YouTube hiccup).
 * Nothing here logs or throws the request address: it carries the key.
 */
export function youtubeClient(options: YoutubeClientOptions) {
  const {
    apiUrl,
    apiKey,
    log,
    timeoutMs = 10_000,
    cacheTtlMs = 10 * 60_000,
    maxCachedPlaylists = 200,
    maxPages = 20,
    now = Date.now,
  } = options;
  const cache = new Map<string, CacheEntry>();
  // Concurrent readers of one playlist share one fetch.
  const inFlight = new Map<string, Promise<PlaylistItem[]>>();

  async function fetchPlaylist(playlistId: string, key: string): Promise<PlaylistItem[]> {
    const items: PlaylistItem[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < maxPages; page += 1) {
      const reply = await fetchPage({ apiUrl, timeoutMs, log }, playlistId, key, pageToken);
      for (const entry of reply.items) {
        const title = entry.snippet?.title ?? '';
        const videoId = entry.snippet?.resourceId?.videoId;
        if (!videoId || UNPLAYABLE_TITLES.has(title)) continue;
        items.push({ title, videoId, url: `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}` });
      }
      pageToken = reply.nextPageToken;
      if (!pageToken) return items;
    }
    log?.warn({ playlistId, maxPages }, 'YouTube playlist cut at the page limit');
    return items;
  }

  function remember(playlistId: string, items: PlaylistItem[]) {
    cache.delete(playlistId);
    cache.set(playlistId, { items, fetchedAt: now() });
    // Map keeps insertion order: the first key is the least recently fetched.
    while (cache.size > maxCachedPlaylists) cache.delete(cache.keys().next().value as string);
  }

  return {
    /** The playable videos of a playlist, in playlist order. */
    async playlistItems(playlistId: string): Promise<PlaylistItem[]> {
      if (!apiKey) throw noApiKey();
      const cached = cache.get(playlistId);
      if (cached && now() - cached.fetchedAt < cacheTtlMs) return cached.items;

      let pending = inFlight.get(playlistId);
      if (!pending) {
        pending = fetchPlaylist(playlistId, apiKey).finally(() => inFlight.delete(playlistId));
        inFlight.set(playlistId, pending);
      }
      try {
        const items = await pending;
        remember(playlistId, items);
        return items;
      } catch (error) {
        if (!cached) throw error;
        // Ask YouTube again in a minute, not on every page view while it is down.
        cache.set(playlistId, { items: cached.items, fetchedAt: now() - cacheTtlMs + STALE_RETRY_MS });
        log?.warn(
          { playlistId, code: error instanceof AppError ? error.code : 'UNKNOWN' },
          'YouTube refresh failed; serving the cached playlist',
        );
        return cached.items;
      }
    },
  };
}

export type YoutubeClient = ReturnType<typeof youtubeClient>;

/** YouTube's error reason ('keyInvalid', 'playlistNotFound', …) for the log; never the message text. */
async function youtubeErrorReason(response: Response): Promise<string | undefined> {
  const body = (await response.json().catch(() => null)) as {
    error?: { errors?: { reason?: unknown }[]; status?: unknown };
  } | null;
  const reason = body?.error?.errors?.[0]?.reason ?? body?.error?.status;
  return typeof reason === 'string' ? reason.slice(0, 80) : undefined;
}
