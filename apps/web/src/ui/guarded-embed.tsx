import { Anchor, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconVideoOff } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useT } from '../i18n/locale-provider';

/** How long the probe may take before the embed counts as out of reach (a stalled network). */
const PROBE_TIMEOUT_MS = 8000;

type Reach = 'checking' | 'ok' | 'failed';

/**
 * Whether `probeUrl` (an image on the embed's host) loads: a frame never tells the page that it
 * failed, so the host is tried with an image first. No probe: reachable.
 */
function useReach(probeUrl: string | null | undefined): [Reach, () => void] {
  const [reach, setReach] = useState<Reach>(probeUrl ? 'checking' : 'ok');
  useEffect(() => {
    if (!probeUrl) {
      setReach('ok');
      return;
    }
    setReach('checking');
    let settled = false;
    const settle = (result: Reach) => {
      if (settled) return;
      settled = true;
      setReach(result);
    };
    const image = new Image();
    image.onload = () => settle('ok');
    image.onerror = () => settle('failed');
    image.referrerPolicy = 'no-referrer';
    image.src = probeUrl;
    const timer = window.setTimeout(() => settle('failed'), PROBE_TIMEOUT_MS);
    return () => {
      settled = true;
      window.clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
    };
  }, [probeUrl]);
  return [reach, () => setReach('failed')];
}

/** The message shown instead of a video that cannot load: what happened, the title and a link. */
function EmbedFallback({ title, href }: { title: string; href: string }) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="lg" bg="gray.0" role="status">
      <Stack gap="xs" align="center" ta="center">
        <IconVideoOff size={32} aria-hidden color="var(--mantine-color-gray-7)" />
        <Text fw={700}>{t('video.cannotPlay')}</Text>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
        <Anchor href={href} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
          {t('video.open', { title })} <IconExternalLink size={14} aria-hidden />
        </Anchor>
      </Stack>
    </Paper>
  );
}

interface GuardedEmbedProps {
  title: string;
  /** Where the viewer can open the video themselves (the watch page, or the file). */
  href: string;
  /** An image on the embed's host, tried first (YouTube); none for the product's own files. */
  probeUrl?: string | null;
  /** The embed; it calls `onFail` when it reports a failure itself (a <video>'s error event). */
  children: (onFail: () => void) => ReactNode;
}

/**
 * Every video embed of the product (content video view, the player's video in the game, training
 * videos): the embed when it can load, otherwise a clear message with the video's title and link,
 * never a broken frame.
 */
export function GuardedEmbed(props: GuardedEmbedProps) {
  // Another video starts afresh (a failed one before it says nothing about this one).
  return <Guarded key={props.href} {...props} />;
}

function Guarded({ title, href, probeUrl, children }: GuardedEmbedProps) {
  const t = useT();
  const [reach, fail] = useReach(probeUrl);
  if (reach === 'failed') return <EmbedFallback title={title} href={href} />;
  if (reach === 'checking')
    return (
      <Stack align="center" justify="center" mih={120}>
        <Loader size="sm" aria-label={t('video.loading', { title })} />
      </Stack>
    );
  return children(fail);
}
