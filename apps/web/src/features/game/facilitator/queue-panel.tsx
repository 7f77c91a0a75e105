import { Button, List, Paper, Text, Title } from '@mantine/core';
import { GAME_TEXTS, type QueueItem } from '@playshop/shared';

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
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="lg" mb="sm">
        Content queue
      </Title>
      {queue === null && <Text c="dimmed">Loading content…</Text>}
      {queue?.length === 0 && <Text fw={600}>{GAME_TEXTS.noContentRemaining}</Text>}
      {queue && queue.length > 0 && (
        <List type="ordered" spacing={4} mb="sm" aria-label="Content queue">
          {queue.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same content can be queued twice
            <List.Item key={`${i}-${item.contentId}`}>{item.title}</List.Item>
          ))}
        </List>
      )}
      <Button fullWidth onClick={onSend} disabled={!canSend || !queue || queue.length === 0}>
        Send Content
      </Button>
    </Paper>
  );
}
