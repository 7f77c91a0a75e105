import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { PlayerSummary } from '@playshop/shared';
import { IconCheck } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useT } from '../../../i18n/locale-provider';
import { SCREEN_TEXTS } from '../shared/texts';

/** 'I'm ready', then 'You are ready' in its place. */
function ReadyButton({ isReady, onReady }: { isReady: boolean; onReady: () => void }) {
  // A big lobby sends players no list (frames.ts LOBBY_LIST_LIMIT): their own tap then says it.
  const [hasTapped, setTapped] = useState(false);
  if (isReady || hasTapped) {
    return (
      <Group gap={6} role="status">
        <IconCheck size={20} color="var(--mantine-color-green-9)" aria-hidden />
        <Text fw={700}>{SCREEN_TEXTS.youAreReady}</Text>
      </Group>
    );
  }
  return (
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
  );
}

/**
 * SPEC §2 Lobby screen: room name, player count and list, workshop and current session. While the
 * lobby is open the player says they are ready with one tap (SPEC `ready`): the facilitator's and the
 * presenter's lobby show it beside their name and count who is ready. Memoised: the phone's screen
 * renders it with every frame.
 */
export const LobbyView = memo(function LobbyView({
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
  const t = useT();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="xl">
          {roomName}
        </Title>
        <Text>
          {t('player.workshop')} <strong>{workshopName}</strong>
        </Text>
        {sessionName && (
          <Text>
            {t('player.sessionLabel')} <strong>{sessionName}</strong>
          </Text>
        )}
        <Badge variant="light" size="lg" color={lobbyOpen ? 'green' : 'gray'} c="dark">
          {lobbyOpen ? t('player.lobbyOpen') : t('player.lobbyClosed')}
        </Badge>
        {lobbyOpen && onReady && <ReadyButton isReady={isReady} onReady={onReady} />}
        <Title order={3} fz="md">
          {t('player.players', { count: playerCount })}
        </Title>
        {playerCount === 0 ? (
          <Text c="dimmed">{t('player.noPlayersYet')}</Text>
        ) : players.length === 0 ? (
          <Text c="dimmed">{t('player.tooManyPlayers')}</Text>
        ) : (
          <List spacing={4} aria-label={t('player.playersInLobby')}>
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
});
