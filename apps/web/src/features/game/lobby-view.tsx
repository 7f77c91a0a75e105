import { Badge, Card, List, Stack, Text, Title } from '@mantine/core';
import type { PlayerSummary } from '@playshop/shared';

/** SPEC §2 Lobby screen: room name, player count and list, workshop and current session. */
export function LobbyView({
  roomName,
  workshopName,
  sessionName,
  players,
  playerCount,
  lobbyOpen,
}: {
  roomName: string;
  workshopName: string;
  sessionName: string | null;
  players: PlayerSummary[];
  /** Can exceed the list: past the lobby list limit a player gets the count alone. */
  playerCount: number;
  lobbyOpen: boolean;
}) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="xl">
          {roomName}
        </Title>
        <Text>
          Workshop: <strong>{workshopName}</strong>
        </Text>
        {sessionName && (
          <Text>
            Session: <strong>{sessionName}</strong>
          </Text>
        )}
        <Badge variant="light" size="lg" color={lobbyOpen ? 'green' : 'gray'} c="dark">
          {lobbyOpen ? 'Lobby open' : 'Lobby closed'}
        </Badge>
        <Title order={3} fz="md">
          Players ({playerCount})
        </Title>
        {playerCount === 0 ? (
          <Text c="dimmed">No players yet</Text>
        ) : players.length === 0 ? (
          <Text c="dimmed">Too many players to list here.</Text>
        ) : (
          <List spacing={4} aria-label="Players in the lobby">
            {players.map((p) => (
              <List.Item key={p.username}>{p.username}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}
