import { isYoutubeEndedMessage, YOUTUBE_EMBED_ORIGIN, YOUTUBE_LISTENING_MESSAGE } from '@playshop/shared';
import { useEffect } from 'react';

/**
 * Calls `onEnded` when the YouTube embed `iframe` reports that its video ended: the page asks the
 * embed to talk ('listening') once it has loaded, then reads its state messages, trusting only
 * messages from the embed's origin and that very frame.
 */
export function useYoutubeEnded(iframe: HTMLIFrameElement | null, onEnded: () => void) {
  useEffect(() => {
    if (!iframe) return;
    const listen = () => iframe.contentWindow?.postMessage(YOUTUBE_LISTENING_MESSAGE, YOUTUBE_EMBED_ORIGIN);
    const handleMessage = (event: MessageEvent) => {
      if (event.origin !== YOUTUBE_EMBED_ORIGIN || event.source !== iframe.contentWindow) return;
      if (isYoutubeEndedMessage(event.data)) onEnded();
    };
    iframe.addEventListener('load', listen);
    window.addEventListener('message', handleMessage);
    return () => {
      iframe.removeEventListener('load', listen);
      window.removeEventListener('message', handleMessage);
    };
  }, [iframe, onEnded]);
}
