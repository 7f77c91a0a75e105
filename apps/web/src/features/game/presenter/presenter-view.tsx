import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { ballLabel, formatJoinCode, GAME_TEXTS } from '@playshop/shared';
import { IconMaximize, IconMinimize, IconPlayerPause, IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { type ReactNode, useEffect, useState } from 'react';
import { ContentView } from '../../content/display/content-view';
import { Ball } from '../ball';
import { RollAnnouncer } from '../bingo-board';
import { Countdown } from '../countdown';
import gameClasses from '../game.module.css';
import type { GameState } from '../game-reducer';
import { PointsTableView } from '../points-table';
import { QUESTION_TEXTS } from '../question-texts';
import { TUMBLE_MS } from '../roll-animation';
import { SCREEN_TEXTS } from '../texts';
import { RoundWinScreen, showsWin } from '../win-screen';
import { CallBoard } from './call-board';
import { useCallOut } from './call-out';
import { currentPrize, PatternGrid, patternHint, patternName } from './pattern';
import classes from './presenter.module.css';

/** How many balls before the last one the presenter shows. */
const PREVIOUS_BALLS = 5;

export interface PresenterJoin {
  code: string;
  /** The full join link (/join/{code}) the QR code holds. */
  url: string;
}

export interface PresenterViewProps {
  roomName: string;
  workshopName: string;
  state: GameState;
  join: PresenterJoin | null;
  muted: boolean;
  onToggleMute: () => void;
  isFullScreen: boolean;
  onToggleFullScreen: () => void;
  /** Where a live tally of a question's answers goes, beside the question. */
  questionTally?: ReactNode;
  /** The socket's state (connecting, reconnecting), shown under the title. */
  notice?: ReactNode;
}

/** Sound and full screen, the only buttons: the facilitator runs the room from the control screen. */
function Toolbar({
  muted,
  onToggleMute,
  isFullScreen,
  onToggleFullScreen,
}: Pick<PresenterViewProps, 'muted' | 'onToggleMute' | 'isFullScreen' | 'onToggleFullScreen'>) {
  return (
    <Group gap="xs">
      <Button
        variant="default"
        onClick={onToggleMute}
        aria-pressed={muted}
        leftSection={muted ? <IconVolumeOff size={18} aria-hidden /> : <IconVolume size={18} aria-hidden />}
      >
        {muted ? 'Sound off' : 'Sound on'}
      </Button>
      <Button
        variant="default"
        onClick={onToggleFullScreen}
        leftSection={
          isFullScreen ? <IconMinimize size={18} aria-hidden /> : <IconMaximize size={18} aria-hidden />
        }
      >
        {isFullScreen ? 'Exit full screen' : 'Full screen'}
      </Button>
    </Group>
  );
}

/** The lobby: how to join, in type big enough for the back of the room, and who has arrived. */
function PresenterLobby({ state, join }: { state: GameState; join: PresenterJoin | null }) {
  return (
    <Stack gap="lg" style={{ flex: 1 }}>
      <Group align="stretch" gap="lg" wrap="nowrap" style={{ flex: 1 }}>
        {join ? (
          <>
            <div className={classes.panel} style={{ display: 'flex', alignItems: 'center' }}>
              <QRCodeSVG
                value={join.url}
                size={420}
                marginSize={2}
                title={`QR code for ${join.url}`}
                role="img"
                style={{ inlineSize: 'min(42vh, 30vw)', blockSize: 'auto' }}
              />
            </div>
            <Stack className={classes.panel} justify="center" gap="md" style={{ flex: 1 }}>
              <Text fz={36} fw={600}>
                Scan the code, or open
              </Text>
              <Text fz={44} fw={800} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {join.url}
              </Text>
              <Text fz={36} fw={600}>
                Room code
              </Text>
              <Text className={classes.joinCode} aria-label={`Room code ${join.code}`}>
                {formatJoinCode(join.code)}
              </Text>
            </Stack>
          </>
        ) : (
          <Text fz={36}>Loading the room code…</Text>
        )}
      </Group>
      <Stack className={classes.panel} gap="sm">
        <Group gap="md">
          <Title order={2} fz={40}>
            Players ({state.playerCount})
          </Title>
          <Badge size="xl" variant="light" color={state.lobbyOpen ? 'green' : 'gray'} c="dark">
            {state.lobbyOpen ? 'Lobby open' : 'Lobby closed'}
          </Badge>
        </Group>
        {state.playerCount === 0 ? (
          <Text fz={28} c="dimmed">
            {state.lobbyOpen
              ? 'Waiting for players to join…'
              : 'The facilitator has not opened the lobby yet.'}
          </Text>
        ) : (
          <ul className={classes.players} aria-label="Players in the lobby" aria-live="polite">
            {state.playerArr.map((p) => (
              <li key={p.username}>{p.username}</li>
            ))}
          </ul>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * The balls the big screen shows: while the phones show a new ball tumbling (the roll animation),
 * it is held back until it lands there too, so the screen and the voice never call it first.
 */
function useLandedRolls(state: GameState): { rolls: number[]; tumbling: number | null } {
  const last = state.bingoRolls.at(-1);
  const isTumbling = state.gameState === 'roll' && !state.hideRollAnimation && last !== undefined;
  const [landed, setLanded] = useState<number | undefined>(isTumbling ? undefined : last);
  useEffect(() => {
    if (!isTumbling) return setLanded(last);
    const timer = setTimeout(() => setLanded(last), TUMBLE_MS);
    return () => clearTimeout(timer);
  }, [last, isTumbling]);
  if (!isTumbling || landed === last) return { rolls: state.bingoRolls, tumbling: null };
  return { rolls: state.bingoRolls.slice(0, -1), tumbling: last! };
}

/** The ball just called, huge, with the few before it; a new one tumbles in its colour first. */
function LastBalls({
  rolls,
  tumbling,
  animate,
}: {
  rolls: number[];
  tumbling: number | null;
  animate: boolean;
}) {
  const last = rolls.at(-1);
  const previous = rolls.slice(-1 - PREVIOUS_BALLS, -1).reverse();
  return (
    <Stack className={classes.panel} align="center" justify="center" gap="lg" h="100%">
      {tumbling !== null ? (
        <Stack align="center" gap="xs" py={40}>
          <span
            className={[gameClasses.ball, gameClasses.tumble, classes.hugeBall].join(' ')}
            data-letter={ballLabel(tumbling).charAt(0)}
            data-size="xl"
            aria-hidden
          />
          <Text fz={40} fw={800}>
            Rolling…
          </Text>
        </Stack>
      ) : last === undefined ? (
        <Text fz={40} c="dimmed" py={120}>
          {SCREEN_TEXTS.noBallsYet}
        </Text>
      ) : (
        <Stack align="center" gap="xs" aria-label="Last ball" role="group">
          <Ball
            key={last}
            number={last}
            size="xl"
            className={[classes.hugeBall, animate ? gameClasses.landed : ''].filter(Boolean).join(' ')}
          />
          <Text fz={64} fw={900} lh={1}>
            {ballLabel(last)}
          </Text>
        </Stack>
      )}
      {previous.length > 0 && (
        <Stack gap={6} align="center">
          <Text fz={22} fw={600} c="dimmed">
            Before that
          </Text>
          <Group gap="sm" aria-label="Previous balls, newest first" role="group" justify="center">
            {previous.map((n) => (
              <Ball key={n} number={n} size="md" className={classes.prevBall} />
            ))}
          </Group>
        </Stack>
      )}
      <Text fz={24} fw={600}>
        {rolls.length} of 75 called
      </Text>
    </Stack>
  );
}

/** The round's pattern, the auto-call state and the timer: the strip above the board. */
function RoundStrip({ state }: { state: GameState }) {
  const { pattern, index, count } = currentPrize(state.rules);
  const auto = state.rules?.autoCall ?? null;
  const hint = patternHint(pattern);
  return (
    <Group gap="xl" align="center" wrap="nowrap">
      <Group gap="md" wrap="nowrap" role="group" aria-label="Win pattern">
        <PatternGrid pattern={pattern} size={20} />
        <Stack gap={0}>
          <Text fz={28} fw={800}>
            {patternName(pattern)}
          </Text>
          <Text fz={20} c="dimmed">
            {[count > 1 ? `Prize ${index + 1} of ${count}` : null, hint].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      </Group>
      {auto && (
        <Badge
          size="xl"
          variant="light"
          color={auto.paused ? 'gray' : 'green'}
          c="dark"
          leftSection={auto.paused ? <IconPlayerPause size={16} aria-hidden /> : undefined}
        >
          {auto.paused ? 'Auto-call paused' : `Auto-call every ${auto.seconds} s`}
        </Badge>
      )}
      <Countdown endsAt={state.endsAt} time={state.time} isRunning={state.isRunning} />
    </Group>
  );
}

/** The content sent, as players see it but without the facilitator's script. */
function PresenterContent({ state, questionTally }: { state: GameState; questionTally?: ReactNode }) {
  if (!state.content) return null;
  const content = { ...state.content, script: null };
  return (
    <div className={classes.panel} style={{ flex: 1, fontSize: 24 }}>
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <div style={{ flex: 1, minInlineSize: 0 }}>
          <ContentView content={content} videoWidth={960} />
        </div>
        {/* The live tally of a question's answers is shown here, beside the question. */}
        {content.type === 'QUESTION' && questionTally && (
          <div data-slot="question-tally" style={{ flex: '0 0 40%' }}>
            {questionTally}
          </div>
        )}
      </Group>
    </div>
  );
}

/**
 * The room on the big screen: in the lobby how to join and who came; in the game the last ball
 * huge, the balls before it, the call board, the pattern, the timer, the content sent and the
 * winners. It only follows the room: no control changes the game.
 */
export function PresenterView(props: PresenterViewProps) {
  const { roomName, workshopName, state, join, questionTally } = props;
  const isWin = showsWin(state);
  const shown = useLandedRolls(state);
  useCallOut(shown.rolls, state.gameState === 'roll', props.muted);
  const showContent = state.gameState === 'content' && state.content !== null;
  return (
    <main className={classes.stage}>
      <Group justify="space-between" align="center" wrap="nowrap">
        <div>
          <Title order={1} fz={44}>
            {roomName}
          </Title>
          <Text fz={22} c="dimmed">
            {workshopName}
            {state.sessionName ? ` · ${state.sessionName}` : ''}
          </Text>
        </div>
        {state.gameStarted && <RoundStrip state={state} />}
        <Toolbar {...props} />
      </Group>
      {props.notice}
      <RollAnnouncer rolls={state.bingoRolls} />
      {state.connectionClosed ? (
        <Stack className={classes.panel} align="center" py={80}>
          <Title order={2} fz={56}>
            {GAME_TEXTS.roomClosed}
          </Title>
          <Text fz={28}>The game has ended.</Text>
        </Stack>
      ) : !state.gameStarted ? (
        <PresenterLobby state={state} join={join} />
      ) : (
        <Group align="stretch" gap="lg" wrap="nowrap" style={{ flex: 1 }}>
          <div style={{ flex: '0 0 30%' }}>
            <LastBalls rolls={shown.rolls} tumbling={shown.tumbling} animate={state.gameState === 'roll'} />
          </div>
          <Stack style={{ flex: 1, minInlineSize: 0 }} gap="lg">
            {isWin ? (
              <div className={classes.panel} style={{ flex: 1 }}>
                <RoundWinScreen state={state} silent={props.muted} size="xl" />
              </div>
            ) : showContent ? (
              <PresenterContent state={state} questionTally={questionTally} />
            ) : (
              <div className={classes.panel} style={{ flex: 1, display: 'flex', alignItems: 'center' }}>
                <CallBoard rolls={shown.rolls} fontSize={32} />
              </div>
            )}
            {state.points?.shown && (
              <section className={classes.panel} aria-label={QUESTION_TEXTS.points}>
                <Title order={2} fz={28} mb="sm">
                  {QUESTION_TEXTS.points}
                </Title>
                <PointsTableView points={state.points} size="lg" />
              </section>
            )}
          </Stack>
        </Group>
      )}
    </main>
  );
}
