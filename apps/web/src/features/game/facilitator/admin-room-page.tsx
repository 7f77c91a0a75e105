import { Anchor, Badge, Button, Card, Container, Group, List, Stack, Text } from '@mantine/core';
import { GAME_TEXTS } from '@playshop/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../../ui/page-title';
import { toastSuccess } from '../../../ui/toast';
import { ConnectionNotice } from '../board/connection-notice';
import { RouteRoom } from '../board/route-room';
import { SCREEN_TEXTS } from '../board/texts';
import { useGameSocket } from '../board/use-game-socket';
import { facilitatorCommands } from './commands';
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

  return (
    <Container component="main" size="sm" py="xl">
      <Stack gap="md">
        <Anchor component={Link} to={`${base}/admin/rooms`} size="sm">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
          Back to rooms
        </Anchor>
        <PageTitle subtitle={workshop}>{name}</PageTitle>
        <ConnectionNotice status={status} serverProtocolVersion={state.protocolVersion} onRetry={retry} />
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Group gap="xs">
              <Badge size="lg" variant="light" color={state.lobbyOpen ? 'green' : 'gray'} c="dark">
                {state.lobbyOpen ? 'Lobby open' : 'Lobby closed'}
              </Badge>
              {state.gameStarted && (
                <Badge size="lg" variant="light">
                  Game started
                </Badge>
              )}
            </Group>
            <Group>
              <Button
                disabled={state.lobbyOpen}
                onClick={() => {
                  toastSuccess(GAME_TEXTS.openingLobby);
                  commands.openLobby();
                }}
              >
                Open Lobby
              </Button>
              <Button
                disabled={!state.lobbyOpen || state.gameStarted}
                onClick={() => {
                  toastSuccess(GAME_TEXTS.gameStarted);
                  commands.startGame();
                }}
              >
                Start Game
              </Button>
              <ConfirmButton
                color="red"
                variant="light"
                disabled={!state.lobbyOpen}
                confirm={SCREEN_TEXTS.confirmCloseLobby}
                onConfirm={commands.closeLobby}
              >
                Close Lobby
              </ConfirmButton>
            </Group>
            <Text fw={600}>Players ({state.playerCount})</Text>
            {state.playerArr.length > 0 && (
              <List aria-label="Players">
                {state.playerArr.map((p) => (
                  <List.Item key={p.username}>{p.username}</List.Item>
                ))}
              </List>
            )}
            <Anchor component={Link} to={`${base}/facilitator/online/rooms/play-game/${roomId}`}>
              Open the facilitator screen
            </Anchor>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
