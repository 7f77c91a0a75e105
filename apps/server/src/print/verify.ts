import {
  type BingoCard,
  CARD_LINES,
  CARD_SIZE,
  FREE_CELL,
  patternCells,
  type WinPattern,
  winsPattern,
} from '@playshop/shared';

/** What a printed card still needs for one prize: the engine's rule decides, this explains. */
export interface PrizeCheck {
  pattern: WinPattern;
  wins: boolean;
  /** Numbers of the card not called yet that stand between it and the prize (closest line(s) for line prizes). */
  missing: number[];
}

const uncalled = (
  card: BingoCard,
  cells: readonly (readonly [number, number])[],
  rolled: ReadonlySet<number>,
) => cells.map(([r, c]) => card[r]![c]!).filter((n) => n !== FREE_CELL && !rolled.has(n));

/** The numbers `card` still needs for `pattern`; empty when it wins. */
export function missingFor(pattern: WinPattern, card: BingoCard, rolled: ReadonlySet<number>): number[] {
  const lines = pattern.kind === 'any_line' ? 1 : pattern.kind === 'two_lines' ? 2 : 0;
  if (lines > 0) {
    // The lines nearest completion: what a caller would tell the player is missing.
    const nearest = CARD_LINES.map((line) => uncalled(card, line.cells, rolled))
      .sort((a, b) => a.length - b.length)
      .slice(0, lines);
    return [...new Set(nearest.flat())].sort((a, b) => a - b);
  }
  const cells = (patternCells(pattern) ?? []).map((i) => [Math.floor(i / CARD_SIZE), i % CARD_SIZE] as const);
  return uncalled(card, cells, rolled).sort((a, b) => a - b);
}

/** Every prize of the round checked on one card with the balls called so far. */
export function checkPrizes(
  prizes: readonly WinPattern[],
  card: BingoCard,
  rolls: readonly number[],
): PrizeCheck[] {
  const rolled = new Set(rolls);
  return prizes.map((pattern) => {
    const wins = winsPattern(pattern, card, rolled);
    return { pattern, wins, missing: wins ? [] : missingFor(pattern, card, rolled) };
  });
}
