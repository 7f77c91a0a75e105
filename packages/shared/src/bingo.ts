import { BINGO_COLUMN_SIZE, BINGO_LETTERS, BINGO_MAX_NUMBER } from './constants';

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
