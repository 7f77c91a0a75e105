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
import { type GameStore, useGame } from '../shared/game-store';
import { RouteRoom } from '../shared/route-room';
import { type ShownRollsStore, useShownRollsStore } from '../shared/shown-rolls';
import { useGameStore } from '../shared/use-game-socket';
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

// Each part reads its own facts from the game's store (game-store.ts) and renders when they change,
// so a roll renders the balls, the count and the Roll button (issue 46).
const VerifyCard = memo(VerifyCardPanel);

function Players({ store, onRemove }: { store: GameStore; onRemove: (username: string) => void }) {
  const players = useGame(store, (state) => state.playerArr);
  const playerCount = useGame(store, (state) => state.playerCount);
  return <PlayersPanel players={players} playerCount={playerCount} onRemove={onRemove} />;
}

function Points({ store, onShow }: { store: GameStore; onShow: (shown: boolean) => void }) {
  const gameStarted = useGame(store, (state) => state.gameStarted);
  const points = useGame(store, (state) => state.points);
  return gameStarted ? <PointsPanel points={points} onShow={onShow} /> : null;
}

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
 * The grid renders with the page; the panels in it when their own facts change.
 */
const Panels = memo(function Panels({
  roomId,
  store,
  shown,
  commands,
}: {
  roomId: number;
  store: GameStore;
  shown: ShownRollsStore;
  commands: FacilitatorCommands;
}) {
  return (
    <Grid gutter="md">
      <Grid.Col span={SIDE_SPAN} className={classes.controlPart}>
        <Stack gap="md">
          <Players store={store} onRemove={commands.removePlayer} />
          <Points store={store} onShow={commands.setPointsTable} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={CENTRE_SPAN} className={classes.controlPart}>
        <Paper withBorder radius="md" p="md" mih={320}>
          <CentrePanel
            store={store}
            shown={shown}
            onCloseWin={commands.backToBingo}
            onCloseQuestion={commands.closeQuestion}
            onRevealAnswer={commands.revealAnswer}
          />
        </Paper>
      </Grid.Col>
      <Grid.Col span={SIDE_SPAN} className={classes.controlPart}>
        <QueuePanel store={store} onSend={commands.sendNextContent} />
        <VerifyCard roomId={roomId} />
      </Grid.Col>
    </Grid>
  );
});

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
  const { store, status, send, close, retry } = useGameStore(room.id);
  // The balls shown as called: the centre's tumble lands from it, and the announcer says a ball then.
  const shown = useShownRollsStore(store);
  const sessionName = useGame(store, (state) => state.sessionName);
  const lobbyOpen = useGame(store, (state) => state.lobbyOpen);
  const gameStarted = useGame(store, (state) => state.gameStarted);
  const connectionClosed = useGame(store, (state) => state.connectionClosed);
  const protocolVersion = useGame(store, (state) => state.protocolVersion);
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
        <Stack gap="md" className={classes.controlStack}>
          <RoomHeader room={room} sessionName={sessionName} lobbyOpen={lobbyOpen} gameStarted={gameStarted} />
          <ConnectionNotice status={status} serverProtocolVersion={protocolVersion} onRetry={retry} />
          {connectionClosed && (
            <Alert color="gray" title={t('game.roomClosed')}>
              {t('gameControl.gameEnded')}
            </Alert>
          )}
          {!gameStarted && (
            <Group>
              {lobbyOpen ? (
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
          <RollAnnouncer shown={shown} />
          <Panels roomId={room.id} store={store} shown={shown} commands={commands} />
        </Stack>
      </Container>
      <ControlBar
        store={store}
        send={send}
        musicUrl={organization.data?.musicPlaylistUrl ?? null}
        onEndGame={handleEndGame}
      />
    </Box>
  );
}
