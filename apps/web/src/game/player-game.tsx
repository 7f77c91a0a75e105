import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { FREE_CELL, type RoomReply, winningLines } from '@playshop/shared';
import { IconDoorExit } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { ContentView } from '../features/content/display/content-view';
import { toastError, toastSuccess } from '../ui/toast';
import { BallChips } from './ball';
import { BingoBoard, RollAnnouncer } from './bingo-board';
import { ConnectionNotice } from './connection-notice';
import { Countdown } from './countdown';
import { type GameState, gameReducer } from './game-reducer';
import { joinedRoom } from './joined-room';
import { LobbyView } from './lobby-view';
import { RollAnimation } from './roll-animation';
import { GAME_TEXTS } from './texts';
import { useGameSocket } from './use-game-socket';
import { WinScreen } from './win-screen';

/** The player's marks make a line: worth a claim (the server checks it against the stored card). */
function marksMakeALine(state: GameState): boolean {
  if (!state.bingoBoard) return false;
  const card = state.bingoBoard.map((row) => row.map((c) => c.number));
  const marked = new Set(
    state.bingoBoard
      .flat()
      .filter((c) => c.marked && c.number !== FREE_CELL)
      .map((c) => c.number),
  );
  return winningLines(card, marked).length > 0;
}

/** SPEC §2 Player game screen, after 'Join Game'. */
export function PlayerGame({ room, dashboard }: { room: RoomReply; dashboard: string }) {
  const navigate = useNavigate();
  const { state, status, send, close, dispatch } = useGameSocket(room.id);
  const roomId = room.id;

  useEffect(() => {
    joinedRoom.set(roomId, !state.connectionClosed && !state.lobbyRefused);
  }, [roomId, state.connectionClosed, state.lobbyRefused]);

  // 'Lobby not open': back to the room list with that error (SPEC §4 Lobby).
  useEffect(() => {
    if (!state.lobbyRefused) return;
    toastError(GAME_TEXTS.lobbyNotOpen);
    close();
    void navigate(dashboard, { replace: true });
  }, [state.lobbyRefused, close, navigate, dashboard]);

  // A mark that completes a line is claimed at once; the server checks the stored card and rolls.
  function handleMark(number: number) {
    const next = gameReducer(state, { type: 'mark_cell', payload: { number } });
    dispatch({ type: 'mark_cell', payload: { number } });
    if (marksMakeALine(next)) send({ type: 'game_event', payload: { action: 'check_win', roomId } });
  }

  function handleLeave() {
    send({ type: 'room_event', payload: { action: 'leave_room', roomId } });
    toastSuccess(GAME_TEXTS.leavingRoom);
    joinedRoom.set(roomId, false);
    close();
    void navigate(dashboard);
  }

  if (state.connectionClosed) {
    return (
      <Stack align="center" gap="md" py="xl" ta="center">
        <Title order={2}>{GAME_TEXTS.roomClosed}</Title>
        <Text>The facilitator has ended the game. Thank you for playing!</Text>
        <Anchor component={Link} to={dashboard}>
          Back to rooms
        </Anchor>
      </Stack>
    );
  }

  const lastRoll = state.bingoRolls.at(-1);
  const isAnimating = state.gameState === 'roll' && !state.hideRollAnimation && lastRoll !== undefined;
  // While the ball tumbles the chips keep its number to themselves (the live region still says it).
  const chips = isAnimating ? state.bingoRolls.slice(0, -1) : state.bingoRolls;
  const isWin = state.gameState === 'game_over' || state.gameState === 'announce_winner';
  let main: ReactNode;
  if (!state.gameStarted) {
    main = (
      <LobbyView
        roomName={room.name}
        workshopName={room.workshop.name}
        sessionName={
          state.sessionName ?? [...room.sessions].sort((a, b) => a.orderIndex - b.orderIndex)[0]?.name ?? null
        }
        players={state.playerArr}
        playerCount={state.playerCount}
        lobbyOpen={state.lobbyOpen}
      />
    );
  } else if (isWin) {
    main = (
      <WinScreen
        key={`${state.round}-${state.winners.join()}`}
        winners={state.winners}
        winnerAudio={state.winnerAudio}
      />
    );
  } else if (isAnimating && lastRoll !== undefined) {
    main = <RollAnimation key={lastRoll} number={lastRoll} />;
  } else if (state.gameState === 'content' && state.content) {
    main = (
      <Paper withBorder radius="lg" p="md">
        <ContentView content={state.content} videoWidth={400} />
      </Paper>
    );
  } else if (!state.bingoBoard) {
    main = (
      <Text ta="center" py="xl" fz="lg">
        {GAME_TEXTS.waitingForFacilitator}
      </Text>
    );
  } else {
    main = <BingoBoard board={state.bingoBoard} rolls={state.bingoRolls} onMark={handleMark} />;
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Title order={1} fz={{ base: 'lg', sm: 'xl' }} style={{ overflowWrap: 'anywhere' }}>
          {room.name.toUpperCase()}
        </Title>
        <Button
          variant="default"
          color="red"
          size="sm"
          leftSection={<IconDoorExit size={16} aria-hidden />}
          onClick={handleLeave}
        >
          Leave Room
        </Button>
      </Group>
      <ConnectionNotice status={status} serverProtocolVersion={state.protocolVersion} />
      <RollAnnouncer rolls={state.bingoRolls} />
      {state.gameStarted && (
        <>
          <Group gap="xs" justify="space-between">
            <Text size="sm" fw={600}>
              Rolled balls ({chips.length})
            </Text>
            {state.playerArr.some((p) => p.hasBingo) && (
              <Badge color="yellow" c="dark">
                Bingo!
              </Badge>
            )}
          </Group>
          {chips.length > 0 ? (
            <BallChips rolls={chips} label="Rolled balls, newest first" />
          ) : (
            <Text size="sm" c="dimmed">
              No balls rolled yet
            </Text>
          )}
          <Countdown endsAt={state.endsAt} time={state.time} isRunning={state.isRunning} />
        </>
      )}
      {main}
    </Stack>
  );
}
