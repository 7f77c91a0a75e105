import { Alert, Button, Group, Paper, Switch, Text, Title } from '@mantine/core';
import type { RoomReply } from '@playshop/shared';
import { IconDoorExit } from '@tabler/icons-react';
import { lazy, memo, Suspense } from 'react';
import { LanguageMenu } from '../../../i18n/language-menu';
import { useT } from '../../../i18n/locale-provider';
import { BrandBand, brandVars } from '../../../ui/brand-frame';
import { ContentView } from '../../content/display/content-view';
import { BallChips } from '../shared/ball';
import { BingoBoard, RollAnnouncer } from '../shared/bingo-board';
import { ConnectionNotice } from '../shared/connection-notice';
import { Countdown } from '../shared/countdown';
import classes from '../shared/game.module.css';
import type { ConnectionStatus } from '../shared/game-connection';
import { type GameState, showsWin } from '../shared/game-reducer';
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

// Every frame renders this view; these parts render again only when their own facts change, so a
// roll renders the new ball, the cell it calls and the count (issue 46: a budget phone).
const Pattern = memo(RoundPattern);
const Languages = memo(LanguageMenu);
const Band = memo(BrandBand);

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
const RoomHeader = memo(function RoomHeader({
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
});

/** The auto-mark switch and the 'Bingo!' button under the card. */
const CardControls = memo(function CardControls({
  onClaim,
  autoMark = false,
  onAutoMarkChange,
}: Pick<PlayerGameViewProps, 'onClaim' | 'autoMark' | 'onAutoMarkChange'>) {
  const t = useT();
  if (!onClaim && !onAutoMarkChange) return null;
  return (
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
  );
});

/** The card, the auto-mark switch and the 'Bingo!' button; before a card is dealt, a wait. */
function CardArea({ state, onMark, onClaim, autoMark, onAutoMarkChange }: PlayerGameViewProps) {
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
        card={state.bingoBoard}
        markedCells={state.markedCells}
        rolls={state.bingoRolls}
        onMark={onMark}
      />
      <CardControls onClaim={onClaim} autoMark={autoMark} onAutoMarkChange={onAutoMarkChange} />
    </>
  );
}

/** How many balls are out, who has bingo, and the balls newest first. */
const RolledBalls = memo(function RolledBalls({
  rolls,
  winners,
  username,
}: {
  rolls: number[];
  winners: string[];
  username: string | null;
}) {
  const t = useT();
  return (
    <>
      <div className={classes.rolledHead}>
        <p className={classes.rolledCount}>{t('player.rolledBalls', { count: rolls.length })}</p>
        <BingoNews winners={winners} username={username} />
      </div>
      {rolls.length > 0 ? (
        <BallChips rolls={rolls} label={t('player.rolledBallsNewestFirst')} />
      ) : (
        <p className={classes.noBalls}>{SCREEN_TEXTS.noBallsYet}</p>
      )}
    </>
  );
});

/** A round under way: the rolled balls, who has bingo, the timer, what is on screen and the card. */
function RoundView(props: PlayerGameViewProps) {
  const { state, username } = props;
  // While the ball tumbles the chips keep its number to themselves (the live region still says it);
  // once it lands it joins them, so 'No balls rolled yet' never shows under a landed ball.
  const chips = useLandedRolls(state).rolls;
  return (
    <>
      <RolledBalls rolls={chips} winners={state.winners} username={username} />
      <Countdown endsAt={state.endsAt} time={state.time} isRunning={state.isRunning} />
      <RoomSheet state={state} />
      <Pattern rules={state.rules} size={10} />
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
    <div className={classes.playerScreen} style={brandVars(state.branding)}>
      <Band branding={state.branding} />
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
      <Languages />
    </div>
  );
}
