import { BINGO_COLUMN_SIZE, BINGO_LETTERS, ballLabel } from '@playshop/shared';
import { memo } from 'react';
import { useT } from '../../../i18n/locale-provider';
import gameClasses from '../shared/game.module.css';
import { type ShownRolls, type ShownRollsStore, useShownRolls } from '../shared/shown-rolls';
import classes from './presenter.module.css';

/** What one number of the board shows: one primitive, so a roll renders only the numbers it changes. */
const callOf = (n: number) => (shown: ShownRolls) =>
  shown.rolls.at(-1) === n ? 'last' : shown.rolls.includes(n) ? 'called' : null;

/**
 * One number of the board: it reads its own state from the balls shown, so a roll renders the number
 * it calls and the one it un-rings, not the board (issue 46).
 */
const CallCell = memo(function CallCell({ n, shown }: { n: number; shown: ShownRollsStore }) {
  const call = useShownRolls(shown, callOf(n));
  const t = useT();
  return (
    <li
      className={classes.callCell}
      data-called={call !== null || undefined}
      data-last={call === 'last' || undefined}
      aria-label={call !== null ? t('presenter.calledBall', { ball: ballLabel(n) }) : ballLabel(n)}
    >
      {n}
    </li>
  );
});

/**
 * The 75-number call board: one row per letter (B 1–15 … O 61–75), called numbers lit and the
 * last one ringed, so the room can check a card against it from the back. Memoised: it renders only
 * with its font size or language; each number follows the balls shown itself.
 */
export const CallBoard = memo(function CallBoard({
  shown,
  fontSize = 28,
}: {
  /** The balls called as the screen shows them (shown-rolls.ts). */
  shown: ShownRollsStore;
  fontSize?: number | string;
}) {
  const t = useT();
  return (
    <ul
      className={classes.callBoard}
      style={
        { '--call-font': typeof fontSize === 'number' ? `${fontSize}px` : fontSize } as React.CSSProperties
      }
      aria-label={t('presenter.callBoard')}
    >
      {BINGO_LETTERS.flatMap((letter, column) => [
        <li
          key={letter}
          className={`${classes.callLetter} ${gameClasses.letterColour}`}
          data-letter={letter}
          aria-hidden
        >
          {letter}
        </li>,
        ...Array.from({ length: BINGO_COLUMN_SIZE }, (_, i) => {
          const n = column * BINGO_COLUMN_SIZE + i + 1;
          return <CallCell key={n} n={n} shown={shown} />;
        }),
      ])}
    </ul>
  );
});
