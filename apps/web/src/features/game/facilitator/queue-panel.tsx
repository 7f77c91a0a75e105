import { Button, List, Paper, Text, Title } from '@mantine/core';
import type { QueueItem } from '@playshop/shared';
import { memo } from 'react';
import { useT } from '../../../i18n/locale-provider';

/**
 * Right column: the content queue as the server holds it (what 'Send Content' sends next, in order;
 * the next session's content once the room moves on), and 'No Content Remaining' when it is empty.
 */
export function QueuePanel({
  queue,
  canSend,
  onSend,
}: {
  /** null until the server's snapshot said. */
  queue: QueueItem[] | null;
  canSend: boolean;
  onSend: () => void;
}) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="md">
      <QueueList queue={queue} />
      <Button fullWidth onClick={onSend} disabled={!canSend || !queue || queue.length === 0}>
        {t('gameControl.sendContent')}
      </Button>
    </Paper>
  );
}

/** The queue's title and items: a roll turns Send Content off and on again, not these. */
const QueueList = memo(function QueueList({ queue }: { queue: QueueItem[] | null }) {
  const t = useT();
  return (
    <>
      <Title order={2} fz="lg" mb="sm">
        {t('gameControl.contentQueue')}
      </Title>
      {queue === null && <Text c="dimmed">{t('gameControl.loadingContent')}</Text>}
      {queue?.length === 0 && <Text fw={600}>{t('game.noContentRemaining')}</Text>}
      {queue && queue.length > 0 && (
        <List type="ordered" spacing={4} mb="sm" aria-label={t('gameControl.contentQueue')}>
          {queue.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same content can be queued twice
            <List.Item key={`${i}-${item.contentId}`}>{item.title}</List.Item>
          ))}
        </List>
      )}
    </>
  );
});
