import {
  Alert,
  Badge,
  Box,
  Button,
  Container,
  Grid,
  Group,
  List,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { BINGO_MAX_NUMBER, type ContentReply, type RoomSessionReply, TIMER_CHOICES } from '@playshop/shared';
import { IconDownload, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { downloadRoomReport } from '../api/download-room-report';
import { useOrganization } from '../api/use-organization';
import { useRoom } from '../api/use-room';
import { useRoomSession } from '../api/use-room-session';
import { useUpdateRoomSession } from '../api/use-update-room-session';
import { ContentView } from '../features/content/display/content-view';
import { PageLoader } from '../ui/page-loader';
import { PageTitle } from '../ui/page-title';
import { parseRouteId } from '../ui/parse-route-id';
import { toastError, toastSuccess } from '../ui/toast';
import { Ball } from './ball';
import { RollAnnouncer } from './bingo-board';
import { ConnectionNotice } from './connection-notice';
import { Countdown } from './countdown';
import classes from './game.module.css';
import { JoinCode } from './join-code';
import { MusicPlayer } from './music-player';
import { RollAnimation } from './roll-animation';
import { RolledBallsModal } from './rolled-balls-modal';
import { GAME_TEXTS, ROLL_ANIMATION_MS, ROLL_HIDDEN_MS } from './texts';
import { useGameSocket } from './use-game-socket';
import { WinScreen } from './win-screen';

type QueueItem = NonNullable<RoomSessionReply['currentSession']>['sessionContent'][number];

const queueOf = (session: RoomSessionReply | undefined): QueueItem[] =>
  [...(session?.currentSession?.sessionContent ?? [])].sort((a, b) => a.orderIndex - b.orderIndex);

/** `{org}/facilitator/online/rooms/play-game/{roomId}`: the facilitator game screen of SPEC §2. */
export function FacilitatorGamePage() {
  const { org = '', roomId: rawId } = useParams();
  const roomId = parseRouteId(rawId);
  const room = useRoom(roomId);
  if (roomId === null || room.isError) {
    return (
      <Container component="main" py="xl">
        <PageTitle>Room not found</PageTitle>
      </Container>
    );
  }
  if (room.isPending) return <PageLoader label="Loading the room" />;
  return <FacilitatorGame org={org} room={room.data} />;
}

function FacilitatorGame({
  org,
  room,
}: {
  org: string;
  room: NonNullable<ReturnType<typeof useRoom>['data']>;
}) {
  const navigate = useNavigate();
  const { state, status, send, close } = useGameSocket(room.id);
  const roomSession = useRoomSession(room.id);
  // The music comes from the organization's settings (General tab: Music playlist).
  const organization = useOrganization(room.orgId);
  const advance = useUpdateRoomSession(room.id);
  const [queue, setQueue] = useState<QueueItem[] | null>(null);
  const [sent, setSent] = useState<QueueItem[]>([]);
  const [rollBusy, setRollBusy] = useState(false);
  const [timerChoice, setTimerChoice] = useState<string | null>(null);
  const rollsAtRequest = useRef<number | null>(null);
  const roomId = room.id;

  // The queue starts as the room session's content less what this round already sent (the server's
  // snapshot says, so a reload does not offer it again); it refills on 'Start New Game'.
  const sentIds = state.sentContentIds;
  useEffect(() => {
    if (queue !== null || !roomSession.data || sentIds === null) return;
    const items = queueOf(roomSession.data);
    setQueue(items.filter((item) => !sentIds.includes(item.contentBaseId)));
    setSent(items.filter((item) => sentIds.includes(item.contentBaseId)));
  }, [queue, roomSession.data, sentIds]);

  // SPEC §4 Rolling: after our roll arrives, ask for the bingo state after 12 s (animation shown) or
  // at once with Roll back after 1 s (animation hidden).
  const rollCount = state.bingoRolls.length;
  useEffect(() => {
    if (!rollBusy || rollsAtRequest.current === null || rollCount <= rollsAtRequest.current) return;
    rollsAtRequest.current = null;
    const backToBingo = () =>
      send({ type: 'game_event', payload: { action: 'game_state', roomId, gameState: 'bingo' } });
    if (state.hideRollAnimation) {
      backToBingo();
      const t = setTimeout(() => setRollBusy(false), ROLL_HIDDEN_MS);
      return () => clearTimeout(t);
    }
    const t = setTimeout(() => {
      backToBingo();
      setRollBusy(false);
    }, ROLL_ANIMATION_MS);
    return () => clearTimeout(t);
  }, [rollBusy, rollCount, state.hideRollAnimation, send, roomId]);

  // A refused roll (all 75 drawn, …) gives the button back.
  useEffect(() => {
    if (state.error && rollsAtRequest.current !== null) {
      rollsAtRequest.current = null;
      setRollBusy(false);
    }
  }, [state.error]);

  const roomsList = `/${encodeURIComponent(org)}/facilitator/online/rooms`;
  const gameEvent = (payload: Record<string, unknown> & { action: string }) =>
    send({ type: 'game_event', payload: { ...payload, roomId } } as Parameters<typeof send>[0]);

  function handleRoll() {
    setRollBusy(true);
    rollsAtRequest.current = state.bingoRolls.length;
    gameEvent({ action: 'get_roll' });
  }

  function handleSendContent() {
    const [first, ...rest] = queue ?? [];
    if (!first) return;
    send({
      type: 'content_event',
      payload: {
        action: 'send_content',
        roomId,
        contentId: first.contentBaseId,
        contentType: first.content.type,
      },
    });
    setSent((s) => [...s, first]);
    setQueue(rest);
    if (rest.length === 0) {
      // SPEC §4: the room moves on to the next session, or back to the first.
      const sessions = [...room.sessions].sort((a, b) => a.orderIndex - b.orderIndex);
      const current = roomSession.data?.currentSession?.orderIndex ?? 0;
      const next =
        sessions.find((s) => s.orderIndex === current + 1) ?? sessions.find((s) => s.orderIndex === 0);
      if (next) advance.mutate(next.id);
    }
  }

  function handleStartTimer() {
    if (!timerChoice) return toastError(GAME_TEXTS.selectTime);
    send({
      type: 'content_event',
      payload: {
        action: 'timer',
        roomId,
        timerOption: Number(timerChoice),
        isRunning: true,
        isPaused: false,
      },
    });
  }

  function handleCancelTimer() {
    send({
      type: 'content_event',
      payload: { action: 'timer', roomId, timerOption: 0, isRunning: false, isPaused: false },
    });
    setTimerChoice(null);
  }

  function handleNewGame() {
    gameEvent({ action: 'start_new_game' });
    setQueue(queueOf(roomSession.data));
    setSent([]);
  }

  function handleEndGame() {
    toastSuccess(GAME_TEXTS.endingGame);
    gameEvent({ action: 'game_over' });
    setTimeout(() => {
      close();
      void navigate(roomsList);
    }, 300);
  }

  const shownContent: ContentReply | null =
    state.content ??
    (state.contentId !== null
      ? ([...sent, ...(queue ?? [])].find((q) => q.contentBaseId === state.contentId)?.content ?? null)
      : null);
  const lastThree = state.bingoRolls.slice(-3).reverse();
  const lastRoll = state.bingoRolls.at(-1);
  const canRoll = state.gameStarted && !rollBusy && state.bingoRolls.length < BINGO_MAX_NUMBER;
  const bingoPlayers = state.playerArr.filter((p) => p.hasBingo);

  let centre: React.ReactNode;
  if (state.gameState === 'announce_winner') {
    centre = (
      <WinScreen
        key={`${state.round}-${state.winners.join()}`}
        winners={state.winners}
        winnerAudio={state.winnerAudio}
        onClose={() => gameEvent({ action: 'game_state', gameState: 'bingo' })}
      />
    );
  } else if (state.gameState === 'roll' && !state.hideRollAnimation && lastRoll !== undefined) {
    centre = <RollAnimation key={lastRoll} number={lastRoll} />;
  } else {
    centre = (
      <Stack gap="md">
        <Group justify="center" gap="md" aria-label="Last three balls" role="group">
          {lastThree.length === 0 && <Text c="dimmed">No balls rolled yet</Text>}
          {lastThree.map((n) => (
            <Ball key={n} number={n} size={state.bingoRolls.length >= 10 ? 'sm' : 'md'} />
          ))}
        </Group>
        <Group justify="center">
          <Text size="sm">{state.bingoRolls.length} of 75 rolled</Text>
          <RolledBallsModal rolls={state.bingoRolls} />
        </Group>
        <Countdown endsAt={state.endsAt} time={state.time} isRunning={state.isRunning} />
        {state.gameState === 'game_over' && bingoPlayers.length > 0 && (
          <Alert color="yellow" variant="light" title="Bingo!">
            {state.winners.map((w) => GAME_TEXTS.hasWon(w)).join(' ')} Announce the winner when ready.
          </Alert>
        )}
        {shownContent && (
          <Paper withBorder radius="md" p="md">
            <Text size="sm" c="dimmed" mb="xs">
              Sent content: {shownContent.title}
            </Text>
            <ContentView content={shownContent} />
          </Paper>
        )}
      </Stack>
    );
  }

  return (
    <Box component="main">
      <Container size="xl" py="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <div>
              <PageTitle fz={{ base: 22, sm: 28 }}>{room.name}</PageTitle>
              <Text c="dimmed">
                {room.workshop.name}
                {roomSession.data?.currentSession ? ` · ${roomSession.data.currentSession.name}` : ''}
              </Text>
            </div>
            <Group gap="xs">
              <Badge color={state.lobbyOpen ? 'green' : 'gray'} c="dark" variant="light" size="lg">
                {state.gameStarted ? 'Game on' : state.lobbyOpen ? 'Lobby open' : 'Lobby closed'}
              </Badge>
              <JoinCode roomName={room.name} />
              <Button
                variant="default"
                leftSection={<IconDownload size={18} aria-hidden />}
                onClick={() => void downloadRoomReport(roomId, room.name)}
              >
                Download report
              </Button>
            </Group>
          </Group>
          <ConnectionNotice status={status} serverProtocolVersion={state.protocolVersion} />
          {state.connectionClosed && (
            <Alert color="gray" title={GAME_TEXTS.roomClosed}>
              The game has ended. Open the lobby again to play another.
            </Alert>
          )}
          {!state.gameStarted && (
            <Group>
              {!state.lobbyOpen && (
                <Button
                  variant="light"
                  onClick={() => send({ type: 'room_event', payload: { action: 'open_lobby', roomId } })}
                >
                  Open Lobby
                </Button>
              )}
              {state.lobbyOpen && (
                <Button
                  leftSection={<IconPlayerPlay size={18} aria-hidden />}
                  onClick={() => {
                    gameEvent({ action: 'start_game' });
                    toastSuccess(GAME_TEXTS.gameStarted);
                  }}
                >
                  Start Game
                </Button>
              )}
            </Group>
          )}
          <RollAnnouncer rolls={state.bingoRolls} />
          <Grid gutter="md">
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Paper withBorder radius="md" p="md">
                <Title order={2} fz="lg" mb="sm">
                  Players ({state.playerArr.length})
                </Title>
                {state.playerArr.length === 0 ? (
                  <Text c="dimmed">No players yet</Text>
                ) : (
                  <List listStyleType="none" spacing={4} aria-label="Players">
                    {state.playerArr.map((p) => (
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
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Paper withBorder radius="md" p="md" mih={320}>
                {centre}
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Paper withBorder radius="md" p="md">
                <Title order={2} fz="lg" mb="sm">
                  Content queue
                </Title>
                {roomSession.isPending && <Text c="dimmed">Loading content…</Text>}
                {queue && queue.length === 0 && <Text fw={600}>{GAME_TEXTS.noContentRemaining}</Text>}
                {queue && queue.length > 0 && (
                  <List type="ordered" spacing={4} mb="sm" aria-label="Content queue">
                    {queue.map((item) => (
                      <List.Item key={`${item.orderIndex}-${item.contentBaseId}`}>
                        {item.content.title}
                      </List.Item>
                    ))}
                  </List>
                )}
                <Button
                  fullWidth
                  onClick={handleSendContent}
                  disabled={!state.gameStarted || rollBusy || !queue || queue.length === 0}
                >
                  Send Content
                </Button>
              </Paper>
            </Grid.Col>
          </Grid>
        </Stack>
      </Container>
      <Box className={classes.bar} py="sm">
        <Container size="xl">
          <Group gap="sm" align="flex-end">
            <Button onClick={handleRoll} disabled={!canRoll} size="md">
              Roll
            </Button>
            <Select
              label="Timer (seconds)"
              placeholder="Pick a time"
              data={TIMER_CHOICES.map(String)}
              value={timerChoice}
              onChange={setTimerChoice}
              w={150}
              allowDeselect
            />
            <Button variant="light" onClick={handleStartTimer}>
              Start Timer
            </Button>
            <Button variant="default" onClick={handleCancelTimer}>
              Cancel Timer
            </Button>
            <Button
              color="yellow"
              c="dark"
              onClick={() => gameEvent({ action: 'game_state', gameState: 'announce_winner' })}
              disabled={state.winners.length === 0}
            >
              Announce Winner
            </Button>
            <Switch
              label="Hide roll animation"
              checked={state.hideRollAnimation}
              onChange={(e) => gameEvent({ action: 'hide_roll_animation', hidden: e.currentTarget.checked })}
              mb={8}
            />
            <MusicPlayer embedUrl={organization.data?.musicPlaylistUrl ?? null} />
            <Button variant="light" onClick={handleNewGame} disabled={!state.gameStarted}>
              Start New Game
            </Button>
            <Button color="red.9" onClick={handleEndGame}>
              End Game
            </Button>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
