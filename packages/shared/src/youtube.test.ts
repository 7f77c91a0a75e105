import { describe, expect, it } from 'vitest';
import { isYoutubeEndedMessage, youtubeEmbedUrl, youtubeVideoId } from './youtube';

describe('YouTube addresses', () => {
  it('reads video ids from watch, short, embed and shorts addresses only', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=wtl5UrrgU8c',
      'https://youtu.be/wtl5UrrgU8c',
      'https://www.youtube-nocookie.com/embed/wtl5UrrgU8c',
      'https://youtube.com/shorts/wtl5UrrgU8c',
    ]) {
      expect(youtubeVideoId(url), url).toBe('wtl5UrrgU8c');
    }
    expect(youtubeVideoId('https://example.com/clip.mp4')).toBeNull();
    expect(youtubeVideoId('https://evil.example/watch?v=wtl5UrrgU8c')).toBeNull();
  });

  it('builds the privacy-enhanced embed address with player parameters', () => {
    expect(youtubeEmbedUrl('wtl5UrrgU8c')).toBe('https://www.youtube-nocookie.com/embed/wtl5UrrgU8c');
    expect(youtubeEmbedUrl('wtl5UrrgU8c', { mute: '1', enablejsapi: '1' })).toBe(
      'https://www.youtube-nocookie.com/embed/wtl5UrrgU8c?mute=1&enablejsapi=1',
    );
  });

  it("recognises the embed's 'ended' state (0) and nothing else", () => {
    expect(isYoutubeEndedMessage('{"event":"onStateChange","info":0}')).toBe(true);
    expect(isYoutubeEndedMessage({ event: 'infoDelivery', info: { playerState: 0 } })).toBe(true);
    expect(isYoutubeEndedMessage('{"event":"onStateChange","info":1}')).toBe(false);
    expect(isYoutubeEndedMessage({ event: 'infoDelivery', info: { currentTime: 3 } })).toBe(false);
    expect(isYoutubeEndedMessage('not json')).toBe(false);
    expect(isYoutubeEndedMessage(null)).toBe(false);
  });
});
