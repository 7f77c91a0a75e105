/**
 * YouTube addresses, shared by the training player and the content library's video view. Videos
 * play in the privacy-enhanced embed; its end is learnt from the embed's own postMessage events
 * (the 'widget' protocol YouTube's iframe API script speaks), so no YouTube script is loaded.
 */
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The YouTube video id of a watch (youtube.com/watch?v=…), short (youtu.be/…), embed (/embed/…) or
 * shorts (/shorts/…) address; null for any other address, which then plays as a plain video file.
 */
export function youtubeVideoId(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(www|m|music)\./, '');
  let candidate: string | null | undefined = null;
  if (host === 'youtu.be') candidate = url.pathname.split('/')[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, first, second] = url.pathname.split('/');
    if (first === 'watch') candidate = url.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts' || first === 'live') candidate = second;
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

/** The privacy-enhanced embed of a video (no cookies until the user plays), with player parameters. */
export function youtubeEmbedUrl(videoId: string, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params).toString();
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}${query ? `?${query}` : ''}`;
}

/** Where the embed's messages come from. */
export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/** The message that asks an embed (loaded with `enablejsapi=1`) to report its state to the page. */
export const YOUTUBE_LISTENING_MESSAGE = JSON.stringify({ event: 'listening', id: 1, channel: 'widget' });

/** True when an embed's message says the video ended (player state 0). */
export function isYoutubeEndedMessage(data: unknown): boolean {
  let message: unknown = data;
  if (typeof data === 'string') {
    try {
      message = JSON.parse(data);
    } catch {
      return false;
    }
  }
  if (!message || typeof message !== 'object') return false;
  const { event, info } = message as { event?: unknown; info?: unknown };
  if (event === 'onStateChange') return info === 0;
  if (event === 'infoDelivery' && info && typeof info === 'object') {
    return (info as { playerState?: unknown }).playerState === 0;
  }
  return false;
}

/** The watch page of a video: where the 'cannot load' message sends the viewer. */
export const youtubeWatchUrl = (videoId: string): string =>
  `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;

/**
 * A small image of the video on YouTube's image host. The page loads it to learn whether YouTube can
 * be reached at all: an embed's frame reports no failure to the page.
 */
export const youtubeThumbnailUrl = (videoId: string): string =>
  `https://i.ytimg.com/vi/${encodeURIComponent(videoId)}/default.jpg`;
