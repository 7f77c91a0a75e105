import { BALL_COLOURS, ballLabel, ballLetter } from '@playshop/shared';
import { useEffect, useMemo, useState } from 'react';
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

/**
 * The balls a screen shows as called: while a new ball tumbles (the roll animation) it is held back
 * until it lands, so no screen names it before the ball shows it, and none says 'No balls rolled
 * yet' under a ball that has landed.
 */
export function useLandedRolls(
  bingoRolls: number[],
  tumbles: boolean,
): { rolls: number[]; tumbling: number | null } {
  const last = bingoRolls.at(-1);
  const isTumbling = tumbles && last !== undefined;
  // Only a tumbling ball needs a landing: a hidden roll renders the chips once, not twice.
  const [landed, setLanded] = useState<number | undefined>();
  useEffect(() => {
    if (!isTumbling) return;
    const timer = setTimeout(() => setLanded(last), TUMBLE_MS);
    return () => clearTimeout(timer);
  }, [last, isTumbling]);
  // The same array for every render of one tumble, so the memoised chips do not render for a new one.
  const held = useMemo(() => bingoRolls.slice(0, -1), [bingoRolls]);
  if (!isTumbling || landed === last) return { rolls: bingoRolls, tumbling: null };
  return { rolls: held, tumbling: last! };
}

/** The roll state with its animation on: the newest ball is tumbling, if there is one. */
export const rollTumbles = (state: GameState): boolean =>
  state.gameState === 'roll' && !state.hideRollAnimation;
