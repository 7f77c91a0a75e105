import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { PlayerSummary } from '@playshop/shared';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { SCREEN_TEXTS } from '../board/texts';

/**
 * SPEC §2 Lobby screen: room name, player count and list, workshop and current session. While the
 * lobby is open the player says they are ready with one tap (SPEC `ready`): the facilitator's and the
 * presenter's lobby show it beside their name and count who is ready.
 */
export function LobbyView({
  roomName,
  workshopName,
  sessionName,
  players,
  playerCount,
  lobbyOpen,
  isReady = false,
  onReady,
}: {
  roomName: string;
  workshopName: string;
  sessionName: string | null;
  players: PlayerSummary[];
  /** Can exceed the list: past the lobby list limit a player gets the count alone. */
  playerCount: number;
  lobbyOpen: boolean;
  /** This player said Ready (the server's word, or their tap). */
  isReady?: boolean;
  onReady?: () => void;
}) {
  // A big lobby sends players no list (frames.ts LOBBY_LIST_LIMIT): their own tap then says it.
  const [hasTapped, setTapped] = useState(false);
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
        {lobbyOpen &&
          onReady &&
          (isReady || hasTapped ? (
            <Group gap={6} role="status">
              <IconCheck size={20} color="var(--mantine-color-green-9)" aria-hidden />
              <Text fw={700}>{SCREEN_TEXTS.youAreReady}</Text>
            </Group>
          ) : (
            <Button
              // The theme's primary, as every other filled button (green.8 failed axe's contrast).
              size="lg"
              onClick={() => {
                setTapped(true);
                onReady();
              }}
            >
              {SCREEN_TEXTS.imReady}
            </Button>
          ))}
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
              <List.Item key={p.username}>
                {p.username}
                {p.isReady && (
                  <Badge variant="light" color="green" c="dark" ml={6}>
                    {SCREEN_TEXTS.ready}
                  </Badge>
                )}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}
