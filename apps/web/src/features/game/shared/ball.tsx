import { ballLabel, ballLetter } from '@playshop/shared';
import { memo } from 'react';
import classes from './game.module.css';

/** A bingo ball: its colour, and always its letter and number (never colour alone). */
export const Ball = memo(function Ball({
  number,
  size = 'md',
  className,
}: {
  number: number;
  size?: 'sm' | 'md' | 'xl';
  className?: string;
}) {
  const letter = ballLetter(number);
  return (
    <span
      className={[classes.ball, className].filter(Boolean).join(' ')}
      data-letter={letter}
      data-size={size}
      role="img"
      aria-label={ballLabel(number)}
    >
      <span className={classes.ballLetter} aria-hidden>
        {letter}
      </span>
      <span aria-hidden>{number}</span>
    </span>
  );
});

/** One chip of the row: memoised with its item, so a roll diffs the row's props, not every item. */
const Chip = memo(function Chip({ number, size }: { number: number; size: 'sm' | 'md' }) {
  return (
    <li>
      <Ball number={number} size={size} />
    </li>
  );
});

/** Rolled balls as chips, newest first: a roll renders the new chip only. */
export const BallChips = memo(function BallChips({
  rolls,
  size = 'sm',
  label,
}: {
  rolls: number[];
  size?: 'sm' | 'md';
  label: string;
}) {
  return (
    // A row that scrolls sideways must take the keyboard focus so it can be scrolled without a mouse.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs to be focusable
    <ul className={classes.chips} aria-label={label} tabIndex={0}>
      {rolls.map((_, i) => {
        const n = rolls[rolls.length - 1 - i]!;
        return <Chip key={n} number={n} size={size} />;
      })}
    </ul>
  );
});
