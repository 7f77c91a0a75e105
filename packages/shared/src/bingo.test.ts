import { describe, expect, it } from 'vitest';
import { ballColumn, ballLabel, ballLetter, isBall } from './bingo';

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
