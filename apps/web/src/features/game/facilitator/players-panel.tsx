import { Badge, Group, List, Paper, Text, Title } from '@mantine/core';
import type { PlayerSummary } from '@playshop/shared';
import classes from '../board/game.module.css';
import { SCREEN_TEXTS } from '../board/texts';
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
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="lg" mb={4}>
        Players ({playerCount})
      </Title>
      {playerCount > 0 && (
        <Text size="sm" fw={600} mb="sm">
          {SCREEN_TEXTS.readyCount(players.filter((p) => p.isReady).length, playerCount)}
        </Text>
      )}
      {players.length === 0 ? (
        <Text c="dimmed">No players yet</Text>
      ) : (
        <List listStyleType="none" spacing={4} aria-label="Players">
          {players.map((p) => (
            <List.Item key={p.username} className={p.hasBingo ? classes.winner : undefined} px={6}>
              {/* The name gives way (it wraps); the badges and Remove stay whole. */}
              <Group gap={6} wrap="nowrap">
                <Text fw={p.hasBingo ? 800 : 400} miw={0} style={{ overflowWrap: 'anywhere' }}>
                  {p.username}
                </Text>
                {p.hasBingo && (
                  <Badge color="yellow" c="dark" flex="none">
                    Bingo
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
                    aria-label={`Remove ${p.username}`}
                    confirm={SCREEN_TEXTS.confirmRemovePlayer(p.username)}
                    onConfirm={() => onRemove(p.username)}
                  >
                    Remove
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
