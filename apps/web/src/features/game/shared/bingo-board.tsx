import { BINGO_LETTERS, ballLabel, FREE_CELL } from '@playshop/shared';
import { type KeyboardEvent, memo, useRef } from 'react';
import { useT } from '../../../i18n/locale-provider';
import classes from './game.module.css';
import type { GameState } from './game-reducer';
import { type GameStore, useGame } from './game-store';

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

/**
 * One number of the card: marked, rolled (markable) or waiting; the centre is Free. It reads its own
 * two facts from the game's store, so a roll renders only the cell it calls (issue 46: a budget phone).
 */
const Cell = memo(function Cell({
  number,
  store,
  onMark,
}: {
  number: number;
  store: GameStore;
  onMark: (number: number) => void;
}) {
  const t = useT();
  const marked = useGame(store, (state) => state.markedCells.includes(number));
  const isRolled = useGame(store, (state) => state.bingoRolls.includes(number));
  if (number === FREE_CELL) {
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
  const state = marked ? 'marked' : isRolled ? 'rolled' : 'waiting';
  return (
    <button
      type="button"
      className={classes.cell}
      data-rolled={isRolled || undefined}
      data-marked={marked || undefined}
      aria-pressed={marked}
      aria-disabled={!isRolled}
      aria-label={t('player.cell', { ball: ballLabel(number), state })}
      onClick={() => {
        if (isRolled && !marked) onMark(number);
      }}
    >
      {number}
      {isRolled && !marked && (
        <span className={classes.cellNote} aria-hidden>
          {t('player.rolled')}
        </span>
      )}
    </button>
  );
});

/**
 * The player's card (SPEC §2): B I N G O headers, a 'Free' centre, 25 buttons. Only a rolled number
 * can be marked; rolled ones are outlined so a reloaded card shows every roll. Arrow keys move
 * between cells, Enter or Space marks.
 */
export const BingoBoard = memo(function BingoBoard({
  card,
  store,
  onMark,
}: {
  /** The card's numbers by row, the centre 0. */
  card: number[][];
  /** The game: each cell reads whether it is rolled and marked. */
  store: GameStore;
  onMark: (number: number) => void;
}) {
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
        {card.flatMap((row) =>
          row.map((number) => <Cell key={number} number={number} store={store} onMark={onMark} />),
        )}
      </div>
      {/* A plain hidden span, not Mantine's VisuallyHidden: the card renders with every roll. */}
      <span className={classes.srOnly}>{t('player.cardHint')}</span>
    </div>
  );
});

const lastRollOf = (state: GameState) => state.bingoRolls.at(-1);

/** Announces the newest roll to screen readers (every game screen has one). */
export const RollAnnouncer = memo(function RollAnnouncer({ store }: { store: GameStore }) {
  const last = useGame(store, lastRollOf);
  const t = useT();
  return (
    <span className={classes.srOnly} aria-live="assertive" aria-atomic="true">
      {last !== undefined ? t('player.ballRolled', { ball: ballLabel(last) }) : ''}
    </span>
  );
});
