import { Alert, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { RoomReply } from '@playshop/shared';
import { IconDoorExit } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { LanguageMenu } from '../../../i18n/language-menu';
import { useT } from '../../../i18n/locale-provider';
import { BrandBand, brandVars } from '../../../ui/brand-frame';
import { ContentView } from '../../content/display/content-view';
import { BallChips } from '../shared/ball';
import { BingoBoard, RollAnnouncer } from '../shared/bingo-board';
import { ConnectionNotice } from '../shared/connection-notice';
import { Countdown } from '../shared/countdown';
import type { ConnectionStatus } from '../shared/game-connection';
import { type GameState, showsWin, toBoard } from '../shared/game-reducer';
import { RoundPattern } from '../shared/pattern';
import { QUESTION_TEXTS } from '../shared/question-texts';
import { RollAnimation, useLandedRolls } from '../shared/roll-animation';
import { SCREEN_TEXTS } from '../shared/texts';
import { BingoNews } from './bingo-news';
import { GameSheet } from './game-sheet';
import { LobbyView } from './lobby-view';
import { PlayerPointsTable } from './player-points';

// The win screen (its trophy, sound and confetti) loads with a round's first win, not with the card
// (issue 11: a player's phone gets the card with less JavaScript).
const RoundWinScreen = lazy(() =>
  import('../shared/win-screen').then((m) => ({ default: m.RoundWinScreen })),
);

/** The sheet above the card: the win, the ball being rolled, or the content sent. */
function RoomSheet({ state }: { state: GameState }) {
  const lastRoll = state.bingoRolls.at(-1);
  const t = useT();
  if (showsWin(state)) {
    return (
      <Suspense fallback={null}>
        <RoundWinScreen state={state} />
      </Suspense>
    );
  }
  if (state.gameState === 'roll' && !state.hideRollAnimation && lastRoll !== undefined) {
    return (
      <GameSheet title={t('player.newBall')} sheetKey={`roll-${lastRoll}`}>
        <RollAnimation key={lastRoll} number={lastRoll} compact />
      </GameSheet>
    );
  }
  if (state.gameState === 'content' && state.content) {
    return (
      <GameSheet title={SCREEN_TEXTS.contentSheet} sheetKey={`content-${state.contentId}`}>
        <ContentView content={state.content} videoWidth={400} />
      </GameSheet>
    );
  }
  return null;
}

interface PlayerGameViewProps {
  room: RoomReply;
  state: GameState;
  status: ConnectionStatus;
  username: string | null;
  onMark: (number: number) => void;
  /** 'Bingo!': the player's claim, checked by the server against the round's pattern. */
  onClaim?: () => void;
  /** Called numbers are marked for the player; the claim stays their own tap. */
  autoMark?: boolean;
  onAutoMarkChange?: (on: boolean) => void;
  onLeave: () => void;
  onRetry: () => void;
  /** 'I'm ready' in the lobby. */
  onReady?: () => void;
}

/** The room's name, the session being played and the way out. */
function RoomHeader({
  room,
  sessionName,
  onLeave,
}: {
  room: RoomReply;
  sessionName: string | null;
  onLeave: () => void;
}) {
  const t = useT();
  return (
    <Group justify="space-between" wrap="nowrap">
      <div style={{ minWidth: 0 }}>
        <Title order={1} fz={{ base: 'lg', sm: 'xl' }} style={{ overflowWrap: 'anywhere' }}>
          {room.name.toUpperCase()}
        </Title>
        {sessionName && (
          <Text size="sm" c="dimmed">
            {t('player.session', { name: sessionName })}
          </Text>
        )}
      </div>
      <Button
        variant="default"
        color="red"
        size="sm"
        leftSection={<IconDoorExit size={16} aria-hidden />}
        onClick={onLeave}
        // The room's name wraps instead: German and Dutch labels must not be cut at 320 px.
        style={{ flexShrink: 0 }}
      >
        {t('player.leaveRoom')}
      </Button>
    </Group>
  );
}

/** The card, the auto-mark switch and the 'Bingo!' button; before a card is dealt, a wait. */
function CardArea({ state, onMark, onClaim, autoMark = false, onAutoMarkChange }: PlayerGameViewProps) {
  const t = useT();
  if (!state.bingoBoard) {
    return (
      <Text ta="center" py="xl" fz="lg">
        {t('game.waitingForFacilitator')}
      </Text>
    );
  }
  return (
    <>
      <BingoBoard
        board={toBoard(state.bingoBoard, state.markedCells)}
        rolls={state.bingoRolls}
        onMark={onMark}
      />
      {(onClaim || onAutoMarkChange) && (
        <Group justify="space-between" wrap="nowrap" maw={460} w="100%" mx="auto">
          {onAutoMarkChange && (
            <Switch
              label={t('player.autoMark')}
              description={t('player.autoMarkHint')}
              checked={autoMark}
              onChange={(e) => onAutoMarkChange(e.currentTarget.checked)}
            />
          )}
          {onClaim && (
            <Button size="lg" color="yellow" c="dark" fw={900} onClick={onClaim} style={{ flexShrink: 0 }}>
              {t('player.bingo')}
            </Button>
          )}
        </Group>
      )}
    </>
  );
}

/** A round under way: the rolled balls, who has bingo, the timer, what is on screen and the card. */
function RoundView(props: PlayerGameViewProps) {
  const { state, username } = props;
  // While the ball tumbles the chips keep its number to themselves (the live region still says it);
  // once it lands it joins them, so 'No balls rolled yet' never shows under a landed ball.
  const chips = useLandedRolls(state).rolls;
  const t = useT();
  return (
    <>
      <Group gap="xs" justify="space-between">
        <Text size="sm" fw={600}>
          {t('player.rolledBalls', { count: chips.length })}
        </Text>
        <BingoNews winners={state.winners} username={username} />
      </Group>
      {chips.length > 0 ? (
        <BallChips rolls={chips} label={t('player.rolledBallsNewestFirst')} />
      ) : (
        <Text size="sm" c="dimmed">
          {SCREEN_TEXTS.noBallsYet}
        </Text>
      )}
      <Countdown endsAt={state.endsAt} time={state.time} isRunning={state.isRunning} />
      <RoomSheet state={state} />
      <RoundPattern rules={state.rules} size={10} />
      <CardArea {...props} />
    </>
  );
}

/**
 * SPEC §2 Player game screen: the card always on screen (the ball, content and win come above it),
 * the rolled balls newest first, who has bingo, the timer and the current session.
 */
export function PlayerGameView(props: PlayerGameViewProps) {
  const { room, state, status, username, onLeave, onRetry, onReady } = props;
  const t = useT();
  const firstSession = [...room.sessions].sort((a, b) => a.orderIndex - b.orderIndex)[0]?.name ?? null;
  const sessionName = state.sessionName ?? firstSession;

  return (
    <Stack gap="sm" style={brandVars(state.branding)}>
      <BrandBand branding={state.branding} />
      <RoomHeader room={room} sessionName={state.gameStarted ? sessionName : null} onLeave={onLeave} />
      <ConnectionNotice status={status} serverProtocolVersion={state.protocolVersion} onRetry={onRetry} />
      <RollAnnouncer rolls={state.bingoRolls} />
      {state.connectionClosed && (
        <Alert color="gray" title={t('game.roomClosed')}>
          {SCREEN_TEXTS.waitForNextGame}
        </Alert>
      )}
      {state.connectionClosed ? null : !state.gameStarted ? (
        // Between games the room has no lobby yet: the notice above says so, with no empty player list.
        <LobbyView
          roomName={room.name}
          workshopName={room.workshop.name}
          sessionName={sessionName}
          players={state.playerArr}
          playerCount={state.playerCount}
          lobbyOpen={state.lobbyOpen}
          isReady={state.playerArr.some((p) => p.username === username && p.isReady)}
          onReady={onReady}
        />
      ) : (
        <RoundView {...props} />
      )}
      {state.points?.shown && (
        <Paper withBorder radius="md" p="sm" component="section" aria-label={QUESTION_TEXTS.points}>
          <Title order={2} fz="md" mb={4}>
            {QUESTION_TEXTS.points}
          </Title>
          <PlayerPointsTable points={state.points} />
        </Paper>
      )}
      <LanguageMenu />
    </Stack>
  );
}
