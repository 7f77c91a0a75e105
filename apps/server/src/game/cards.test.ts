import { randomInt } from 'node:crypto';
import { BINGO_MAX_NUMBER, CARD_LINES, FREE_CELL, isValidCard, winningLines } from '@playshop/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dealCard, drawBall, type RandomInt } from './cards';

/** A deterministic RandomInt from a seed (mulberry32), so fast-check can shrink failures. */
function seeded(seed: number): RandomInt {
  let a = seed >>> 0;
  return (min, max) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const u = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return min + Math.floor(u * (max - min));
  };
}

const seedArb = fc.integer({ min: 0, max: 0xffffffff });
const cardArb = seedArb.map((s) => dealCard(seeded(s)));
const rolledArb = fc.uniqueArray(fc.integer({ min: 1, max: BINGO_MAX_NUMBER }), {
  maxLength: BINGO_MAX_NUMBER,
});

describe('dealCard', () => {
  it('always deals a valid card: column ranges, distinct numbers, free centre', () => {
    fc.assert(fc.property(seedArb, (s) => isValidCard(dealCard(seeded(s)))));
    expect(isValidCard(dealCard(randomInt))).toBe(true);
  });

  it('reaches every number of every column', () => {
    const seen = new Set<number>();
    const rng = seeded(7);
    for (let i = 0; i < 200; i++) for (const n of dealCard(rng).flat()) seen.add(n);
    expect(seen.size).toBe(BINGO_MAX_NUMBER + 1); // 1…75 and the free cell
  });

  it('rejects malformed cards', () => {
    const card = dealCard(seeded(1));
    expect(isValidCard(card.map((row) => row.slice(0, 4)))).toBe(false);
    const wrongColumn = card.map((row) => [...row]);
    wrongColumn[0]![0] = 75;
    expect(isValidCard(wrongColumn)).toBe(false);
    const noFree = card.map((row) => [...row]);
    noFree[2]![2] = 40;
    expect(isValidCard(noFree)).toBe(false);
    const repeated = card.map((row) => [...row]);
    repeated[1]![0] = repeated[0]![0]!;
    expect(isValidCard(repeated)).toBe(false);
  });
});

describe('drawBall', () => {
  it('never repeats and stops after 75', () => {
    fc.assert(
      fc.property(seedArb, (s) => {
        const rng = seeded(s);
        const rolled: number[] = [];
        for (let n = drawBall(rolled, rng); n !== null; n = drawBall(rolled, rng)) rolled.push(n);
        expect(rolled).toHaveLength(BINGO_MAX_NUMBER);
        expect(new Set(rolled).size).toBe(BINGO_MAX_NUMBER);
        expect(Math.min(...rolled)).toBe(1);
        expect(Math.max(...rolled)).toBe(BINGO_MAX_NUMBER);
      }),
      { numRuns: 50 },
    );
  });

  it('draws only from the balls still in', () => {
    fc.assert(
      fc.property(rolledArb, seedArb, (rolled, s) => {
        const next = drawBall(rolled, seeded(s));
        if (rolled.length === BINGO_MAX_NUMBER) return next === null;
        return next !== null && !rolled.includes(next);
      }),
    );
  });
});

describe('winningLines', () => {
  it('a line wins once all its numbers are rolled, the free centre counting', () => {
    fc.assert(
      fc.property(cardArb, fc.integer({ min: 0, max: CARD_LINES.length - 1 }), (card, i) => {
        const line = CARD_LINES[i]!;
        const numbers = line.cells.map(([r, c]) => card[r]![c]!).filter((n) => n !== FREE_CELL);
        expect(winningLines(card, new Set(numbers))).toContain(line.id);
        // One number short of the line is not a win on that line.
        expect(winningLines(card, new Set(numbers.slice(1)))).not.toContain(line.id);
      }),
    );
  });

  it('every line it reports is fully rolled, and numbers off the card change nothing', () => {
    fc.assert(
      fc.property(cardArb, rolledArb, (card, rolledList) => {
        const rolled = new Set(rolledList);
        const lines = winningLines(card, rolled);
        for (const id of lines) {
          const line = CARD_LINES.find((l) => l.id === id)!;
          expect(line.cells.every(([r, c]) => card[r]![c] === FREE_CELL || rolled.has(card[r]![c]!))).toBe(
            true,
          );
        }
        const onCard = new Set(rolledList.filter((n) => card.flat().includes(n)));
        expect(winningLines(card, onCard)).toEqual(lines);
      }),
    );
  });

  it('needs at least four rolls', () => {
    fc.assert(
      fc.property(
        cardArb,
        fc.uniqueArray(fc.integer({ min: 1, max: 75 }), { maxLength: 3 }),
        (card, rolled) => winningLines(card, new Set(rolled)).length === 0,
      ),
    );
  });

  it('knows the twelve lines', () => {
    expect(CARD_LINES.map((l) => l.id)).toEqual([
      'row-0',
      'row-1',
      'row-2',
      'row-3',
      'row-4',
      'col-0',
      'col-1',
      'col-2',
      'col-3',
      'col-4',
      'diag-down',
      'diag-up',
    ]);
  });
});
