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

/**
 * The ball `Ball` renders, built as DOM for a part painted outside the render (the phone's chips,
 * issue 46). game-screens.test.tsx holds the two alike.
 */
export function ballElement(number: number, size: 'sm' | 'md' | 'xl' = 'md'): HTMLSpanElement {
  const letter = ballLetter(number);
  const ball = document.createElement('span');
  ball.className = classes.ball!;
  ball.dataset.letter = letter;
  ball.dataset.size = size;
  ball.setAttribute('role', 'img');
  ball.setAttribute('aria-label', ballLabel(number));
  const letterPart = document.createElement('span');
  letterPart.className = classes.ballLetter!;
  letterPart.setAttribute('aria-hidden', 'true');
  letterPart.textContent = letter;
  const numberPart = document.createElement('span');
  numberPart.setAttribute('aria-hidden', 'true');
  numberPart.textContent = String(number);
  ball.append(letterPart, numberPart);
  return ball;
}

/**
 * Paints a row of balls, newest first, from the balls oldest first: the phone's chips (a list, each
 * ball in its item) and the facilitator's last three (`keep` 3). `painted` is what the row shows
 * (null: not known, a new painter, another size); as a game goes on it is the start of `rolls`, so a
 * roll adds its ball in front and drops the one past `keep`, touching nothing else; any other change
 * (a new game) paints the row anew.
 */
export function paintChips(
  row: HTMLElement,
  painted: readonly number[] | null,
  rolls: readonly number[],
  size: 'sm' | 'md',
  keep = Number.POSITIVE_INFINITY,
): void {
  let from = painted?.length ?? 0;
  if (!painted || from > rolls.length || painted.some((n, i) => rolls[i] !== n)) {
    row.replaceChildren();
    from = 0;
  }
  for (let i = Math.max(from, rolls.length - keep); i < rolls.length; i++) {
    const ball = ballElement(rolls[i]!, size);
    if (row instanceof HTMLUListElement) {
      const chip = document.createElement('li');
      chip.append(ball);
      row.prepend(chip);
    } else row.prepend(ball);
  }
  while (row.childElementCount > keep) row.lastElementChild!.remove();
}
