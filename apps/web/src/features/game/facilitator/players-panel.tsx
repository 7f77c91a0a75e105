import { Badge, Group, List, Paper, Text, Title } from '@mantine/core';
import type { PlayerSummary } from '@playshop/shared';
import { useT } from '../../../i18n/locale-provider';
import classes from '../shared/game.module.css';
import { SCREEN_TEXTS } from '../shared/texts';
import { ConfirmButton } from './confirm-button';

/** Left column: the players present, those with bingo highlighted (SPEC §2); each can be removed. */
export function PlayersPanel({
  players,
  playerCount,
  onRemove,
}: {
  players: PlayerSummary[];
  playerCount: number;
  onRemove?: (username: string) => void;
}) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="lg" mb={4}>
        {t('gameControl.playersCount', { count: playerCount })}
      </Title>
      {playerCount > 0 && (
        <Text size="sm" fw={600} mb="sm">
          {SCREEN_TEXTS.readyCount(players.filter((p) => p.isReady).length, playerCount)}
        </Text>
      )}
      {players.length === 0 ? (
        <Text c="dimmed">{t('gameControl.noPlayers')}</Text>
      ) : (
        <List listStyleType="none" spacing={4} aria-label={t('gameControl.players')}>
          {players.map((p) => (
            <List.Item key={p.username} className={p.hasBingo ? classes.winner : undefined} px={6}>
              {/* The name gives way (it wraps); the badges and Remove stay whole. */}
              <Group gap={6} wrap="nowrap">
                <Text fw={p.hasBingo ? 800 : 400} miw={0} style={{ overflowWrap: 'anywhere' }}>
                  {p.username}
                </Text>
                {p.hasBingo && (
                  <Badge color="yellow" c="dark" flex="none">
                    {t('gameControl.bingo')}
                  </Badge>
                )}
                {p.isReady && (
                  <Badge variant="light" color="green" c="dark" flex="none">
                    {SCREEN_TEXTS.ready}
                  </Badge>
                )}
                {onRemove && (
                  <ConfirmButton
                    flex="none"
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    ml="auto"
                    aria-label={t('gameControl.removePlayer', { name: p.username })}
                    confirm={{
                      title: t('gameControl.confirmRemoveTitle', { name: p.username }),
                      body: t('gameControl.confirmRemoveBody', { name: p.username }),
                      confirm: t('gameControl.remove'),
                    }}
                    onConfirm={() => onRemove(p.username)}
                  >
                    {t('gameControl.remove')}
                  </ConfirmButton>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}
