import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ballColumn,
  ballLabel,
  ballLetter,
  CARD_LINES,
  FREE_CELL,
  isBall,
  patternCells,
  WIN_PATTERN_KINDS,
  type WinPattern,
  winsPattern,
  ZWinPattern,
} from './bingo';

describe('balls', () => {
  it.each([
    [1, 'B'],
    [15, 'B'],
    [16, 'I'],
    [30, 'I'],
    [31, 'N'],
    [45, 'N'],
    [46, 'G'],
    [60, 'G'],
    [61, 'O'],
    [75, 'O'],
  ])('%i is %s', (n, letter) => {
    expect(ballLetter(n)).toBe(letter);
    expect(ballLabel(n)).toBe(`${letter} ${n}`);
  });
  it('knows what is not a ball', () => {
    for (const n of [0, 76, -1, 1.5, Number.NaN]) expect(isBall(n)).toBe(false);
    expect(() => ballColumn(0)).toThrow(RangeError);
  });
});

describe('win patterns', () => {
  /** A valid card: five distinct numbers per column from its range, the centre free. */
  const cardArb = fc
    .tuple(
      ...[0, 1, 2, 3, 4].map((c) =>
        fc.shuffledSubarray(
          Array.from({ length: 15 }, (_, i) => c * 15 + i + 1),
          { minLength: 5, maxLength: 5 },
        ),
      ),
    )
    .map((columns) =>
      Array.from({ length: 5 }, (_, r) =>
        Array.from({ length: 5 }, (_, c) => (r === 2 && c === 2 ? FREE_CELL : columns[c]![r]!)),
      ),
    );
  const patternArb: fc.Arbitrary<WinPattern> = fc.oneof(
    fc.constantFrom(...WIN_PATTERN_KINDS.filter((k) => k !== 'custom')).map((kind) => ({ kind })),
    fc.uniqueArray(fc.integer({ min: 0, max: 24 }), { minLength: 1, maxLength: 25 }).map((cells) => ({
      kind: 'custom' as const,
      cells,
    })),
  );
  const calledCells = (card: number[][], rolled: Set<number>) =>
    card.flat().map((n) => n === FREE_CELL || rolled.has(n));

  it("a card wins exactly when the pattern's cells are called (lines: when enough lines are)", () => {
    fc.assert(
      fc.property(
        cardArb,
        patternArb,
        fc.uniqueArray(fc.integer({ min: 1, max: 75 }), { maxLength: 75 }),
        (card, pattern, balls) => {
          const rolled = new Set(balls);
          const called = calledCells(card, rolled);
          const lines = CARD_LINES.filter((line) => line.cells.every(([r, c]) => called[r * 5 + c])).length;
          const expected =
            pattern.kind === 'any_line'
              ? lines >= 1
              : pattern.kind === 'two_lines'
                ? lines >= 2
                : patternCells(pattern)!.every((i) => called[i]);
          expect(winsPattern(pattern, card, rolled)).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('draws the fixed patterns as a player knows them', () => {
    expect(patternCells({ kind: 'four_corners' })).toEqual([0, 4, 20, 24]);
    expect(patternCells({ kind: 'x' })).toEqual([0, 4, 6, 8, 12, 16, 18, 20, 24]);
    expect(patternCells({ kind: 'frame' })).toHaveLength(16);
    expect(patternCells({ kind: 'full_house' })).toHaveLength(25);
    expect(patternCells({ kind: 'any_line' })).toBeNull();
    expect(ZWinPattern.safeParse({ kind: 'custom', cells: [] }).success).toBe(false);
    expect(ZWinPattern.safeParse({ kind: 'custom', cells: [25] }).success).toBe(false);
    expect(ZWinPattern.safeParse({ kind: 'custom', cells: [12] }).success).toBe(false);
    expect(ZWinPattern.safeParse({ kind: 'custom', cells: [12, 0] }).success).toBe(true);
  });

  it('a full house needs every number, the free centre counting', () => {
    fc.assert(
      fc.property(cardArb, (card) => {
        const all = new Set(card.flat().filter((n) => n !== FREE_CELL));
        expect(winsPattern({ kind: 'full_house' }, card, all)).toBe(true);
        const missing = [...all][0]!;
        all.delete(missing);
        expect(winsPattern({ kind: 'full_house' }, card, all)).toBe(false);
      }),
    );
  });
});
