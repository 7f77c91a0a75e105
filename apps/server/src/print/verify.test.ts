import { randomInt } from 'node:crypto';
import { type BingoCard, FREE_CELL, WIN_PATTERN_KINDS, type WinPattern, winsPattern } from '@playshop/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dealCard } from '../game/cards';
import { dealUniqueCards } from './printed-cards';
import { checkPrizes, missingFor } from './verify';

/** Column c holds c*15+r+1 in row r: easy to read in a test. */
const card: BingoCard = [0, 1, 2, 3, 4].map((r) =>
  [0, 1, 2, 3, 4].map((c) => (r === 2 && c === 2 ? FREE_CELL : c * 15 + r + 1)),
);

describe('missingFor', () => {
  it('names what the nearest line still needs for any line', () => {
    // Row 0 (1, 16, 31, 46, 61) lacks only 61; nothing else is close.
    expect(missingFor({ kind: 'any_line' }, card, new Set([1, 16, 31, 46]))).toEqual([61]);
  });

  it('names the two nearest lines for two lines, and nothing once won', () => {
    // Row 0 is complete; the middle row (3, 18, free, 48, 63) lacks 63.
    const rolled = new Set([1, 16, 31, 46, 61, 3, 18, 48]);
    expect(missingFor({ kind: 'two_lines' }, card, rolled)).toEqual([63]);
    rolled.add(63);
    expect(missingFor({ kind: 'two_lines' }, card, rolled)).toEqual([]);
  });

  it("names the pattern's uncalled cells for fixed patterns", () => {
    expect(missingFor({ kind: 'four_corners' }, card, new Set([1, 61]))).toEqual([5, 65]);
    expect(missingFor({ kind: 'custom', cells: [0, 12, 24] }, card, new Set())).toEqual([1, 65]);
    expect(missingFor({ kind: 'full_house' }, card, new Set())).toHaveLength(24);
  });
});

describe('checkPrizes agrees with the engine rule', () => {
  const patternArb: fc.Arbitrary<WinPattern> = fc.oneof(
    fc.constantFrom(...WIN_PATTERN_KINDS.filter((k) => k !== 'custom')).map((kind) => ({ kind })),
    fc
      .uniqueArray(fc.integer({ min: 0, max: 24 }), { minLength: 1, maxLength: 25 })
      .map((cells) => ({ kind: 'custom' as const, cells })),
  );

  it('a card wins exactly when nothing is missing, and calling the missing numbers wins it', () => {
    fc.assert(
      fc.property(
        patternArb,
        fc.integer(),
        fc.uniqueArray(fc.integer({ min: 1, max: 75 }), { maxLength: 75 }),
        (pattern, seed, rolls) => {
          let s = seed;
          const dealt = dealCard((min, max) => {
            s = (s * 1103515245 + 12345) | 0;
            return min + (Math.abs(s) % (max - min));
          });
          const [check] = checkPrizes([pattern], dealt, rolls);
          expect(check!.wins).toBe(winsPattern(pattern, dealt, new Set(rolls)));
          expect(check!.wins).toBe(check!.missing.length === 0);
          expect(check!.missing.every((n) => !rolls.includes(n) && dealt.flat().includes(n))).toBe(true);
          expect(winsPattern(pattern, dealt, new Set([...rolls, ...check!.missing]))).toBe(true);
        },
      ),
    );
  });
});

describe('dealUniqueCards', () => {
  it('deals 500 valid cards with the game dealer, no two alike', () => {
    const cards = dealUniqueCards(500, randomInt);
    expect(cards).toHaveLength(500);
    expect(new Set(cards.map((c) => c.flat().join(','))).size).toBe(500);
  });

  it('skips a card the dealer deals twice', () => {
    // A dealer that deals each card twice in a row: draws repeat in blocks of two cards (25 draws each).
    let draw = 0;
    const repeating = (min: number, max: number) => {
      const cardNo = Math.floor(draw / 50);
      const i = draw % 25;
      draw += 1;
      return min + ((cardNo * 7 + i) % (max - min));
    };
    const cards = dealUniqueCards(3, repeating);
    const keys = cards.map((c) => c.flat().join(','));
    expect(new Set(keys).size).toBe(3);
    // A, A, B, B, C: five deals for three cards.
    expect(draw).toBe(25 * 5);
  });

  it('gives up, rather than loop, when the dealer only ever deals one card', () => {
    expect(() => dealUniqueCards(2, (min) => min)).toThrow(/same cards/);
  });
});
