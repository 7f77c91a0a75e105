import { Anchor, Badge, Button, Card, Container, Group, List, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useT } from '../../../i18n/locale-provider';
import { PageTitle } from '../../../ui/page-title';
import { toastSuccess } from '../../../ui/toast';
import { ConnectionNotice } from '../shared/connection-notice';
import type { GameState } from '../shared/game-reducer';
import { RouteRoom } from '../shared/route-room';
import { useGameSocket } from '../shared/use-game-socket';
import { type FacilitatorCommands, facilitatorCommands } from './commands';
import { ConfirmButton } from './confirm-button';

/** `{org}/admin/rooms/play-game/{roomId}`: the admin room view (Open Lobby, Start Game, Close Lobby). */
export function AdminRoomPage() {
  const org = useParams().org ?? '';
  return (
    <RouteRoom>
      {(room) => <AdminRoom org={org} roomId={room.id} name={room.name} workshop={room.workshop.name} />}
    </RouteRoom>
  );
}

/** Open Lobby, Start Game and Close Lobby (confirmed first: it ends the game for everyone). */
function LobbyButtons({ state, commands }: { state: GameState; commands: FacilitatorCommands }) {
  const t = useT();
  /** Says what is happening, then does it. */
  const saying = (text: string, command: () => void) => () => {
    toastSuccess(text);
    command();
  };
  return (
    <Group>
      <Button disabled={state.lobbyOpen} onClick={saying(t('game.openingLobby'), commands.openLobby)}>
        {t('gameControl.openLobby')}
      </Button>
      <Button
        disabled={!state.lobbyOpen || state.gameStarted}
        onClick={saying(t('game.gameStarted'), commands.startGame)}
      >
        {t('gameControl.startGame')}
      </Button>
      <ConfirmButton
        color="red"
        variant="light"
        disabled={!state.lobbyOpen}
        confirm="CloseLobby"
        onConfirm={commands.closeLobby}
      >
        {t('gameControl.closeLobby')}
      </ConfirmButton>
    </Group>
  );
}

function AdminRoom({
  org,
  roomId,
  name,
  workshop,
}: {
  org: string;
  roomId: number;
  name: string;
  workshop: string;
}) {
  const { state, status, send, retry } = useGameSocket(roomId);
  const commands = useMemo(() => facilitatorCommands(roomId, send), [roomId, send]);
  const base = `/${encodeURIComponent(org)}`;
  const t = useT();

  return (
    <Container component="main" size="sm" py="xl">
      <Stack gap="md">
        <Anchor component={Link} to={`${base}/admin/rooms`} size="sm">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
          {t('gameControl.backToRooms')}
        </Anchor>
        <PageTitle subtitle={workshop}>{name}</PageTitle>
        <ConnectionNotice status={status} serverProtocolVersion={state.protocolVersion} onRetry={retry} />
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Group gap="xs">
              <Badge size="lg" variant="light" color={state.lobbyOpen ? 'green' : 'gray'} c="dark">
                {state.lobbyOpen ? t('gameControl.lobbyOpen') : t('gameControl.lobbyClosed')}
              </Badge>
              {state.gameStarted && (
                <Badge size="lg" variant="light">
                  {t('gameControl.gameStarted')}
                </Badge>
              )}
            </Group>
            <LobbyButtons state={state} commands={commands} />
            <Text fw={600}>{t('gameControl.playersCount', { count: state.playerCount })}</Text>
            {state.playerArr.length > 0 && (
              <List aria-label={t('gameControl.players')}>
                {state.playerArr.map((p) => (
                  <List.Item key={p.username}>{p.username}</List.Item>
                ))}
              </List>
            )}
            <Anchor component={Link} to={`${base}/facilitator/online/rooms/play-game/${roomId}`}>
              {t('gameControl.openFacilitatorScreen')}
            </Anchor>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
