/**
 * The presenter's sizing rules (issue 28): every size is a share of the screen's shorter side (vmin),
 * so the same stage fills a 1024×768 projector and a 3840×2160 screen alike, with no scrolling and no
 * cut words. Pure, so the rules are unit-tested; the layout (presenter.module.css) uses the same
 * boxes, and the browser tests measure the result at real sizes.
 *
 * Widths below are for the narrowest screen the presenter supports, 4:3 (133 vmin wide): a wider
 * screen only gives each box more room.
 */

/** How wide a character is on average, in em, for the semi-bold sans-serif of the stage (generous). */
export const CHAR_EM = 0.62;
/** Monospace characters are 0.6 em; the room code's letter spacing adds 0.04 em. */
export const MONO_CHAR_EM = 0.64;
/** Line height of the stage's wrapped text. */
export const LINE_HEIGHT = 1.2;

/** A length on the stage: `v` hundredths of the screen's shorter side, never below `minPx`. */
export const vmin = (v: number, minPx = 10): string => `max(${minPx}px, ${v}vmin)`;

/** The fixed type of the stage, in vmin. */
export const STAGE_TYPE = {
  title: 4,
  subtitle: 2.2,
  label: 2.8,
  body: 3.4,
  answer: 4,
  chartTick: 3.6,
  ballLabel: 6,
  small: 2.2,
  winTitle: 8,
  winName: 5,
  winPattern: 3,
} as const;

/** The stage's frame, in vmin: padding around it, the header row, the gaps between panels. */
export const STAGE_FRAME = { padX: 3, padY: 2, header: 9, gap: 2, panelPad: 2 } as const;
/** The game stage's balls column, as a share of the stage's width (the content beside it gets the rest). */
export const BALLS_SHARE = 0.24;
/** The lobby's columns: join (QR, code, link) and players, 5 : 7. */
export const LOBBY_JOIN_SHARE = 5 / 12;

/** The screen in vmin: its longer side is 100 × the aspect ratio. */
const screenVmin = (aspect: number) =>
  aspect >= 1 ? { width: 100 * aspect, height: 100 } : { width: 100, height: 100 / aspect };

/**
 * The boxes text must fit in, in vmin, on a screen of this aspect ratio (width / height), as
 * presenter.module.css lays them out.
 */
export function stageBoxes(aspect: number) {
  const { padX, padY, header, gap, panelPad } = STAGE_FRAME;
  const screen = screenVmin(aspect);
  const inner = { width: screen.width - 2 * padX, height: screen.height - 2 * padY - header - gap };
  const contentWidth = (inner.width - gap) * (1 - BALLS_SHARE) - 2 * panelPad;
  return {
    /** The question, above its answers and tally (two fifths of the panel's height). */
    question: { width: contentWidth, height: (inner.height - 2 * panelPad) * QUESTION_SHARE },
    /** The answers, under the question, beside the tally (55 : 45). */
    answers: {
      width: contentWidth * 0.55,
      height: (inner.height - 2 * panelPad) * (1 - QUESTION_SHARE) - gap,
    },
    /** The lobby's name wall: the players column under its heading and the ready count (13 vmin). */
    nameWall: {
      width: (inner.width - gap) * (1 - LOBBY_JOIN_SHARE) - 2 * panelPad,
      height: inner.height - 2 * panelPad - 13,
    },
  };
}

/** The question's share of the content panel's height; the answers and the tally share the rest. */
export const QUESTION_SHARE = 0.4;

/** The narrowest screen the presenter supports: 4:3. */
export const STAGE_BOXES = stageBoxes(4 / 3);

/** How many lines `chars` characters take at `fontVmin` in a box `widthVmin` wide, words wrapping. */
export function linesFor(chars: number, fontVmin: number, widthVmin: number): number {
  const perLine = Math.max(1, Math.floor(widthVmin / (fontVmin * CHAR_EM)));
  // Words wrap whole: a line holds a word less than it could, on average.
  return Math.max(1, Math.ceil((chars * 1.15) / perLine));
}

/**
 * The largest type, from `maxVmin` down to `minVmin` in quarter steps, at which `chars` characters fit
 * the box; `minVmin` when nothing larger does.
 */
export function fitType(
  chars: number,
  box: { width: number; height: number },
  maxVmin: number,
  minVmin: number,
): number {
  for (let f = maxVmin; f > minVmin; f -= 0.25) {
    if (linesFor(chars, f, box.width) * f * LINE_HEIGHT <= box.height) return f;
  }
  return minVmin;
}

/** The question is the stage's main text: at least 5% of the screen's height for any usual question. */
export const QUESTION_MIN_VMIN = 5;
/** A very long question (the schema allows 2,000 characters) gets smaller rather than cut. */
export const QUESTION_FLOOR_VMIN = 1.2;
/** Up to this length a question keeps the minimum (5 vmin) on every screen. */
export const USUAL_QUESTION_CHARS = 120;

/** The question's type size, in vmin: as large as fits its box, 5 or more for a usual question. */
export function questionType(question: string, aspect = 4 / 3): number {
  return fitType(question.length, stageBoxes(aspect).question, 7, QUESTION_FLOOR_VMIN);
}

/**
 * The answers' type size, in vmin: one size for all, as large as lets the longest fit its share of
 * the answers column (the tally takes the rest of the row).
 */
export function answerType(answers: readonly string[], aspect = 4 / 3): number {
  const { answers: box } = stageBoxes(aspect);
  const count = Math.max(1, answers.length);
  const longest = Math.max(1, ...answers.map((a) => a.length));
  // Each answer: its letter (1.6 em) beside the text, 1 vmin of padding and gap.
  return fitType(longest, { width: box.width - 7, height: box.height / count - 1.5 }, 4.5, 1.4);
}

/**
 * Text that must stay on one line (the room code, the join link) in a box whose width the browser
 * knows (container query units): the smaller of `maxVmin` and the size at which `chars` fill the box.
 */
export function oneLine(chars: number, maxVmin: number, charEm = MONO_CHAR_EM): string {
  const cqi = 100 / (Math.max(1, chars) * charEm);
  return `min(${maxVmin}vmin, ${Math.floor(cqi * 100) / 100}cqi)`;
}

/** The name wall's type steps, largest first; the last is the smallest still read at a few metres. */
export const NAME_WALL_STEPS = [4, 3.4, 2.8, 2.4, 2, 1.7, 1.5, 1.2] as const;

/** A name on the wall: its username, and whether it carries the ready tick. */
export interface WallName {
  username: string;
  isReady: boolean;
}

/**
 * One name on the wall, in em: its text, its padding (0.5 em each side), its border (0.1 em each
 * side), the gap after it, and the ready tick (1 em and a 0.2 em gap) when it has one.
 */
export const chipWidthEm = (name: WallName) =>
  name.username.length * CHAR_EM + 1 + 0.2 + 0.3 + (name.isReady ? 1.2 : 0);
/** A row of names: the line, its padding (0.15 em each side), its border and the gap under it. */
export const CHIP_ROW_EM = LINE_HEIGHT + 0.3 + 0.2 + 0.3;
/** What 'and N more' takes under the wall, in vmin: its line and the gap above it. */
const MORE_LINE_VMIN = 5;

/** How many rows names of these widths (in vmin) take when they wrap in a row `rowWidth` wide. */
export function rowsFor(widths: readonly number[], rowWidth: number): number {
  let rows = 0;
  let left = 0;
  for (const w of widths) {
    const width = Math.min(w, rowWidth);
    if (rows === 0 || width > left) {
      rows += 1;
      left = rowWidth;
    }
    left -= width;
  }
  return rows;
}

/**
 * The lobby's name wall: the largest step at which every name fits the wall; past what the smallest
 * fits (a lobby of several hundred), the newest names that do, and the count says the rest.
 */
export function nameWall(
  names: readonly WallName[],
  box: { width: number; height: number } = STAGE_BOXES.nameWall,
): { fontVmin: number; shown: number } {
  const fits = (list: readonly WallName[], f: number, height: number) =>
    rowsFor(
      list.map((n) => chipWidthEm(n) * f),
      box.width,
    ) *
      CHIP_ROW_EM *
      f <=
    height;
  for (const f of NAME_WALL_STEPS)
    if (fits(names, f, box.height)) return { fontVmin: f, shown: names.length };
  const smallest = NAME_WALL_STEPS.at(-1)!;
  let shown = names.length;
  while (shown > 0 && !fits(names.slice(names.length - shown), smallest, box.height - MORE_LINE_VMIN))
    shown -= 1;
  return { fontVmin: smallest, shown };
}
