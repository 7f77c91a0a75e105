import { VisuallyHidden } from '@mantine/core';
import { BINGO_LETTERS, ballLabel, FREE_CELL } from '@playshop/shared';
import { type KeyboardEvent, useRef } from 'react';
import { useT } from '../../../i18n/locale-provider';
import classes from './game.module.css';
import type { BoardCell } from './game-reducer';

/** Arrow keys move between the card's cells, as the grid looks. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>, grid: HTMLDivElement | null) {
  const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -5, ArrowDown: 5 };
  const move = moves[event.key];
  if (move === undefined) return;
  const cells = [...(grid?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
  const index = cells.indexOf(document.activeElement as HTMLButtonElement);
  if (index < 0) return;
  const next = cells[index + move];
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

/** One number of the card: marked, rolled (markable) or waiting; the centre is Free. */
function Cell({
  cell,
  isRolled,
  onMark,
}: {
  cell: BoardCell;
  isRolled: boolean;
  onMark: (number: number) => void;
}) {
  const t = useT();
  if (cell.number === FREE_CELL) {
    return (
      <button
        type="button"
        className={`${classes.cell} ${classes.free}`}
        data-marked
        aria-pressed
        aria-label={t('player.free')}
      >
        {t('player.free')}
      </button>
    );
  }
  const state = cell.marked ? 'marked' : isRolled ? 'rolled' : 'waiting';
  return (
    <button
      type="button"
      className={classes.cell}
      data-rolled={isRolled || undefined}
      data-marked={cell.marked || undefined}
      aria-pressed={cell.marked}
      aria-disabled={!isRolled}
      aria-label={t('player.cell', { ball: ballLabel(cell.number), state })}
      onClick={() => {
        if (isRolled && !cell.marked) onMark(cell.number);
      }}
    >
      {cell.number}
      {isRolled && !cell.marked && (
        <span className={classes.cellNote} aria-hidden>
          {t('player.rolled')}
        </span>
      )}
    </button>
  );
}

/**
 * The player's card (SPEC §2): B I N G O headers, a 'Free' centre, 25 buttons. Only a rolled number
 * can be marked; rolled ones are outlined so a reloaded card shows every roll. Arrow keys move
 * between cells, Enter or Space marks.
 */
export function BingoBoard({
  board,
  rolls,
  onMark,
}: {
  board: BoardCell[][];
  rolls: number[];
  onMark: (number: number) => void;
}) {
  const rolled = new Set(rolls);
  const grid = useRef<HTMLDivElement>(null);

  const t = useT();
  return (
    // The card reads B to O from the left in every language, as printed cards and the call board do
    // (and the arrow keys move the way they look).
    // biome-ignore lint/a11y/useSemanticElements: a grid of buttons, not tabular data
    <div
      role="group"
      aria-label={t('player.yourCard')}
      onKeyDown={(event) => moveFocus(event, grid.current)}
      dir="ltr"
    >
      <div className={classes.board} aria-hidden style={{ marginBottom: 6 }}>
        {BINGO_LETTERS.map((letter) => (
          <div key={letter} className={classes.boardHead}>
            {letter}
          </div>
        ))}
      </div>
      <div className={classes.board} ref={grid}>
        {board.flatMap((row) =>
          row.map((cell) => (
            <Cell key={cell.number} cell={cell} isRolled={rolled.has(cell.number)} onMark={onMark} />
          )),
        )}
      </div>
      <VisuallyHidden>{t('player.cardHint')}</VisuallyHidden>
    </div>
  );
}

/** Announces the newest roll to screen readers. */
export function RollAnnouncer({ rolls }: { rolls: number[] }) {
  const last = rolls.at(-1);
  const t = useT();
  return (
    <VisuallyHidden aria-live="assertive" aria-atomic="true">
      {last !== undefined ? t('player.ballRolled', { ball: ballLabel(last) }) : ''}
    </VisuallyHidden>
  );
}
