import { Alert, Button, Group, Paper, Switch, Text, Title } from '@mantine/core';
import type { RoomReply } from '@playshop/shared';
import { IconDoorExit } from '@tabler/icons-react';
import { lazy, memo, Suspense, useMemo, useRef } from 'react';
import { LanguageMenu } from '../../../i18n/language-menu';
import { useT } from '../../../i18n/locale-provider';
import { BrandBand, brandVars } from '../../../ui/brand-frame';
import { usePaint } from '../../../ui/store';
import { ContentView } from '../../content/display/content-view';
import { paintChips } from '../shared/ball';
import { BingoBoard, RollAnnouncer } from '../shared/bingo-board';
import { ConnectionNotice } from '../shared/connection-notice';
import { Countdown } from '../shared/countdown';
import classes from '../shared/game.module.css';
import type { ConnectionStatus } from '../shared/game-connection';
import { type GameState, showsWin } from '../shared/game-reducer';
import { type GameStore, useGame, useWholeGame } from '../shared/game-store';
import { RoundPattern } from '../shared/pattern';
import { QUESTION_TEXTS } from '../shared/question-texts';
import { RollAnimation } from '../shared/roll-animation';
import { rollTumbles, type ShownRolls, type ShownRollsStore } from '../shared/shown-rolls';
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

// Each part reads its own facts from the game's store (game-store.ts) and renders when they change:
// a roll renders the new ball, the cell it calls and the count, not the screen (issue 46: a budget
// phone). These take the facts as props and are memoised on them.
const Pattern = memo(RoundPattern);
const Languages = memo(LanguageMenu);
const Band = memo(BrandBand);

/** The round's win: the whole state while it shows (it names winners, prizes, the sound). */
function WinSheet({ store }: { store: GameStore }) {
  const state = useWholeGame(store);
  return (
    <Suspense fallback={null}>
      <RoundWinScreen state={state} />
    </Suspense>
  );
}

/** What the sheet above the card shows: one string, so a frame that changes none of it renders nothing. */
function sheetOf(state: GameState): string | null {
  const lastRoll = state.bingoRolls.at(-1);
  if (showsWin(state)) return 'win';
  if (rollTumbles(state) && lastRoll !== undefined) return `roll-${lastRoll}`;
  if (state.gameState === 'content' && state.content) return `content-${state.contentId}`;
  return null;
}

/** The sheet above the card: the win, the ball being rolled, or the content sent. */
function RoomSheet({ store, shown }: { store: GameStore; shown: ShownRollsStore }) {
  const sheet = useGame(store, sheetOf);
  const t = useT();
  if (sheet === 'win') return <WinSheet store={store} />;
  if (sheet?.startsWith('roll-')) {
    const lastRoll = Number(sheet.slice('roll-'.length));
    return (
      <GameSheet title={t('player.newBall')} sheetKey={sheet}>
        <RollAnimation key={lastRoll} number={lastRoll} shown={shown} compact />
      </GameSheet>
    );
  }
  if (sheet?.startsWith('content-')) return <ContentSheet store={store} sheetKey={sheet} />;
  return null;
}

function ContentSheet({ store, sheetKey }: { store: GameStore; sheetKey: string }) {
  const content = useGame(store, (state) => state.content);
  if (!content) return null;
  return (
    <GameSheet title={SCREEN_TEXTS.contentSheet} sheetKey={sheetKey}>
      <ContentView content={content} videoWidth={400} />
    </GameSheet>
  );
}

interface PlayerGameViewProps {
  room: RoomReply;
  store: GameStore;
  /** The balls shown as called (`createShownRolls(store)`): what the card, the chips and the sheet show. */
  shown: ShownRollsStore;
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
function CardArea({ store, shown, onMark, onClaim, autoMark, onAutoMarkChange }: PlayerGameViewProps) {
  const t = useT();
  const card = useGame(store, (state) => state.bingoBoard);
  if (!card) {
    return (
      <Text ta="center" py="xl" fz="lg">
        {t('game.waitingForFacilitator')}
      </Text>
    );
  }
  return (
    <>
      <BingoBoard card={card} store={store} shown={shown} onMark={onMark} />
      <CardControls onClaim={onClaim} autoMark={autoMark} onAutoMarkChange={onAutoMarkChange} />
    </>
  );
}

/** Who has bingo this round, from the store. */
function Winners({ store, username }: { store: GameStore; username: string | null }) {
  return <BingoNews winners={useGame(store, (state) => state.winners)} username={username} />;
}

/**
 * How many balls are out, who has bingo, and the balls newest first. The count and the chips are
 * painted from the balls shown (usePaint), not rendered: a roll adds one chip and writes the count.
 * While the ball tumbles the chips keep its number to themselves (the live region still says it);
 * once it lands it joins them, so 'No balls rolled yet' never shows under a landed ball.
 */
function RolledBalls({
  store,
  shown,
  username,
}: {
  store: GameStore;
  shown: ShownRollsStore;
  username: string | null;
}) {
  const t = useT();
  const count = useRef<HTMLParagraphElement>(null);
  const chips = useRef<HTMLUListElement>(null);
  const none = useRef<HTMLParagraphElement>(null);
  const paint = useMemo(() => {
    let painted: readonly number[] | null = null;
    return ({ rolls }: ShownRolls) => {
      if (!count.current || !chips.current || !none.current) return;
      count.current.textContent = t('player.rolledBalls', { count: rolls.length });
      // Written only when they change: setting an attribute to its value is still a DOM change.
      if (chips.current.hidden !== (rolls.length === 0)) chips.current.hidden = rolls.length === 0;
      if (none.current.hidden !== rolls.length > 0) none.current.hidden = rolls.length > 0;
      none.current.textContent = rolls.length > 0 ? '' : SCREEN_TEXTS.noBallsYet;
      paintChips(chips.current, painted, rolls, 'sm');
      painted = rolls;
    };
  }, [t]);
  usePaint(shown, paint);
  return (
    <>
      <div className={classes.rolledHead}>
        <p ref={count} className={classes.rolledCount} />
        <Winners store={store} username={username} />
      </div>
      <ul
        ref={chips}
        className={classes.chips}
        aria-label={t('player.rolledBallsNewestFirst')}
        // A row that scrolls sideways must take the keyboard focus so it can be scrolled without a mouse.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs to be focusable
        tabIndex={0}
      />
      <p ref={none} className={classes.noBalls} />
    </>
  );
}

function Prize({ store }: { store: GameStore }) {
  return <Pattern rules={useGame(store, (state) => state.rules)} size={10} />;
}

/** A round under way: the rolled balls, who has bingo, the timer, what is on screen and the card. */
function RoundView(props: PlayerGameViewProps) {
  const { store, shown, username } = props;
  return (
    <>
      <RolledBalls store={store} shown={shown} username={username} />
      <Countdown store={store} />
      <RoomSheet store={store} shown={shown} />
      <Prize store={store} />
      <CardArea {...props} />
    </>
  );
}

/** The lobby, from the facts it shows. */
function Lobby({
  store,
  room,
  sessionName,
  username,
  onReady,
}: Pick<PlayerGameViewProps, 'store' | 'room' | 'username' | 'onReady'> & { sessionName: string | null }) {
  const players = useGame(store, (state) => state.playerArr);
  const playerCount = useGame(store, (state) => state.playerCount);
  const lobbyOpen = useGame(store, (state) => state.lobbyOpen);
  return (
    <LobbyView
      roomName={room.name}
      workshopName={room.workshop.name}
      sessionName={sessionName}
      players={players}
      playerCount={playerCount}
      lobbyOpen={lobbyOpen}
      isReady={players.some((p) => p.username === username && p.isReady)}
      onReady={onReady}
    />
  );
}

function Points({ store }: { store: GameStore }) {
  const points = useGame(store, (state) => state.points);
  if (!points?.shown) return null;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={QUESTION_TEXTS.points}>
      <Title order={2} fz="md" mb={4}>
        {QUESTION_TEXTS.points}
      </Title>
      <PlayerPointsTable points={points} />
    </Paper>
  );
}

/**
 * SPEC §2 Player game screen: the card always on screen (the ball, content and win come above it),
 * the rolled balls newest first, who has bingo, the timer and the current session.
 */
export function PlayerGameView(props: PlayerGameViewProps) {
  const { room, store, shown, status, username, onLeave, onRetry, onReady } = props;
  const t = useT();
  const branding = useGame(store, (state) => state.branding);
  const gameStarted = useGame(store, (state) => state.gameStarted);
  const connectionClosed = useGame(store, (state) => state.connectionClosed);
  const protocolVersion = useGame(store, (state) => state.protocolVersion);
  const firstSession = [...room.sessions].sort((a, b) => a.orderIndex - b.orderIndex)[0]?.name ?? null;
  const sessionName = useGame(store, (state) => state.sessionName) ?? firstSession;

  return (
    <div className={classes.playerScreen} style={brandVars(branding)}>
      <Band branding={branding} />
      <RoomHeader room={room} sessionName={gameStarted ? sessionName : null} onLeave={onLeave} />
      <ConnectionNotice status={status} serverProtocolVersion={protocolVersion} onRetry={onRetry} />
      <RollAnnouncer shown={shown} />
      {connectionClosed && (
        <Alert color="gray" title={t('game.roomClosed')}>
          {SCREEN_TEXTS.waitForNextGame}
        </Alert>
      )}
      {connectionClosed ? null : !gameStarted ? (
        // Between games the room has no lobby yet: the notice above says so, with no empty player list.
        <Lobby store={store} room={room} sessionName={sessionName} username={username} onReady={onReady} />
      ) : (
        <RoundView {...props} />
      )}
      <Points store={store} />
      <Languages />
    </div>
  );
}
