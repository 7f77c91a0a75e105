import { List, Paper, Text, Title } from '@mantine/core';
import type { QueueItem } from '@playshop/shared';
import { memo } from 'react';
import { useT } from '../../../i18n/locale-provider';
import type { GameState } from '../shared/game-reducer';
import { type GameStore, useGame } from '../shared/game-store';
import { GameButton } from './game-button';

/** Send Content is off while the ball is shown, before the game starts and with nothing queued. */
const sendIsOff = (state: GameState) =>
  !state.gameStarted || state.gameState === 'roll' || !state.queue || state.queue.length === 0;

/**
 * Right column: the content queue as the server holds it (what 'Send Content' sends next, in order;
 * the next session's content once the room moves on), and 'No Content Remaining' when it is empty.
 * It renders when the queue changes; a roll turns Send Content off and on again by painting it.
 */
export function QueuePanel({ store, onSend }: { store: GameStore; onSend: () => void }) {
  const t = useT();
  const queue = useGame(store, (state) => state.queue);
  return (
    <Paper withBorder radius="md" p="md">
      <QueueList queue={queue} />
      <GameButton store={store} isOff={sendIsOff} fullWidth onClick={onSend}>
        {t('gameControl.sendContent')}
      </GameButton>
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
