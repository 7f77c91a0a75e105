import { describe, expect, it } from 'vitest';
import {
  answerType,
  CHIP_ROW_EM,
  chipWidthEm,
  fitType,
  LINE_HEIGHT,
  linesFor,
  MONO_CHAR_EM,
  NAME_WALL_STEPS,
  nameWall,
  oneLine,
  QUESTION_MIN_VMIN,
  questionType,
  rowsFor,
  STAGE_BOXES,
  stageBoxes,
  USUAL_QUESTION_CHARS,
} from './stage-type';

/** The screens the presenter must fill: vmin in px and width in vmin. */
const SCREENS = [
  { name: '1024×768', width: 1024, height: 768 },
  { name: '1280×720', width: 1280, height: 720 },
  { name: '1920×1080', width: 1920, height: 1080 },
  { name: '3840×2160', width: 3840, height: 2160 },
];

const names = (count: number, length = 14, ready = (i: number) => i % 3 === 0) =>
  Array.from({ length: count }, (_, i) => ({
    username: `p${String(i).padStart(3, '0')}`.padEnd(length, 'x'),
    isReady: ready(i),
  }));

describe('the presenter sizing rules', () => {
  it('the question is at least 5% of the screen height on every supported screen, up to 120 characters', () => {
    for (const length of [10, 60, 100, USUAL_QUESTION_CHARS]) {
      const v = questionType('x'.repeat(length));
      expect(v).toBeGreaterThanOrEqual(QUESTION_MIN_VMIN);
      for (const s of SCREENS) {
        const px = (v / 100) * Math.min(s.width, s.height);
        expect(px, `${length} chars at ${s.name}`).toBeGreaterThanOrEqual(0.05 * s.height);
      }
    }
  });

  it('every question up to the 2,000 characters the schema allows fits its box, smaller as it grows', () => {
    let previous = Number.POSITIVE_INFINITY;
    for (let length = 1; length <= 2000; length += 37) {
      const v = questionType('x'.repeat(length));
      expect(linesFor(length, v, STAGE_BOXES.question.width) * v * LINE_HEIGHT).toBeLessThanOrEqual(
        STAGE_BOXES.question.height,
      );
      expect(v).toBeLessThanOrEqual(previous);
      previous = v;
    }
    // A short question is big: well over the minimum.
    expect(questionType('Where is the fire exit?')).toBeGreaterThanOrEqual(6.5);
  });

  it('answers get one size that fits the longest: four short ones large, ten long ones smaller', () => {
    const short = answerType(['Stairs', 'Lift', 'Window', 'Door']);
    expect(short).toBeGreaterThanOrEqual(4);
    const long = answerType(Array.from({ length: 8 }, () => 'x'.repeat(60)));
    expect(long).toBeLessThan(short);
    const box = stageBoxes(4 / 3).answers;
    expect(linesFor(60, long, box.width - 7) * long * LINE_HEIGHT).toBeLessThanOrEqual(box.height / 8);
  });

  it('fitType answers the floor when nothing larger fits', () => {
    expect(fitType(100_000, { width: 10, height: 10 }, 5, 1)).toBe(1);
    expect(fitType(3, { width: 100, height: 100 }, 5, 1)).toBe(5);
  });

  it('the room code and the join link stay on one line in any box: chars × advance never exceed it', () => {
    for (const chars of [7, 24, 40, 64]) {
      const css = oneLine(chars, 20);
      const cqi = Number(/ ([\d.]+)cqi/.exec(css)![1]);
      expect(cqi * chars * MONO_CHAR_EM).toBeLessThanOrEqual(100);
      expect(css).toMatch(/^min\(20vmin, [\d.]+cqi\)$/);
    }
    expect(oneLine(10, 3, 0.5)).not.toBe(oneLine(10, 3));
  });

  it('the boxes grow with a wider screen', () => {
    const narrow = stageBoxes(4 / 3);
    const wide = stageBoxes(16 / 9);
    expect(wide.question.width).toBeGreaterThan(narrow.question.width);
    expect(wide.nameWall.width).toBeGreaterThan(narrow.nameWall.width);
    expect(wide.nameWall.height).toBe(narrow.nameWall.height);
  });

  it('rowsFor wraps names as flex-wrap does', () => {
    expect(rowsFor([], 10)).toBe(0);
    expect(rowsFor([4, 4, 4], 10)).toBe(2);
    expect(rowsFor([5, 5, 5, 5], 10)).toBe(2);
    expect(rowsFor([11, 1], 10)).toBe(2);
  });

  it('a small lobby gets the largest names; the type steps down as the lobby grows', () => {
    expect(nameWall(names(5))).toEqual({ fontVmin: NAME_WALL_STEPS[0], shown: 5 });
    let previous = Number.POSITIVE_INFINITY;
    for (const count of [1, 10, 30, 60, 100]) {
      const wall = nameWall(names(count));
      expect(wall.fontVmin).toBeLessThanOrEqual(previous);
      expect(wall.shown).toBe(count);
      previous = wall.fontVmin;
    }
  });

  it('a lobby of 200 (and of 1,000) fits the wall: every name shown up to what the smallest type holds', () => {
    const box = STAGE_BOXES.nameWall;
    for (const count of [200, 1000]) {
      const list = names(count);
      const wall = nameWall(list);
      const shown = list.slice(list.length - wall.shown);
      const rows = rowsFor(
        shown.map((n) => chipWidthEm(n) * wall.fontVmin),
        box.width,
      );
      expect(rows * CHIP_ROW_EM * wall.fontVmin).toBeLessThanOrEqual(box.height);
      expect(wall.shown).toBeGreaterThan(0);
    }
    // 200 names of 10 characters (first names, nicknames): all on a 16:9 wall; 200 of 17 characters
    // (player-123-abcdef): the newest that fit, and the count says all.
    expect(nameWall(names(200, 10), stageBoxes(16 / 9).nameWall).shown).toBe(200);
    expect(nameWall(names(200, 17), stageBoxes(16 / 9).nameWall).shown).toBeGreaterThan(140);
    expect(nameWall(names(200, 17)).shown).toBeGreaterThan(100);
    // The ready tick takes room: nobody ready fits more.
    expect(nameWall(names(200, 12, () => false)).shown).toBeGreaterThan(
      nameWall(names(200, 12, () => true)).shown,
    );
    expect(nameWall(names(1000)).shown).toBeLessThan(1000);
  });
});
