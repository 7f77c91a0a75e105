import { Box, Button, Container, Group, Modal, Select, Switch } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { BINGO_MAX_NUMBER, type ClientMessage, type RoundRules, TIMER_CHOICES } from '@playshop/shared';
import { IconExternalLink } from '@tabler/icons-react';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useT } from '../../../i18n/locale-provider';
import { staffPatternName } from '../../../i18n/pattern-names';
import { toastError } from '../../../ui/toast';
import classes from '../shared/game.module.css';
import { type RoomCommand, roomCommand } from '../shared/game-connection';
import type { GameState } from '../shared/game-reducer';
import { type GameStore, useGame } from '../shared/game-store';
import { currentPrize, PatternGrid } from '../shared/pattern';
import { AutoCallControls } from './auto-call-controls';
import { ConfirmButton } from './confirm-button';
import { useOffPaint } from './game-button';
import { MusicPlayer } from './music-player';
import { PatternPicker } from './pattern-picker';
import { presenterPath } from './presenter-path';
import { roundCommands } from './round-commands';

/** A roll asked for and not answered yet (no new ball, no error, for at most this long). */
const ROLL_REQUEST_MS = 5_000;

/** Opens the room's presenter view in its own window (a second click brings the same window back). */
function openPresenter(org: string, roomId: number) {
  window.open(presenterPath(org, roomId), `playshop-presenter-${roomId}`, 'popup,width=1280,height=720');
}

// The bar renders with every frame; its parts render again only when their own facts change (issue 46).
const Music = memo(MusicPlayer);

/** The timer (SPEC §2): a choice of seconds, Start and Cancel. */
const TimerControls = memo(function TimerControls({ command }: { command: RoomCommand }) {
  const t = useT();
  const [timerChoice, setTimerChoice] = useState<string | null>(null);

  function handleStartTimer() {
    if (!timerChoice) return toastError(t('game.selectTime'));
    command({ action: 'timer', timerOption: Number(timerChoice), isRunning: true, isPaused: false });
  }

  function handleCancelTimer() {
    command({ action: 'timer', timerOption: 0, isRunning: false, isPaused: false });
    setTimerChoice(null);
  }

  return (
    <>
      <Select
        label={t('gameControl.timerSeconds')}
        placeholder={t('gameControl.pickTime')}
        data={TIMER_CHOICES.map(String)}
        value={timerChoice}
        onChange={setTimerChoice}
        w={150}
        allowDeselect
      />
      <Button variant="light" onClick={handleStartTimer}>
        {t('gameControl.startTimer')}
      </Button>
      <Button variant="default" onClick={handleCancelTimer}>
        {t('gameControl.cancelTimer')}
      </Button>
    </>
  );
});

/** Start New Game and End Game, each confirmed first since they change the room for everyone. */
const RoundEndButtons = memo(function RoundEndButtons(props: {
  isStarted: boolean;
  command: RoomCommand;
  onEndGame: () => void;
}) {
  const t = useT();
  const { command } = props;
  const startNewGame = useCallback(() => command({ action: 'start_new_game' }), [command]);
  return (
    <>
      <ConfirmButton
        variant="light"
        color="brand"
        disabled={!props.isStarted}
        confirm="NewGame"
        onConfirm={startNewGame}
      >
        {t('gameControl.startNewGame')}
      </ConfirmButton>
      <ConfirmButton color="red.9" confirm="EndGame" onConfirm={props.onEndGame}>
        {t('gameControl.endGame')}
      </ConfirmButton>
    </>
  );
});

/** Auto-call and the round's win pattern, which opens the pattern picker. */
const RoundRulesControls = memo(function RoundRulesControls({
  roundRules,
  canChange,
  rules,
}: {
  roundRules: RoundRules | null;
  /** The pattern can change until the round's first ball. */
  canChange: boolean;
  rules: ReturnType<typeof roundCommands>;
}) {
  const t = useT();
  const [pickerOpened, picker] = useDisclosure(false);
  const prize = currentPrize(roundRules);
  return (
    <>
      <AutoCallControls autoCall={roundRules?.autoCall ?? null} commands={rules} />
      <Button
        variant="default"
        onClick={picker.open}
        leftSection={<PatternGrid pattern={prize.pattern} size={5} />}
        aria-label={t('gameControl.winPatternLabel', { name: staffPatternName(prize.pattern) })}
      >
        {staffPatternName(prize.pattern)}
        {prize.count > 1 ? ` (${prize.index + 1}/${prize.count})` : ''}
      </Button>
      <Modal opened={pickerOpened} onClose={picker.close} title={t('gameControl.winPatternTitle')} size="lg">
        <PatternPicker
          key={JSON.stringify(roundRules?.prizes ?? [])}
          initial={roundRules?.prizes ?? []}
          canChange={canChange}
          onSave={(prizes) => {
            rules.setPrizes(prizes);
            picker.close();
          }}
        />
      </Modal>
    </>
  );
});

/**
 * Bottom bar (SPEC §2): Roll (off while the ball is shown; the server moves the room back to the
 * board), auto-call, the round's win pattern, the timer, Announce Winner, the animation toggle, the
 * music, the presenter view, and Start New Game and End Game, each confirmed first since they
 * change the room for everyone. Each button sends its command as the protocol declares it
 * (`command({action: 'get_roll'})`, game-connection.ts's `roomCommand`).
 */
export function ControlBar({
  store,
  send,
  musicUrl,
  onEndGame,
}: {
  /** The game (game-store.ts): Roll and the controls each read the facts they show. */
  store: GameStore;
  /** The room's socket (`useGameSocket`'s `send`). */
  send: (message: ClientMessage) => void;
  musicUrl: string | null;
  onEndGame: () => void;
}) {
  const { org = '', roomId: rawRoomId } = useParams();
  const roomId = Number(rawRoomId);
  const command = useMemo(() => roomCommand(roomId, send), [roomId, send]);
  const room = useMemo(
    () => ({ org, roomId, command, rules: roundCommands(roomId, send), musicUrl, onEndGame }),
    [org, roomId, command, send, musicUrl, onEndGame],
  );
  return (
    <Box className={classes.bar} py="sm">
      <Container size="xl">
        <Group gap="sm" align="flex-end">
          <RollButton store={store} command={command} />
          <RoundControls store={store} room={room} />
        </Group>
      </Container>
    </Box>
  );
}

/**
 * Roll: off while the ball is shown, while a roll is asked and unanswered, and after the 75th. Painted
 * off and on from the game (game-button.tsx), so a roll does not render it (issue 46).
 */
function RollButton({ store, command }: { store: GameStore; command: RoomCommand }) {
  const t = useT();
  // The roll asked for: the balls and errors there were then. A new ball or error answers it.
  const asked = useRef<{ rolls: number; errors: number } | null>(null);
  const isOff = useCallback((state: GameState) => {
    const rolls = state.bingoRolls.length;
    const errors = state.error?.count ?? 0;
    const isPending = asked.current?.rolls === rolls && asked.current.errors === errors;
    return !state.gameStarted || state.gameState === 'roll' || isPending || rolls >= BINGO_MAX_NUMBER;
  }, []);
  const { button, repaint, className } = useOffPaint(store, isOff);
  const expiry = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(expiry.current), []);

  function handleRoll() {
    const state = store.get();
    if (isOff(state)) return;
    asked.current = { rolls: state.bingoRolls.length, errors: state.error?.count ?? 0 };
    clearTimeout(expiry.current);
    expiry.current = setTimeout(() => {
      asked.current = null;
      repaint();
    }, ROLL_REQUEST_MS);
    repaint();
    command({ action: 'get_roll' });
  }
  return (
    <Button ref={button} className={className} onClick={handleRoll} size="md">
      {t('gameControl.roll')}
    </Button>
  );
}

/** Everything on the bar after Roll: a roll changes none of it (issue 46), so it does not render. */
const RoundControls = memo(function RoundControls({
  store,
  room: { org, roomId, command, rules, musicUrl, onEndGame },
}: {
  store: GameStore;
  /** What stays the same all game: the room, its commands, its music and End Game. */
  room: {
    org: string;
    roomId: number;
    command: RoomCommand;
    rules: ReturnType<typeof roundCommands>;
    musicUrl: string | null;
    onEndGame: () => void;
  };
}) {
  const t = useT();
  const roundRules = useGame(store, (state) => state.rules);
  const canChange = useGame(store, (state) => state.bingoRolls.length === 0);
  const hasWinners = useGame(store, (state) => state.winners.length > 0);
  const hideRollAnimation = useGame(store, (state) => state.hideRollAnimation);
  const isStarted = useGame(store, (state) => state.gameStarted);
  return (
    <>
      <RoundRulesControls roundRules={roundRules} canChange={canChange} rules={rules} />
      <TimerControls command={command} />
      <Button
        color="yellow"
        c="dark"
        onClick={() => command({ action: 'game_state', gameState: 'announce_winner' })}
        disabled={!hasWinners}
      >
        {t('gameControl.announceWinner')}
      </Button>
      <Switch
        label={t('gameControl.hideRollAnimation')}
        checked={hideRollAnimation}
        onChange={(e) => command({ action: 'hide_roll_animation', hidden: e.currentTarget.checked })}
        mb={8}
      />
      <Music embedUrl={musicUrl} />
      <Button
        variant="default"
        leftSection={<IconExternalLink size={18} aria-hidden />}
        onClick={() => openPresenter(org, roomId)}
      >
        {t('gameControl.openPresenter')}
      </Button>
      <RoundEndButtons isStarted={isStarted} command={command} onEndGame={onEndGame} />
    </>
  );
});
