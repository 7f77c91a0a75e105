import { AspectRatio, Button, Card, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { type PlaylistItem, youtubeEmbedUrl, youtubeThumbnailUrl } from '@playshop/shared';
import { IconChevronLeft, IconChevronRight, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../i18n/locale-provider';
import { GuardedEmbed } from '../../ui/guarded-embed';
import { useYoutubeEnded } from '../../ui/use-youtube-ended';
import { reportVideoCompleted } from './training-api';
import classes from './training-player.module.css';

/** The current video and the playlist; Previous/Next stop at the ends (SPEC §4 Training). */
export function TrainingPlayer({ items }: { items: readonly PlaylistItem[] }) {
  const t = useT();
  const [chosen, setChosen] = useState(0);
  // A shorter list after a refetch keeps the index inside it.
  const index = Math.min(chosen, items.length - 1);
  const current = items[index]!;
  const isFirst = index === 0;
  const isLast = index === items.length - 1;
  const playerRef = useRef<HTMLDivElement>(null);

  function choose(i: number) {
    setChosen(i);
    // On a phone the list is below the player: bring the player back into view.
    playerRef.current?.scrollIntoView({ block: 'nearest' });
  }

  return (
    <div className={classes.layout}>
      <Stack gap="md" ref={playerRef}>
        <VideoFrame key={`${index}:${current.url}`} item={current} />
        <div>
          <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
            {current.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t('training.position', { n: index + 1, count: items.length })}
          </Text>
        </div>
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconChevronLeft size={18} aria-hidden className={classes.arrow} />}
            disabled={isFirst}
            onClick={() => setChosen(index - 1)}
          >
            {t('training.previous')}
          </Button>
          <Button
            rightSection={<IconChevronRight size={18} aria-hidden className={classes.arrow} />}
            disabled={isLast}
            onClick={() => setChosen(index + 1)}
          >
            {t('training.next')}
          </Button>
        </Group>
      </Stack>
      <Playlist items={items} index={index} onChoose={choose} />
    </div>
  );
}

/** Every video of the list, numbered, the current one marked; a click plays it. */
function Playlist({
  items,
  index,
  onChoose,
}: {
  items: readonly PlaylistItem[];
  index: number;
  onChoose: (index: number) => void;
}) {
  const t = useT();
  const headingId = useId();
  const playlistRef = useRef<HTMLElement>(null);

  // Keep the current entry in sight inside the scrolling playlist (wide screens), without moving the page.
  useEffect(() => {
    const list = playlistRef.current;
    const entry = list?.querySelectorAll<HTMLElement>('li')[index];
    if (!list || !entry || list.scrollHeight <= list.clientHeight) return;
    const top = entry.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + entry.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = top + entry.offsetHeight - list.clientHeight;
  }, [index]);

  return (
    <Card
      withBorder
      radius="lg"
      padding="sm"
      component="nav"
      aria-label={t('training.playlist')}
      className={classes.playlist}
      ref={playlistRef}
    >
      <Text fw={700} px="xs" pb="xs" id={headingId}>
        {t('training.playlistCount', { count: items.length })}
      </Text>
      <ol className={classes.list} aria-labelledby={headingId}>
        {items.map((item, i) => {
          const isCurrent = i === index;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a playlist may hold one video twice; its position is its identity.
            <li key={`${i}:${item.url}`}>
              <NavLink
                component="button"
                type="button"
                className={classes.item}
                active={isCurrent}
                aria-current={isCurrent ? 'true' : undefined}
                onClick={() => onChoose(i)}
                label={item.title}
                // The list's numbering is for the eye; the <ol> already tells screen readers the position.
                leftSection={
                  <Text component="span" size="sm" w={24} ta="end" aria-hidden>
                    {isCurrent ? <IconPlayerPlayFilled size={14} /> : i + 1}
                  </Text>
                }
              />
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

/**
 * YouTube videos play in the privacy-enhanced embed; any other address in the browser's own player.
 * A video that cannot load says so, with its title and link (ui/guarded-embed).
 */
function VideoFrame({ item }: { item: PlaylistItem }) {
  const t = useT();
  const id = item.videoId;
  // Played to its end: the organization's learning record store hears of it (issue 47), once per showing.
  const reported = useRef(false);
  const handleEnded = useCallback(() => {
    if (reported.current) return;
    reported.current = true;
    reportVideoCompleted(item.url);
  }, [item.url]);
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  useYoutubeEnded(frame, handleEnded);
  return (
    <GuardedEmbed title={item.title} href={item.url} probeUrl={id ? youtubeThumbnailUrl(id) : null}>
      {(onFail) => (
        <AspectRatio ratio={16 / 9}>
          {id ? (
            <iframe
              ref={setFrame}
              className={classes.frame}
              src={youtubeEmbedUrl(id, { enablejsapi: '1', origin: window.location.origin })}
              title={t('training.frame', { title: item.title })}
              allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          ) : (
            // biome-ignore lint/a11y/useMediaCaption: training videos come from admins' addresses; no caption track is known.
            <video
              className={classes.frame}
              src={item.url}
              controls
              preload="metadata"
              onEnded={handleEnded}
              onError={onFail}
              aria-label={t('training.frame', { title: item.title })}
            />
          )}
        </AspectRatio>
      )}
    </GuardedEmbed>
  );
}
