import { Box, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CONTENT_TEXTS, type ContentReply, SMALL_SCREEN_PX } from '@playshop/shared';
import { useState } from 'react';
import classes from './display.module.css';
import { ScriptPanel } from './script-panel';

/** The YouTube id of a watch, short or embed address, or null for any other address. */
export function youTubeId(url: string): string | null {
  const match = url.match(
    /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{6,20})/,
  );
  return match?.[1] ?? null;
}

/**
 * SPEC §2 Video view: optional script and a player with no volume and its controls on, 400 px wide on
 * small screens and 640 otherwise. A video file that ends shows 'Waiting for Facilitator...'.
 */
export function VideoView({ content, width }: { content: ContentReply; width?: number }) {
  const isSmall = useMediaQuery(`(max-width: ${SMALL_SCREEN_PX - 1}px)`);
  const [hasEnded, setHasEnded] = useState(false);
  const url = content.video?.url ?? '';
  const id = youTubeId(url);
  return (
    <Stack gap="md">
      <ScriptPanel script={content.script} />
      <Title order={2} fz={{ base: 'lg', sm: 'xl' }}>
        {content.title}
      </Title>
      <Box maw={width ?? (isSmall ? 400 : 640)} w="100%">
        {hasEnded ? (
          <Text fw={600} py="xl" ta="center">
            {CONTENT_TEXTS.waitingForFacilitator}
          </Text>
        ) : (
          <div className={classes.player}>
            {id ? (
              <iframe
                title={content.title}
                src={`https://www.youtube-nocookie.com/embed/${id}?mute=1&controls=1&rel=0`}
                allow="autoplay; encrypted-media; picture-in-picture"
                allowFullScreen
              />
            ) : (
              <video
                src={url}
                controls
                muted
                playsInline
                onEnded={() => setHasEnded(true)}
                title={content.title}
              />
            )}
          </div>
        )}
      </Box>
    </Stack>
  );
}
