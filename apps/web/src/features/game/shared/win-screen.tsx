import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { type GameSnapshot, WINNER_SOUNDS, type WinPattern } from '@playshop/shared';
import { IconTrophy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useT } from '../../../i18n/locale-provider';
import classes from './game.module.css';
import type { GameState } from './game-reducer';

export { showsWin } from './game-reducer';

import { PatternGrid, patternName } from './pattern';
import { WINNER_VOLUME } from './texts';

/** Plays the server's pick of the winner sounds, or a random one (older servers), at volume 0.5. */
function playWinnerSound(winnerAudio: string | null) {
  const src = winnerAudio ?? WINNER_SOUNDS[Math.floor(Math.random() * WINNER_SOUNDS.length)]!;
  try {
    const audio = new Audio(src);
    audio.volume = WINNER_VOLUME;
    void audio.play().catch(() => {});
  } catch {
    // No audio in this browser: the screen says it all.
  }
}

function cssConfetti() {
  const colours = ['#6741d9', '#c92a2a', '#fcc419', '#1864ab', '#2b8a3e'];
  for (let i = 0; i < 60; i++) {
    const piece = document.createElement('span');
    piece.className = classes.confettiPiece!;
    piece.style.left = `${Math.random() * 100}vw`;
    piece.style.background = colours[i % colours.length]!;
    piece.style.animationDelay = `${Math.random() * 0.8}s`;
    document.body.append(piece);
    setTimeout(() => piece.remove(), 4200);
  }
}

/**
 * The page's one confetti cannon. canvas-confetti's default export draws in a Web Worker it builds
 * from a blob: URL, which the Content-Security-Policy (worker-src falls back to script-src 'self')
 * rightly blocks, with a console error at every win (issue 28). A cannon of our own with
 * `useWorker: false` draws on the main thread: 160 particles for a few seconds cost nothing there.
 */
let cannon: ReturnType<typeof import('canvas-confetti').create> | null = null;

async function celebrate() {
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  // Without a 2D canvas (old browsers, test DOMs) the CSS confetti stands in.
  if (!document.createElement('canvas').getContext?.('2d')) return cssConfetti();
  try {
    if (!cannon) {
      const confetti = (await import('canvas-confetti')).default;
      cannon = confetti.create(undefined, { resize: true, useWorker: false, disableForReducedMotion: true });
    }
    void cannon({ particleCount: 160, spread: 90, origin: { y: 0.6 } });
  } catch {
    cssConfetti();
  }
}

type Win = GameSnapshot['wins'][number];

/** The pattern a win was for: the round's prize (a custom one has its cells), else its kind. */
const winPattern = (win: Win, prizes: readonly WinPattern[]): WinPattern =>
  prizes[win.prize]?.kind === win.pattern ? prizes[win.prize]! : { kind: win.pattern };

/**
 * SPEC §2 Win screen: 'Congratulations!', the winners (or 'We have a winner!' when none is named),
 * each with the pattern they won, a winner sound and confetti. Close (back to the bingo state) is
 * for staff only. `silent` keeps the sound off (the presenter's mute).
 */
export function WinScreen({
  winners,
  winnerAudio,
  wins = [],
  prizes = [],
  silent = false,
  size = 'md',
  onClose,
}: {
  winners: string[];
  winnerAudio: string | null;
  /** Every win of the round with its pattern; without them the names alone are shown. */
  wins?: readonly Win[];
  prizes?: readonly WinPattern[];
  silent?: boolean;
  /** 'xl' on the projected screen. */
  size?: 'md' | 'xl';
  onClose?: () => void;
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per win screen, not per re-render
  useEffect(() => {
    if (!silent) playWinnerSound(winnerAudio);
    void celebrate();
  }, []);
  // On the projected screen every size follows the screen (presenter/stage-type.ts).
  const big = size === 'xl';
  const t = useT();
  return (
    <Stack align="center" gap={big ? '1.5vmin' : 'md'} py={big ? 0 : 'xl'} ta="center" role="status">
      <IconTrophy
        size={64}
        style={big ? { inlineSize: '14vmin', blockSize: '14vmin' } : undefined}
        color="var(--mantine-color-yellow-8)"
        aria-hidden
      />
      <Title order={2} fz={big ? '8vmin' : 36} lh={1.1}>
        {t('game.congratulations')}
      </Title>
      {winners.length === 0 ? (
        <Text fz={big ? '5vmin' : 'xl'} fw={600}>
          {t('game.weHaveAWinner')}
        </Text>
      ) : (
        winners.map((name) => {
          const won = wins.filter((w) => w.username === name);
          return (
            <Stack key={name} gap={4} align="center">
              <Text
                fz={big ? '5vmin' : 'xl'}
                fw={big ? 800 : 600}
                lh={1.15}
                style={{ overflowWrap: 'anywhere' }}
              >
                {t('game.hasWon', { name })}
              </Text>
              {won.map((w) => {
                const pattern = winPattern(w, prizes);
                return (
                  <Group key={w.prize} gap="xs" justify="center">
                    <PatternGrid pattern={pattern} size={big ? 18 : 10} />
                    <Text fz={big ? '3vmin' : 'sm'} c="dimmed">
                      {patternName(pattern)}
                    </Text>
                  </Group>
                );
              })}
            </Stack>
          );
        })
      )}
      {onClose && (
        <Button variant="default" onClick={onClose}>
          {t('screen.close')}
        </Button>
      )}
    </Stack>
  );
}

/** The win screen of the room's round: its winners, sound and prizes, shown afresh for each new win. */
export function RoundWinScreen({
  state,
  silent,
  size,
  onClose,
}: {
  state: GameState;
  silent?: boolean;
  size?: 'md' | 'xl';
  onClose?: () => void;
}) {
  return (
    <WinScreen
      key={`${state.round}-${state.winners.join()}`}
      winners={state.winners}
      winnerAudio={state.winnerAudio}
      wins={state.wins}
      prizes={state.rules?.prizes ?? []}
      silent={silent}
      size={size}
      onClose={onClose}
    />
  );
}
