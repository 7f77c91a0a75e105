import { Badge, Group, List, Paper, Text, Title } from '@mantine/core';
import type { PlayerSummary } from '@playshop/shared';
import classes from '../game.module.css';

/** Left column: the players present, those with bingo highlighted (SPEC §2). */
export function PlayersPanel({ players, playerCount }: { players: PlayerSummary[]; playerCount: number }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="lg" mb="sm">
        Players ({playerCount})
      </Title>
      {players.length === 0 ? (
        <Text c="dimmed">No players yet</Text>
      ) : (
        <List listStyleType="none" spacing={4} aria-label="Players">
          {players.map((p) => (
            <List.Item key={p.username} className={p.hasBingo ? classes.winner : undefined} px={6}>
              <Group gap={6} wrap="nowrap">
                <Text fw={p.hasBingo ? 800 : 400}>{p.username}</Text>
                {p.hasBingo && (
                  <Badge color="yellow" c="dark">
                    Bingo
                  </Badge>
                )}
                {p.isReady && <Badge variant="light">Ready</Badge>}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}
