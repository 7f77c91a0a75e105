import { Box, Button, Container, Group, Select, Switch } from '@mantine/core';
import { BINGO_MAX_NUMBER, GAME_TEXTS, TIMER_CHOICES } from '@playshop/shared';
import { useEffect, useState } from 'react';
import { toastError } from '../../ui/toast';
import { ConfirmButton } from '../confirm-button';
import classes from '../game.module.css';
import type { GameState } from '../game-reducer';
import { MusicPlayer } from '../music-player';
import { SCREEN_TEXTS } from '../texts';
import type { FacilitatorCommands } from './commands';

/** A roll asked for and not answered yet (no new ball, no error, for at most this long). */
const ROLL_REQUEST_MS = 5_000;

function useRollRequest(rollCount: number, errorCount: number) {
  const [request, setRequest] = useState<{ rolls: number; errors: number } | null>(null);
  useEffect(() => {
    if (!request) return;
    const timer = setTimeout(() => setRequest(null), ROLL_REQUEST_MS);
    return () => clearTimeout(timer);
  }, [request]);
  const isPending = request !== null && request.rolls === rollCount && request.errors === errorCount;
  return { isPending, markAsked: () => setRequest({ rolls: rollCount, errors: errorCount }) };
}

/**
 * Bottom bar (SPEC §2): Roll (off while the ball is shown; the server moves the room back to the
 * board), the timer, Announce Winner, the animation toggle, the music, and Start New Game and End
 * Game, each confirmed first since they change the room for everyone.
 */
export function ControlBar({
  state,
  commands,
  musicUrl,
  onEndGame,
}: {
  state: GameState;
  commands: FacilitatorCommands;
  musicUrl: string | null;
  onEndGame: () => void;
}) {
  const [timerChoice, setTimerChoice] = useState<string | null>(null);
  const rollRequest = useRollRequest(state.bingoRolls.length, state.error?.count ?? 0);
  const canRoll =
    state.gameStarted &&
    state.gameState !== 'roll' &&
    !rollRequest.isPending &&
    state.bingoRolls.length < BINGO_MAX_NUMBER;

  function handleRoll() {
    rollRequest.markAsked();
    commands.roll();
  }

  function handleStartTimer() {
    if (!timerChoice) return toastError(GAME_TEXTS.selectTime);
    commands.startTimer(Number(timerChoice));
  }

  function handleCancelTimer() {
    commands.cancelTimer();
    setTimerChoice(null);
  }

  return (
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
            onClick={commands.announceWinner}
            disabled={state.winners.length === 0}
          >
            Announce Winner
          </Button>
          <Switch
            label="Hide roll animation"
            checked={state.hideRollAnimation}
            onChange={(e) => commands.hideRollAnimation(e.currentTarget.checked)}
            mb={8}
          />
          <MusicPlayer embedUrl={musicUrl} />
          <ConfirmButton
            variant="light"
            color="brand"
            disabled={!state.gameStarted}
            confirm={SCREEN_TEXTS.confirmNewGame}
            onConfirm={commands.startNewGame}
          >
            Start New Game
          </ConfirmButton>
          <ConfirmButton color="red.9" confirm={SCREEN_TEXTS.confirmEndGame} onConfirm={onEndGame}>
            End Game
          </ConfirmButton>
        </Group>
      </Container>
    </Box>
  );
}
