import { Stack, Text } from '@mantine/core';
import { BALL_COLOURS, ballLabel, ballLetter } from '@playshop/shared';
import { useEffect, useState } from 'react';
import { Ball } from './ball';
import classes from './game.module.css';

/** How long the ball tumbles before it lands big, inside the 12 s of the roll state. */
export const TUMBLE_MS = 3000;

/**
 * Give it `key={number}` so each roll starts over.
 *
 * SPEC §2 Roll animation, drawn rather than a video (docs/decisions.md): the ball tumbles in its
 * colour, then lands as a large ball with its letter and number.
 */
export function RollAnimation({ number }: { number: number }) {
  const [landed, setLanded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLanded(true), TUMBLE_MS);
    return () => clearTimeout(timer);
  }, []);
  const letter = ballLetter(number);
  return (
    <div className={classes.rollStage}>
      {landed ? (
        <Stack align="center" gap="sm">
          <Ball number={number} size="xl" className={classes.landed} />
          <Text fz={32} fw={800}>
            {ballLabel(number)}
          </Text>
        </Stack>
      ) : (
        <Stack align="center" gap="sm">
          <span
            className={`${classes.ball} ${classes.tumble}`}
            data-letter={letter}
            data-size="md"
            aria-hidden
          />
          <Text fw={700}>Rolling a {BALL_COLOURS[letter]} ball…</Text>
        </Stack>
      )}
    </div>
  );
}
