import { Box, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type GameContent,
  SMALL_SCREEN_PX,
  youtubeEmbedUrl,
  youtubeThumbnailUrl,
  youtubeVideoId,
  youtubeWatchUrl,
} from '@playshop/shared';
import { useCallback, useState } from 'react';
import { useT } from '../../../i18n/locale-provider';
import { GuardedEmbed } from '../../../ui/guarded-embed';
import { useYoutubeEnded } from '../../../ui/use-youtube-ended';
import classes from './display.module.css';
import { ContentHeading } from './script-panel';

/**
 * SPEC §2 Video view: optional script and a player with no volume and its controls on, 400 px wide on
 * small screens and 640 otherwise. A video (a file, or on YouTube) that ends shows
 * 'Waiting for Facilitator...'.
 */
export function VideoView({ content, width }: { content: GameContent; width?: number | string }) {
  const t = useT();
  const isSmall = useMediaQuery(`(max-width: ${SMALL_SCREEN_PX - 1}px)`);
  const [hasEnded, setHasEnded] = useState(false);
  // The frame mounts once YouTube is known to be reachable, so the hook follows the element itself.
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const url = content.video?.url ?? '';
  const id = youtubeVideoId(url);
  const handleEnded = useCallback(() => setHasEnded(true), []);
  useYoutubeEnded(frame, handleEnded);
  return (
    <Stack gap="md">
      <ContentHeading script={content.script}>{content.title}</ContentHeading>
      <Box maw={width ?? (isSmall ? 400 : 640)} w="100%">
        {hasEnded ? (
          <Text fw={600} py="xl" ta="center">
            {t('show.waiting')}
          </Text>
        ) : (
          <GuardedEmbed
            title={content.title}
            href={id ? youtubeWatchUrl(id) : url}
            probeUrl={id ? youtubeThumbnailUrl(id) : null}
          >
            {(onFail) => (
              <div className={classes.player}>
                {id ? (
                  <iframe
                    ref={setFrame}
                    title={content.title}
                    src={youtubeEmbedUrl(id, {
                      mute: '1',
                      controls: '1',
                      rel: '0',
                      enablejsapi: '1',
                      origin: window.location.origin,
                    })}
                    allow="autoplay; encrypted-media; picture-in-picture"
                    allowFullScreen
                  />
                ) : (
                  <video
                    src={url}
                    controls
                    muted
                    playsInline
                    onEnded={handleEnded}
                    onError={onFail}
                    title={content.title}
                  />
                )}
              </div>
            )}
          </GuardedEmbed>
        )}
      </Box>
    </Stack>
  );
}
