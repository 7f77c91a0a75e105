import { Alert, Badge, Box, Button, Container, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import type { RoomReply } from '@playshop/shared';
import { IconDownload, IconPlayerPlay } from '@tabler/icons-react';
import { memo, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useT } from '../../../i18n/locale-provider';
import { focusMain } from '../../../ui/keep-focus';
import { PageTitle } from '../../../ui/page-title';
import { toastSuccess } from '../../../ui/toast';
import { useEvent } from '../../../ui/use-event';
import { useOrganization } from '../../organizations/organizations-api';
import { downloadRoomReport } from '../../rooms/rooms-api';
import { VerifyCardPanel } from '../../rooms/verify-card-form';
import { RollAnnouncer } from '../shared/bingo-board';
import { ConnectionNotice } from '../shared/connection-notice';
import classes from '../shared/game.module.css';
import type { GameState } from '../shared/game-reducer';
import { RouteRoom } from '../shared/route-room';
import { useGameSocket } from '../shared/use-game-socket';
import { useWakeLock } from '../shared/use-wake-lock';
import { CentrePanel } from './centre-panel';
import { type FacilitatorCommands, facilitatorCommands } from './commands';
import { ControlBar } from './control-bar';
import { JoinCode } from './join-code';
import { PlayersPanel } from './players-panel';
import { PointsPanel } from './points-panel';
import { QueuePanel } from './queue-panel';

/** `{org}/facilitator/online/rooms/play-game/{roomId}`: the facilitator game screen of SPEC §2. */
export function FacilitatorGamePage() {
  const org = useParams().org ?? '';
  return <RouteRoom>{(room) => <FacilitatorGame org={org} room={room} />}</RouteRoom>;
}

// The screen renders with every frame; these parts render again only when their own facts change,
// so a roll renders the balls, the count and the Roll button (issue 46).
const Players = memo(PlayersPanel);
const Points = memo(PointsPanel);
const Queue = memo(QueuePanel);
const VerifyCard = memo(VerifyCardPanel);

/** The room's name, session and state, its join code and the report. */
const RoomHeader = memo(function RoomHeader({
  room,
  sessionName,
  lobbyOpen,
  gameStarted,
}: {
  room: RoomReply;
  sessionName: string | null;
  lobbyOpen: boolean;
  gameStarted: boolean;
}) {
  const t = useT();
  return (
    <Group justify="space-between" align="flex-start">
      {/* A long name wraps between its words (break-word, not anywhere): none is cut mid-word (issue 42). */}
      <div style={{ minWidth: 0, flex: '1 1 14rem' }}>
        <PageTitle fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'break-word' }}>
          {room.name}
        </PageTitle>
        <Text c="dimmed">
          {room.workshop.name}
          {sessionName ? ` · ${sessionName}` : ''}
        </Text>
      </div>
      <Group gap="xs">
        <Badge color={lobbyOpen ? 'green' : 'gray'} c="dark" variant="light" size="lg">
          {gameStarted
            ? t('gameControl.gameOn')
            : lobbyOpen
              ? t('gameControl.lobbyOpen')
              : t('gameControl.lobbyClosed')}
        </Badge>
        <JoinCode roomName={room.name} />
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          onClick={() => void downloadRoomReport(room.id, room.name)}
        >
          {t('gameControl.downloadReport')}
        </Button>
      </Group>
    </Group>
  );
});

/**
 * Players on the left, balls, win, timer and content in the centre, the content queue on the right.
 * The grid renders with every frame; the panels in it only when their own facts change.
 */
function Panels({
  roomId,
  state,
  commands,
}: {
  roomId: number;
  state: GameState;
  commands: FacilitatorCommands;
}) {
  return (
    <Grid gutter="md">
      <Grid.Col span={SIDE_SPAN}>
        <Stack gap="md">
          <Players
            players={state.playerArr}
            playerCount={state.playerCount}
            onRemove={commands.removePlayer}
          />
          {state.gameStarted && <Points points={state.points} onShow={commands.setPointsTable} />}
        </Stack>
      </Grid.Col>
      <Grid.Col span={CENTRE_SPAN}>
        <Paper withBorder radius="md" p="md" mih={320}>
          <CentrePanel
            state={state}
            onCloseWin={commands.backToBingo}
            onCloseQuestion={commands.closeQuestion}
            onRevealAnswer={commands.revealAnswer}
          />
        </Paper>
      </Grid.Col>
      <Grid.Col span={SIDE_SPAN}>
        <Queue
          queue={state.queue}
          canSend={state.gameStarted && state.gameState !== 'roll'}
          onSend={commands.sendNextContent}
        />
        <VerifyCard roomId={roomId} />
      </Grid.Col>
    </Grid>
  );
}

// One object each, so Mantine's Grid.Col is handed the same span on every render.
const SIDE_SPAN = { base: 12, md: 3 };
const CENTRE_SPAN = { base: 12, md: 6 };

/**
 * The room as the server says it is: players on the left, balls, win, timer and content in the
 * centre, the server's content queue on the right, the controls below.
 */
function FacilitatorGame({ org, room }: { org: string; room: RoomReply }) {
  const navigate = useNavigate();
  const t = useT();
  const { state, status, send, close, retry } = useGameSocket(room.id);
  // The music comes from the organization's settings (General tab: Music playlist).
  const organization = useOrganization(room.orgId);
  const commands = useMemo(() => facilitatorCommands(room.id, send), [room.id, send]);
  useWakeLock(true);

  const handleEndGame = useEvent(() => {
    toastSuccess(t('game.endingGame'));
    commands.endGame();
    setTimeout(() => {
      close();
      void navigate(`/${encodeURIComponent(org)}/facilitator/online/rooms`);
    }, 300);
  });

  return (
    <Box component="main" className={classes.controlScreen}>
      <Container size="xl" py="md" className={classes.controlBody}>
        <Stack gap="md">
          <RoomHeader
            room={room}
            sessionName={state.sessionName}
            lobbyOpen={state.lobbyOpen}
            gameStarted={state.gameStarted}
          />
          <ConnectionNotice status={status} serverProtocolVersion={state.protocolVersion} onRetry={retry} />
          {state.connectionClosed && (
            <Alert color="gray" title={t('game.roomClosed')}>
              {t('gameControl.gameEnded')}
            </Alert>
          )}
          {!state.gameStarted && (
            <Group>
              {state.lobbyOpen ? (
                <Button
                  leftSection={<IconPlayerPlay size={18} aria-hidden />}
                  onClick={() => {
                    focusMain(); // the button goes once the game is on
                    commands.startGame();
                    toastSuccess(t('game.gameStarted'));
                  }}
                >
                  {t('gameControl.startGame')}
                </Button>
              ) : (
                <Button variant="light" onClick={commands.openLobby}>
                  {t('gameControl.openLobby')}
                </Button>
              )}
            </Group>
          )}
          <RollAnnouncer last={state.bingoRolls.at(-1)} />
          <Panels roomId={room.id} state={state} commands={commands} />
        </Stack>
      </Container>
      <ControlBar
        state={state}
        send={send}
        musicUrl={organization.data?.musicPlaylistUrl ?? null}
        onEndGame={handleEndGame}
      />
    </Box>
  );
}
