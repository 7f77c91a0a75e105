import { BINGO_LETTERS, ballLabel, FREE_CELL } from '@playshop/shared';
import { type KeyboardEvent, memo, useMemo, useRef } from 'react';
import { useT } from '../../../i18n/locale-provider';
import { usePaint } from '../../../ui/store';
import classes from './game.module.css';
import type { GameStore } from './game-store';
import type { ShownRolls, ShownRollsStore } from './shown-rolls';

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

type Translate = ReturnType<typeof useT>;

/** What `now` added to `before` when it only grew; every number of both when it changed otherwise. */
function addedTo(before: readonly number[], now: readonly number[]): readonly number[] {
  if (before === now) return [];
  const grew = now.length >= before.length && before.every((n, i) => now[i] === n);
  return grew ? now.slice(before.length) : [...before, ...now];
}

/** What a cell shows: the words of its label too ('B 1, marked'). */
type CellState = 'marked' | 'rolled' | 'waiting';

/**
 * Paints one cell from its facts: marked, rolled (markable) or waiting, in its colours (data-*), its
 * pressed and disabled states and label for a screen reader, and the 'Rolled' note.
 */
function paintCell(cell: HTMLButtonElement, number: number, rolled: boolean, marked: boolean, t: Translate) {
  const state: CellState = marked ? 'marked' : rolled ? 'rolled' : 'waiting';
  cell.toggleAttribute('data-rolled', rolled);
  cell.toggleAttribute('data-marked', marked);
  cell.setAttribute('aria-pressed', String(marked));
  cell.setAttribute('aria-disabled', String(!rolled));
  cell.setAttribute('aria-label', t('player.cell', { ball: ballLabel(number), state }));
  (cell.lastElementChild as HTMLElement).textContent = rolled && !marked ? t('player.rolled') : '';
}

/**
 * The player's card (SPEC §2): B I N G O headers, a 'Free' centre, 25 buttons. Only a rolled number
 * can be marked; rolled ones are outlined so a reloaded card shows every roll. Arrow keys move
 * between cells, Enter or Space marks.
 */
export const BingoBoard = memo(function BingoBoard({
  card,
  store,
  shown,
  onMark,
}: {
  /** The card's numbers by row, the centre 0. */
  card: number[][];
  /** The game: each cell is painted marked from it. */
  store: GameStore;
  /**
   * The balls shown as called: a cell is rolled (markable) once its ball has landed, so the card
   * never gives away a ball still tumbling on the screen, as auto-mark waits for it too.
   */
  shown: ShownRollsStore;
  onMark: (number: number) => void;
}) {
  const grid = useRef<HTMLDivElement>(null);
  const t = useT();
  // The cells are painted from the stores, not rendered: a roll writes the one cell it calls (issue
  // 46). Within a game the rolls and marks only grow, so a frame paints the numbers it added; any
  // other change (a snapshot's marks) paints every cell. A new card is a new painter: all cells.
  const paint = useMemo(() => {
    const cells = new Map(card.flat().map((number, i) => [number, i]));
    let painted: { rolls: readonly number[]; marks: readonly number[] } | null = null;
    // Called by either store: a mark comes from the game, a landing from the balls shown.
    return () => {
      const rolls = shown.get().rolls;
      const marks = store.get().markedCells;
      if (painted?.rolls === rolls && painted.marks === marks) return;
      const changed = painted
        ? [...addedTo(painted.rolls, rolls), ...addedTo(painted.marks, marks)]
        : card.flat();
      painted = { rolls, marks };
      const buttons = grid.current?.children;
      for (const number of changed) {
        const i = cells.get(number);
        if (i === undefined || number === FREE_CELL || !buttons) continue;
        paintCell(buttons[i] as HTMLButtonElement, number, rolls.includes(number), marks.includes(number), t);
      }
    };
  }, [card, t, store, shown]);
  usePaint(store, paint);
  usePaint(shown, paint);
  /** Only a number whose ball has landed can be marked, as the stores have it at the tap. */
  const tap = (number: number) => {
    if (shown.get().rolls.includes(number) && !store.get().markedCells.includes(number)) onMark(number);
  };

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
        {card.flat().map((number) =>
          number === FREE_CELL ? (
            <button
              key={number}
              type="button"
              className={`${classes.cell} ${classes.free}`}
              data-marked
              aria-pressed
              aria-label={t('player.free')}
            >
              {t('player.free')}
            </button>
          ) : (
            <button key={number} type="button" className={classes.cell} onClick={() => tap(number)}>
              {number}
              <span className={classes.cellNote} aria-hidden />
            </button>
          ),
        )}
      </div>
      {/* A plain hidden span, not Mantine's VisuallyHidden: the card renders with every roll. */}
      <span className={classes.srOnly}>{t('player.cardHint')}</span>
    </div>
  );
});

/**
 * Announces the newest ball to screen readers (every game screen has one), painted as it comes: from
 * the balls shown, so a tumbling ball is said when it lands, as the card, the chips and the big
 * screen show it (it never gives the ball away first).
 */
export const RollAnnouncer = memo(function RollAnnouncer({ shown }: { shown: ShownRollsStore }) {
  const live = useRef<HTMLSpanElement>(null);
  const t = useT();
  const paint = useMemo(() => {
    let said: number | undefined | null = null;
    return ({ rolls }: ShownRolls) => {
      const last = rolls.at(-1);
      if (last === said || !live.current) return;
      said = last;
      live.current.textContent = last !== undefined ? t('player.ballRolled', { ball: ballLabel(last) }) : '';
    };
  }, [t]);
  usePaint(shown, paint);
  return <span ref={live} className={classes.srOnly} aria-live="assertive" aria-atomic="true" />;
});
