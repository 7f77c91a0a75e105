import { BINGO_COLUMN_SIZE, BINGO_LETTERS, ballLabel } from '@playshop/shared';
import { memo } from 'react';
import { useT } from '../../../i18n/locale-provider';
import gameClasses from '../shared/game.module.css';
import classes from './presenter.module.css';

/** One number of the board: memoised, so a roll renders the number it calls and the one it un-rings. */
const CallCell = memo(function CallCell({
  n,
  isCalled,
  isLast,
}: {
  n: number;
  isCalled: boolean;
  isLast: boolean;
}) {
  const t = useT();
  return (
    <li
      className={classes.callCell}
      data-called={isCalled || undefined}
      data-last={isLast || undefined}
      aria-label={isCalled ? t('presenter.calledBall', { ball: ballLabel(n) }) : ballLabel(n)}
    >
      {n}
    </li>
  );
});

/**
 * The 75-number call board: one row per letter (B 1–15 … O 61–75), called numbers lit and the
 * last one ringed, so the room can check a card against it from the back.
 */
export function CallBoard({
  rolls,
  fontSize = 28,
}: {
  rolls: readonly number[];
  fontSize?: number | string;
}) {
  const called = new Set(rolls);
  const last = rolls.at(-1);
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
          return <CallCell key={n} n={n} isCalled={called.has(n)} isLast={n === last} />;
        }),
      ])}
    </ul>
  );
}
