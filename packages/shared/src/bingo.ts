import { z } from 'zod/mini';
import { BINGO_COLUMN_SIZE, BINGO_LETTERS, BINGO_MAX_NUMBER } from './constants';
import { key } from './server-messages';

/** A 5×5 card as rows of numbers; the centre is FREE_CELL. Column c holds c*15+1 … c*15+15. */
export type BingoCard = number[][];
export const CARD_SIZE = 5;
export const FREE_CELL = 0;
const CENTRE = 2;

export type BallLetter = (typeof BINGO_LETTERS)[number];

/** Ball colours of SPEC §3, always shown with the letter and number, never alone. */
export const BALL_COLOURS: Record<BallLetter, string> = {
  B: 'purple',
  I: 'red',
  N: 'yellow',
  G: 'blue',
  O: 'green',
};

export const isBall = (n: number): boolean => Number.isInteger(n) && n >= 1 && n <= BINGO_MAX_NUMBER;

/** 0 for B … 4 for O. */
export function ballColumn(n: number): number {
  if (!isBall(n)) throw new RangeError(`not a bingo ball: ${n}`);
  return Math.floor((n - 1) / BINGO_COLUMN_SIZE);
}

export const ballLetter = (n: number): BallLetter => BINGO_LETTERS[ballColumn(n)]!;
/** 'B 7', 'O 75': how a ball is shown and announced. */
export const ballLabel = (n: number): string => `${ballLetter(n)} ${n}`;

/** Whether a card has the shape the server deals: ranges per column, distinct numbers, free centre. */
export function isValidCard(card: unknown): card is BingoCard {
  if (!Array.isArray(card) || card.length !== CARD_SIZE) return false;
  const seen = new Set<number>();
  for (let r = 0; r < CARD_SIZE; r++) {
    const row = card[r];
    if (!Array.isArray(row) || row.length !== CARD_SIZE) return false;
    for (let c = 0; c < CARD_SIZE; c++) {
      const n = row[c];
      if (r === CENTRE && c === CENTRE) {
        if (n !== FREE_CELL) return false;
        continue;
      }
      if (typeof n !== 'number' || !isBall(n) || ballColumn(n) !== c || seen.has(n)) return false;
      seen.add(n);
    }
  }
  return true;
}

/** The twelve lines of a card: five rows, five columns and both diagonals, as [row, col] cells. */
export const CARD_LINES: readonly { id: string; cells: readonly (readonly [number, number])[] }[] = [
  ...[0, 1, 2, 3, 4].map((r) => ({ id: `row-${r}`, cells: [0, 1, 2, 3, 4].map((c) => [r, c] as const) })),
  ...[0, 1, 2, 3, 4].map((c) => ({ id: `col-${c}`, cells: [0, 1, 2, 3, 4].map((r) => [r, c] as const) })),
  { id: 'diag-down', cells: [0, 1, 2, 3, 4].map((i) => [i, i] as const) },
  { id: 'diag-up', cells: [0, 1, 2, 3, 4].map((i) => [4 - i, i] as const) },
];

/** The lines of `card` whose every number has been rolled; the free centre always counts. */
export function winningLines(card: BingoCard, rolled: ReadonlySet<number>): string[] {
  return CARD_LINES.filter((line) =>
    line.cells.every(([r, c]) => {
      const n = card[r]![c]!;
      return n === FREE_CELL || rolled.has(n);
    }),
  ).map((line) => line.id);
}

/**
 * SPEC §2 Win screen: one of seven winner sounds (apps/web/public/sounds). The server picks one per
 * win and sends it as `winnerAudio`, so every screen in the room plays the same one.
 */
export const WINNER_SOUNDS: readonly string[] = Array.from(
  { length: 7 },
  (_, i) => `/sounds/winner-${i + 1}.wav`,
);

/** SPEC §9: the timer choices, 20 to 120 seconds in steps of 5 (0 cancels a timer). */
export const TIMER_CHOICES: readonly number[] = Array.from({ length: 21 }, (_, i) => 20 + i * 5);

/**
 * Win patterns a facilitator picks for a round. A pattern is
 * either a number of complete lines, or a fixed set of cells that must all be called (the free
 * centre always counts). Cells are numbered 0–24, row by row.
 */
export const WIN_PATTERN_KINDS = [
  'any_line',
  'two_lines',
  'four_corners',
  'x',
  'frame',
  'full_house',
  'custom',
] as const;
export type WinPatternKind = (typeof WIN_PATTERN_KINDS)[number];

export const WIN_PATTERN_NAMES: Record<WinPatternKind, string> = {
  any_line: 'Any line',
  two_lines: 'Two lines',
  four_corners: 'Four corners',
  x: 'X',
  frame: 'Frame',
  full_house: 'Full house',
  custom: 'Custom pattern',
};

const CELL_COUNT = CARD_SIZE * CARD_SIZE;
/** The free centre as a cell index (row-major, 0–24). */
const CENTRE_CELL_INDEX = CENTRE * CARD_SIZE + CENTRE;
const cellIndex = (r: number, c: number) => r * CARD_SIZE + c;
const ALL_CELLS = Array.from({ length: CELL_COUNT }, (_, i) => i);
const FIXED_CELLS: Partial<Record<WinPatternKind, readonly number[]>> = {
  four_corners: [0, 4, 20, 24],
  x: ALL_CELLS.filter((i) => {
    const [r, c] = [Math.floor(i / CARD_SIZE), i % CARD_SIZE];
    return r === c || r + c === CARD_SIZE - 1;
  }),
  frame: ALL_CELLS.filter((i) => {
    const [r, c] = [Math.floor(i / CARD_SIZE), i % CARD_SIZE];
    return r === 0 || c === 0 || r === CARD_SIZE - 1 || c === CARD_SIZE - 1;
  }),
  full_house: ALL_CELLS,
};

export const ZWinPattern = z
  .strictObject({
    kind: z.enum(WIN_PATTERN_KINDS),
    /** Custom patterns only: the cells (0–24, row by row) that must all be called. */
    cells: z.optional(
      z.array(z.number().check(z.int(), z.gte(0), z.lte(CELL_COUNT - 1))).check(z.maxLength(CELL_COUNT)),
    ),
  })
  // The free centre is marked on every card: a pattern of it alone would win before any ball.
  .check(
    z.refine((p) => p.kind !== 'custom' || (p.cells ?? []).some((cell) => cell !== CENTRE_CELL_INDEX), {
      message: key('validation.patternNeedsCell'),
      path: ['cells'],
    }),
  );
export type WinPattern = z.infer<typeof ZWinPattern>;

export const ANY_LINE: WinPattern = { kind: 'any_line' };

/** The cells a pattern needs, for drawing it; null for the line patterns (any row, column or diagonal). */
export function patternCells(pattern: WinPattern): readonly number[] | null {
  if (pattern.kind === 'custom') return [...new Set(pattern.cells ?? [])].sort((a, b) => a - b);
  return FIXED_CELLS[pattern.kind] ?? null;
}

/** Whether `card` wins `pattern` with these numbers called; the free centre always counts. */
export function winsPattern(pattern: WinPattern, card: BingoCard, rolled: ReadonlySet<number>): boolean {
  if (pattern.kind === 'any_line') return winningLines(card, rolled).length >= 1;
  if (pattern.kind === 'two_lines') return winningLines(card, rolled).length >= 2;
  const called = (i: number) => {
    const n = card[Math.floor(i / CARD_SIZE)]![i % CARD_SIZE]!;
    return n === FREE_CELL || rolled.has(n);
  };
  return (patternCells(pattern) ?? []).every(called);
}

export { cellIndex };
