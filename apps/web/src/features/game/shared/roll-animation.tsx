import { BALL_COLOURS, ballLabel, ballLetter } from '@playshop/shared';
import { useEffect, useState } from 'react';
import { Ball } from './ball';
import classes from './game.module.css';
import type { GameState } from './game-reducer';

/** How long the ball tumbles before it lands big, inside the 12 s of the roll state. */
export const TUMBLE_MS = 3000;

/**
 * Give it `key={number}` so each roll starts over.
 *
 * SPEC §2 Roll animation, drawn rather than a video (docs/decisions.md): the ball tumbles in its
 * colour, then lands as a large ball with its letter and number. `compact` is the phone's banner
 * above the card: a row with a normal-sized ball.
 */
export function RollAnimation({ number, compact = false }: { number: number; compact?: boolean }) {
  const [landed, setLanded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLanded(true), TUMBLE_MS);
    return () => clearTimeout(timer);
  }, []);
  const letter = ballLetter(number);
  // Plain elements with what Mantine's Stack and Text set: a roll mounts them on a budget phone.
  return (
    <div className={classes.rollStage} data-compact={compact || undefined}>
      {landed ? (
        <div className={classes.rollLine}>
          <Ball number={number} size={compact ? 'md' : 'xl'} className={classes.landed} />
          <p className={classes.rollLabel}>{ballLabel(number)}</p>
        </div>
      ) : (
        <div className={classes.rollLine}>
          <span className={classes.tumbleTrack}>
            <span
              className={`${classes.ball} ${classes.tumble}`}
              data-letter={letter}
              data-size="md"
              aria-hidden
            />
          </span>
          <p className={classes.rolling}>Rolling a {BALL_COLOURS[letter]} ball…</p>
        </div>
      )}
    </div>
  );
}

/** The roll state with its animation on: the newest ball is tumbling, if there is one. */
export const rollTumbles = (state: GameState): boolean =>
  state.gameState === 'roll' && !state.hideRollAnimation;
