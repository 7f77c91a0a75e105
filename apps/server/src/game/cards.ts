import { BINGO_COLUMN_SIZE, BINGO_MAX_NUMBER, type BingoCard, CARD_SIZE, FREE_CELL } from '@playshop/shared';

/** A uniform integer in [min, max): `crypto.randomInt` in production, a seeded one in tests. */
export type RandomInt = (min: number, max: number) => number;

/** Deals a card: five distinct numbers per column from that column's range, the centre free. */
export function dealCard(randomInt: RandomInt): BingoCard {
  const columns = Array.from({ length: CARD_SIZE }, (_, c) => {
    const pool = Array.from({ length: BINGO_COLUMN_SIZE }, (_, i) => c * BINGO_COLUMN_SIZE + i + 1);
    // A partial Fisher–Yates shuffle: the first five places are a uniform sample without repeats.
    for (let i = 0; i < CARD_SIZE; i++) {
      const j = randomInt(i, pool.length);
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(0, CARD_SIZE);
  });
  return Array.from({ length: CARD_SIZE }, (_, r) =>
    Array.from({ length: CARD_SIZE }, (_, c) => (r === 2 && c === 2 ? FREE_CELL : columns[c]![r]!)),
  );
}

/** The next ball, uniform over those not yet drawn; null once all 75 are out. */
export function drawBall(rolled: readonly number[], randomInt: RandomInt): number | null {
  const drawn = new Set(rolled);
  const remaining: number[] = [];
  for (let n = 1; n <= BINGO_MAX_NUMBER; n++) if (!drawn.has(n)) remaining.push(n);
  if (remaining.length === 0) return null;
  return remaining[randomInt(0, remaining.length)]!;
}
