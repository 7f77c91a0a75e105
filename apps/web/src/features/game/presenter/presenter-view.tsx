import { Badge, Button, Group, Image, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { ballLabel, formatJoinCode, type GameContent } from '@playshop/shared';
import {
  IconCheck,
  IconMaximize,
  IconMinimize,
  IconPlayerPause,
  IconVolume,
  IconVolumeOff,
} from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { memo, type ReactNode } from 'react';
import { formatNumber } from '../../../i18n/format';
import { useT } from '../../../i18n/locale-provider';
import { brandVars } from '../../../ui/brand-frame';
import { BrandMark } from '../../../ui/brand-mark';
import { VideoView } from '../../content/display/video-view';
import { Ball } from '../shared/ball';
import { RollAnnouncer } from '../shared/bingo-board';
import { Countdown } from '../shared/countdown';
import gameClasses from '../shared/game.module.css';
import { type GameState, showsWin } from '../shared/game-reducer';
import { type GameStore, useGame, useWholeGame } from '../shared/game-store';
import { currentPrize, PatternGrid, patternHint, patternName } from '../shared/pattern';
import { PointsTableView } from '../shared/points-table';
import { optionLabel, optionLetter, QUESTION_TEXTS } from '../shared/question-texts';
import { rollTumbles, type ShownRollsStore, useShownRolls, useShownRollsStore } from '../shared/shown-rolls';
import { SCREEN_TEXTS } from '../shared/texts';
import { RoundWinScreen } from '../shared/win-screen';
import { CallBoard } from './call-board';
import { useCallOut } from './call-out';
import classes from './presenter.module.css';
import {
  answerType,
  CHAR_EM,
  fitType,
  nameWall,
  oneLine,
  questionType,
  STAGE_TYPE,
  stageBoxes,
  vmin,
} from './stage-type';

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
  /** The live game (game-store.ts): each part of the stage reads the facts it shows. */
  store: GameStore;
  join: PresenterJoin | null;
  muted: boolean;
  onToggleMute: () => void;
  isFullScreen: boolean;
  onToggleFullScreen: () => void;
  /** Where a live tally of a question's answers goes, beside its answers; given the tick size in px. */
  questionTally?: (tickPx: number) => ReactNode;
  /** The socket's state (connecting, reconnecting), shown under the title. */
  notice?: ReactNode;
}

/** Sound and full screen, the only buttons: the facilitator runs the room from the control screen. */
const Toolbar = memo(function Toolbar({
  muted,
  onToggleMute,
  isFullScreen,
  onToggleFullScreen,
}: Pick<PresenterViewProps, 'muted' | 'onToggleMute' | 'isFullScreen' | 'onToggleFullScreen'>) {
  const t = useT();
  return (
    <Group gap="xs">
      <Button
        variant="default"
        onClick={onToggleMute}
        aria-pressed={muted}
        leftSection={muted ? <IconVolumeOff size={18} aria-hidden /> : <IconVolume size={18} aria-hidden />}
      >
        {muted ? t('presenter.soundOff') : t('presenter.soundOn')}
      </Button>
      <Button
        variant="default"
        onClick={onToggleFullScreen}
        leftSection={
          isFullScreen ? <IconMinimize size={18} aria-hidden /> : <IconMaximize size={18} aria-hidden />
        }
      >
        {isFullScreen ? t('presenter.exitFullScreen') : t('presenter.fullScreen')}
      </Button>
    </Group>
  );
});

/** How to join: the QR code, the room's code and the address, big enough for the back of the room. */
function JoinPanel({ join }: { join: PresenterJoin | null }) {
  const t = useT();
  const code = join ? formatJoinCode(join.code) : '';
  return (
    <div className={`${classes.panel} ${classes.joinPanel}`}>
      {join ? (
        <>
          <QRCodeSVG
            value={join.url}
            size={420}
            marginSize={2}
            title={t('presenter.qrFor', { url: join.url })}
            role="img"
            className={classes.qr}
          />
          <Text fz={vmin(STAGE_TYPE.label)} fw={600}>
            {t('presenter.roomCode')}
          </Text>
          <Text
            className={classes.joinCode}
            style={{ fontSize: oneLine(code.length, 16) }}
            aria-label={`${t('presenter.roomCode')} ${join.code}`}
          >
            {code}
          </Text>
          <Text fz={vmin(STAGE_TYPE.small)} fw={600}>
            {t('presenter.scanOrOpen')}
          </Text>
          <Text className={classes.joinUrl} style={{ fontSize: oneLine(join.url.length, STAGE_TYPE.body) }}>
            {join.url}
          </Text>
        </>
      ) : (
        <Text fz={vmin(STAGE_TYPE.body)}>{t('presenter.loadingCode')}</Text>
      )}
    </div>
  );
}

/** The lobby: how to join, in type big enough for the back of the room, and who has arrived (and is ready). */
function PresenterLobby({
  store,
  join,
  aspect,
}: {
  store: GameStore;
  join: PresenterJoin | null;
  aspect: number;
}) {
  const playerArr = useGame(store, (state) => state.playerArr);
  const playerCount = useGame(store, (state) => state.playerCount);
  const lobbyOpen = useGame(store, (state) => state.lobbyOpen);
  const wall = nameWall(playerArr, stageBoxes(aspect).nameWall);
  const shown = playerArr.slice(playerArr.length - wall.shown);
  const ready = playerArr.filter((p) => p.isReady).length;
  const t = useT();
  return (
    <div className={classes.lobby}>
      <JoinPanel join={join} />
      <div className={`${classes.panel} ${classes.playersPanel}`}>
        <Group gap="md" wrap="nowrap">
          <Title order={2} fz={vmin(STAGE_TYPE.title)}>
            {t('player.players', { count: playerCount })}
          </Title>
          <Badge
            size="xl"
            variant="light"
            color={lobbyOpen ? 'green' : 'gray'}
            c="dark"
            fz={vmin(STAGE_TYPE.small)}
            h="auto"
            py="0.4vmin"
          >
            {lobbyOpen ? t('player.lobbyOpen') : t('player.lobbyClosed')}
          </Badge>
        </Group>
        {playerCount > 0 && (
          <Text fz={vmin(STAGE_TYPE.label)} fw={700}>
            {SCREEN_TEXTS.readyCount(ready, playerCount)}
          </Text>
        )}
        {playerCount === 0 ? (
          <Text fz={vmin(STAGE_TYPE.body)} c="dimmed">
            {lobbyOpen ? t('presenter.waitingForPlayers') : t('presenter.lobbyNotOpenYet')}
          </Text>
        ) : (
          <ul
            className={classes.players}
            style={{ fontSize: vmin(wall.fontVmin, 9) }}
            aria-label={t('player.playersInLobby')}
            aria-live="polite"
          >
            {shown.map((p) => (
              <li key={p.username} data-ready={p.isReady || undefined}>
                {p.username}
                {p.isReady && (
                  <>
                    <IconCheck className={classes.readyMark} aria-hidden />
                    <VisuallyHidden> ({SCREEN_TEXTS.ready})</VisuallyHidden>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        {wall.shown < playerArr.length && (
          <Text fz={vmin(STAGE_TYPE.small)} c="dimmed">
            {t('presenter.andMore', { count: playerArr.length - wall.shown })}
          </Text>
        )}
      </div>
    </div>
  );
}

/**
 * The ball just called, huge, with the few before it; a new one tumbles in its colour first. It
 * calls each new ball out. It reads the balls shown (shown-rolls.ts): it renders with every roll and
 * only then (issue 46), in plain elements with the stage's classes rather than Mantine's Stack, Group
 * and Text.
 */
const LastBalls = memo(function LastBalls({
  store,
  shown,
  muted,
}: {
  store: GameStore;
  shown: ShownRollsStore;
  muted: boolean;
}) {
  const rolls = useShownRolls(shown, (s) => s.rolls);
  const tumbling = useShownRolls(shown, (s) => s.tumbling);
  // Whether the room is rolling when the balls shown change (a new ball is called out in the roll
  // state) and whether it tumbled first: read, not followed, so the state after a roll renders
  // nothing here.
  const state = store.get();
  const isRolling = state.gameState === 'roll';
  useCallOut(rolls, isRolling, muted);
  // The big ball lands (scales in) after its tumble; with the roll animation hidden it shows at once,
  // as on the phones (a landing cost the big screen six frames a ball: docs/decisions.md).
  const lands = rollTumbles(state);
  const last = rolls.at(-1);
  const previous = rolls.slice(-1 - PREVIOUS_BALLS, -1).reverse();
  const t = useT();
  return (
    <div className={`${classes.panel} ${classes.ballsPanel}`}>
      {tumbling !== null ? (
        <div className={classes.ballColumn}>
          <span className={`${gameClasses.tumbleTrack} ${classes.hugeTrack}`}>
            <span
              className={[gameClasses.ball, gameClasses.tumble, classes.hugeBall].join(' ')}
              data-letter={ballLabel(tumbling).charAt(0)}
              data-size="xl"
              aria-hidden
            />
          </span>
          <p
            className={classes.ballText}
            style={{ fontSize: vmin(STAGE_TYPE.ballLabel), fontWeight: 800, lineHeight: 1.1 }}
          >
            {t('presenter.rolling')}
          </p>
        </div>
      ) : last === undefined ? (
        <p
          className={`${classes.ballText} ${classes.ballTextDimmed}`}
          style={{ fontSize: vmin(STAGE_TYPE.body), textAlign: 'center' }}
        >
          {SCREEN_TEXTS.noBallsYet}
        </p>
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a labelled group of the ball and its name, as Mantine's Stack was
        <div className={classes.ballColumn} aria-label={t('presenter.lastBall')} role="group">
          <Ball
            key={last}
            number={last}
            size="xl"
            className={[classes.hugeBall, lands ? gameClasses.landed : ''].filter(Boolean).join(' ')}
          />
          <p
            className={classes.ballText}
            style={{ fontSize: vmin(STAGE_TYPE.ballLabel), fontWeight: 900, lineHeight: 1 }}
          >
            {ballLabel(last)}
          </p>
        </div>
      )}
      {previous.length > 0 && (
        <div className={`${classes.ballColumn} ${classes.previousColumn}`}>
          <p
            className={`${classes.ballText} ${classes.ballTextDimmed}`}
            style={{ fontSize: vmin(STAGE_TYPE.small), fontWeight: 600 }}
          >
            {t('presenter.beforeThat')}
          </p>
          {/* biome-ignore lint/a11y/useSemanticElements: a labelled row of balls, as Mantine's Group was */}
          <div className={classes.previousRow} aria-label={t('presenter.previousBalls')} role="group">
            {previous.map((n) => (
              <Ball key={n} number={n} size="md" className={classes.prevBall} />
            ))}
          </div>
        </div>
      )}
      <p className={classes.ballText} style={{ fontSize: vmin(STAGE_TYPE.small), fontWeight: 600 }}>
        {t('presenter.called', { count: formatNumber(rolls.length) })}
      </p>
    </div>
  );
});

/** The round's pattern, the auto-call state and the timer: the strip above the board. */
const RoundStrip = memo(function RoundStrip({ store, vminPx }: { store: GameStore; vminPx: number }) {
  const rules = useGame(store, (state) => state.rules);
  const { pattern, index, count } = currentPrize(rules);
  const auto = rules?.autoCall ?? null;
  const hint = patternHint(pattern);
  const t = useT();
  return (
    <Group gap="2vmin" align="center" wrap="nowrap" className={classes.roundStrip}>
      <Group gap="1vmin" wrap="nowrap" role="group" aria-label={t('pattern.win')}>
        <PatternGrid pattern={pattern} size={Math.max(6, Math.floor(vminPx * 0.012))} />
        <Stack gap={0}>
          <Text fz={vmin(STAGE_TYPE.label)} fw={800} lh={1.15}>
            {patternName(pattern)}
          </Text>
          <Text fz={vmin(STAGE_TYPE.small, 12)} c="dimmed" lh={1.15}>
            {[count > 1 ? t('pattern.prizeOf', { n: index + 1, count }) : null, hint]
              .filter(Boolean)
              .join(' · ')}
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
          {auto.paused ? t('autoCall.paused') : t('autoCall.every', { seconds: auto.seconds })}
        </Badge>
      )}
      <Countdown store={store} fz={vmin(STAGE_TYPE.label)} />
    </Group>
  );
});

/** A question on the big screen: the question as the main text, its answers lettered as on the phones, the tally beside. */
function PresenterQuestion({
  content,
  store,
  tally,
  aspect,
  vminPx,
}: {
  content: GameContent;
  store: GameStore;
  tally?: (tickPx: number) => ReactNode;
  aspect: number;
  vminPx: number;
}) {
  const text = content.question?.question ?? content.title;
  const answers = content.question?.answers ?? [];
  const correct = useGame(store, (state) =>
    state.question?.contentId === content.id ? state.question.correct : null,
  );
  const t = useT();
  const answerVmin = answerType(
    answers.map((a) => a.name || ''),
    aspect,
  );
  return (
    <div className={classes.question}>
      <Title
        order={2}
        className={classes.questionText}
        style={{ fontSize: vmin(questionType(text, aspect)) }}
      >
        {text}
      </Title>
      <div className={classes.answersRow}>
        <ol
          className={classes.answers}
          aria-label={t('presenter.answers')}
          style={{ fontSize: vmin(answerVmin, 12) }}
        >
          {answers.map((answer, i) => (
            <li key={answer.id} data-correct={(correct !== null && answer.id === correct) || undefined}>
              <span className={classes.answerLetter} aria-hidden>
                {optionLetter(i)}
              </span>
              {answer.url && (
                <img src={answer.url} alt={optionLabel(answer, i)} className={classes.answerImage} />
              )}
              <span>{answer.name}</span>
              {correct === answer.id && <VisuallyHidden> ({t('question.correct')})</VisuallyHidden>}
            </li>
          ))}
        </ol>
        {tally && content.question && (
          <div data-slot="question-tally" className={classes.tally}>
            {tally(Math.round((STAGE_TYPE.chartTick / 100) * vminPx))}
          </div>
        )}
      </div>
    </div>
  );
}

/** The content sent, as players see it but without the facilitator's script, filling the stage. */
function PresenterContent({
  store,
  questionTally,
  aspect,
  vminPx,
}: {
  store: GameStore;
  questionTally?: (tickPx: number) => ReactNode;
  aspect: number;
  vminPx: number;
}) {
  const sent = useGame(store, (state) => state.content);
  if (!sent) return null;
  const content = { ...sent, script: null };
  const width = stageBoxes(aspect).question.width;
  const description = content.description ?? '';
  // Text alone (Other) gets the stage: up to 5.5 vmin; beside an image, a fifth of it.
  const isText = content.type === 'OTHER';
  const descriptionVmin = isText
    ? fitType(description.length, { width, height: 56 }, 5.5, 1.4)
    : fitType(description.length, { width, height: 14 }, STAGE_TYPE.body, 1.4);
  return (
    <div className={`${classes.panel} ${classes.contentPanel}`} data-text={isText || undefined}>
      {content.type === 'QUESTION' ? (
        <PresenterQuestion
          content={content}
          store={store}
          tally={questionTally}
          aspect={aspect}
          vminPx={vminPx}
        />
      ) : content.type === 'VIDEO' ? (
        <div className={classes.video}>
          <VideoView content={content} width="min(100%, calc((100vh - 34vmin) * 16 / 9))" />
        </div>
      ) : (
        <>
          <Title order={2} fz={vmin(headingVmin(content.title, width, isText ? 7 : 5))} lh={1.15}>
            {content.title}
          </Title>
          {description && (
            <Text fz={vmin(descriptionVmin)} style={{ whiteSpace: 'pre-wrap' }} lh={LINE_HEIGHT_TEXT}>
              {description}
            </Text>
          )}
          {content.type === 'IMAGE' && content.image && (
            <Image src={content.image.url} alt={content.title} className={classes.media} fit="contain" />
          )}
        </>
      )}
    </div>
  );
}

const LINE_HEIGHT_TEXT = 1.2;

/** A heading's size: up to `max` vmin, smaller for a title too long for two lines of its box. */
const headingVmin = (text: string, width: number, max: number) =>
  fitType(text.length, { width, height: max * 2.4 }, max, 2);

/** The room's name and its workshop and session, each on one line at any length. */
const StageTitles = memo(function StageTitles({
  roomName,
  subtitle,
}: {
  roomName: string;
  subtitle: string;
}) {
  return (
    <div className={classes.titles}>
      <Title order={1} style={{ fontSize: oneLine(roomName.length, STAGE_TYPE.title, CHAR_EM) }} lh={1.15}>
        {roomName}
      </Title>
      <Text style={{ fontSize: oneLine(subtitle.length, STAGE_TYPE.subtitle, CHAR_EM) }} c="dimmed" lh={1.2}>
        {subtitle}
      </Text>
    </div>
  );
});
const Brand = memo(BrandMark);

/**
 * Which stage the big screen shows: the room closed, the lobby, a win, content sent, or the game.
 * One string: a frame that keeps the stage (a roll, the state after it) renders no stage.
 */
function stageOf(state: GameState) {
  const showContent = state.gameState === 'content' && state.content !== null;
  return state.connectionClosed
    ? 'closed'
    : !state.gameStarted
      ? 'lobby'
      : showsWin(state)
        ? 'win'
        : showContent
          ? 'content'
          : 'game';
}

/** The room closed: the game has ended. */
function ClosedStage() {
  const t = useT();
  return (
    <Stack className={classes.panel} align="center" justify="center" style={{ flex: 1 }}>
      <Title order={2} fz={vmin(STAGE_TYPE.winTitle)}>
        {t('game.roomClosed')}
      </Title>
      <Text fz={vmin(STAGE_TYPE.body)}>{t('presenter.gameEnded')}</Text>
    </Stack>
  );
}

/** The round's win: the whole state while it shows (it names winners, prizes, the sound). */
function WinPanel({ store, muted }: { store: GameStore; muted: boolean }) {
  const state = useWholeGame(store);
  return (
    <div className={`${classes.panel} ${classes.winPanel}`}>
      <RoundWinScreen state={state} silent={muted} size="xl" />
    </div>
  );
}

/** The round's points table, while the facilitator shows it. */
const Points = memo(function Points({ store }: { store: GameStore }) {
  const points = useGame(store, (state) => state.points);
  if (!points?.shown) return null;
  return (
    <section className={classes.panel} aria-label={QUESTION_TEXTS.points}>
      <Title order={2} fz={vmin(STAGE_TYPE.label)} mb="sm">
        {QUESTION_TEXTS.points}
      </Title>
      <PointsTableView points={points} size="lg" />
    </section>
  );
});

/**
 * The room on the big screen: in the lobby how to join and who came; in the game the last ball
 * huge, the balls before it, the call board, the pattern, the timer, the content sent and the
 * winners. It only follows the room: no control changes the game.
 */
export function PresenterView(props: PresenterViewProps) {
  const { roomName, workshopName, store, join, questionTally, muted } = props;
  // Each part reads its own facts from the store, and the balls shown from this one beside it: a roll
  // renders the last balls, the board's numbers it changes and the announcer, not the stage (issue 46).
  const shown = useShownRollsStore(store);
  const stage = useGame(store, stageOf);
  const branding = useGame(store, (state) => state.branding);
  const sessionName = useGame(store, (state) => state.sessionName);
  const viewport = useViewportSize();
  const width = viewport.width || window.innerWidth;
  const height = viewport.height || window.innerHeight;
  const aspect = width / Math.max(1, height);
  const vminPx = Math.min(width, height);
  const subtitle = `${workshopName}${sessionName ? ` · ${sessionName}` : ''}`;
  return (
    <main className={classes.stage} data-stage={stage} style={brandVars(branding)}>
      <header className={classes.header}>
        <Brand branding={branding} />
        <StageTitles roomName={roomName} subtitle={subtitle} />
        {stage !== 'closed' && stage !== 'lobby' && <RoundStrip store={store} vminPx={vminPx} />}
        <Toolbar
          muted={muted}
          onToggleMute={props.onToggleMute}
          isFullScreen={props.isFullScreen}
          onToggleFullScreen={props.onToggleFullScreen}
        />
      </header>
      {props.notice}
      <RollAnnouncer shown={shown} />
      {stage === 'closed' ? (
        <ClosedStage />
      ) : stage === 'lobby' ? (
        <PresenterLobby store={store} join={join} aspect={aspect} />
      ) : (
        <div className={classes.game}>
          <LastBalls store={store} shown={shown} muted={muted} />
          <div className={classes.main}>
            {stage === 'win' ? (
              <WinPanel store={store} muted={muted} />
            ) : stage === 'content' ? (
              <PresenterContent store={store} questionTally={questionTally} aspect={aspect} vminPx={vminPx} />
            ) : (
              <div className={`${classes.panel} ${classes.boardPanel}`}>
                <CallBoard shown={shown} fontSize="3vmin" />
              </div>
            )}
            <Points store={store} />
          </div>
        </div>
      )}
    </main>
  );
}
