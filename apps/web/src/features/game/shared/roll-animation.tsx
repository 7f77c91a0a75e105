import { BALL_COLOURS, ballLabel, ballLetter } from '@playshop/shared';
import { Ball } from './ball';
import classes from './game.module.css';
import { type ShownRollsStore, useShownRolls } from './shown-rolls';

/**
 * Give it `key={number}` so each roll starts over.
 *
 * SPEC §2 Roll animation, drawn rather than a video (docs/decisions.md): the ball tumbles in its
 * colour, then lands as a large ball with its letter and number. `compact` is the phone's banner
 * above the card: a row with a normal-sized ball. It lands when the balls shown say so
 * (shown-rolls.ts), on the screen's one timer: on the phone the ball joins the chips in the same
 * task, so a landing is one frame, not two (issue 46).
 */
export function RollAnimation({
  number,
  shown,
  compact = false,
}: {
  number: number;
  shown: ShownRollsStore;
  compact?: boolean;
}) {
  const landed = useShownRolls(shown, (s) => s.tumbling !== number);
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
