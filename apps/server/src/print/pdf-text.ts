import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import bidiFactory from 'bidi-js';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

/**
 * A face of the printed cards: its width and drawing of a text. Helvetica (the PDF's standard font,
 * WinAnsi: Latin letters with their accents) prints the Latin languages; an Arabic set adds Noto
 * Naskh Arabic, whose letters fontkit joins (its shaper, through pdf-lib's embedFont), and lays each
 * line out right to left (the Unicode bidi algorithm, bidi-js). Docs: docs/i18n.md.
 */
export interface Face {
  width(text: string, size: number): number;
  /**
   * Draws `text` from its left edge at `x`. Its base direction: right to left for a line of an
   * Arabic set's texts ('rtl'), else the first strong letter's ('auto': a serial or 'B 12' stays
   * left to right, a room named in Arabic reads right to left).
   */
  draw(
    page: PDFPage,
    text: string,
    at: { x: number; y: number; size: number; color: Color; direction?: 'rtl' | 'auto' },
  ): void;
}

/** A stretch of a line in one font, in the order it is drawn, left to right. */
interface Piece {
  text: string;
  font: PDFFont;
}

const bidi = bidiFactory();
/** Letters of the right-to-left scripts: fontkit reverses a text that has them into visual order itself. */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

const characterSets = new WeakMap<PDFFont, Set<number>>();
function has(font: PDFFont, ch: string): boolean {
  let set = characterSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font, set);
  }
  return set.has(ch.codePointAt(0)!);
}

/**
 * `text` as pieces in drawing order. Without a script font: Helvetica, a character it lacks as '?'
 * (a room's name in another script must not fail the whole PDF). With one (`rtl`): each character
 * in visual order (the Unicode bidi algorithm, from `direction`), in Helvetica when it has the
 * character (digits and Latin names, so every card reads its numbers the same), else in the
 * script font; then each right-to-left stretch handed to pdf-lib in the order fontkit expects.
 */
function piecesOf(text: string, latin: PDFFont, script: PDFFont | null, direction: 'rtl' | 'auto'): Piece[] {
  if (!script) return [{ text: [...text].map((ch) => (has(latin, ch) ? ch : '?')).join(''), font: latin }];
  const levels = bidi.getEmbeddingLevels(text, direction);
  // bidi-js counts UTF-16 units: a character beyond them (an emoji in a room's name) prints as '??'.
  const chars = text.split('');
  for (const [i, mirror] of bidi.getMirroredCharactersMap(text, levels.levels)) chars[i] = mirror;
  const order = bidi.getReorderedIndices(text, levels);
  const pieces: (Piece & { rtl: boolean })[] = [];
  for (const i of order) {
    const ch = chars[i]!;
    const rtl = (levels.levels[i]! & 1) === 1;
    // Inside a right-to-left stretch, neutrals (spaces, colons) stay with the Arabic letters.
    const preferred = rtl ? [script, latin] : [latin, script];
    const font = preferred.find((f) => has(f, ch)) ?? latin;
    const shown = has(font, ch) ? ch : '?';
    const last = pieces.at(-1);
    if (last && last.font === font && last.rtl === rtl) last.text += shown;
    else pieces.push({ text: shown, font, rtl });
  }
  // pdf-lib draws a piece's characters as given, except that fontkit reverses (and joins) a text
  // with Arabic letters: such a piece goes back to reading order first.
  return pieces.map(({ text: shown, font, rtl }) => ({
    text: rtl && font === script && RTL_LETTER.test(shown) ? [...shown].reverse().join('') : shown,
    font,
  }));
}

function face(latin: PDFFont, script: PDFFont | null): Face {
  return {
    width: (text, size) =>
      piecesOf(text, latin, script, 'auto').reduce(
        (sum, p) => sum + p.font.widthOfTextAtSize(p.text, size),
        0,
      ),
    draw(page, text, { x, y, size, color, direction = 'auto' }) {
      let left = x;
      for (const piece of piecesOf(text, latin, script, direction)) {
        page.drawText(piece.text, { x: left, y, size, font: piece.font, color });
        left += piece.font.widthOfTextAtSize(piece.text, size);
      }
    },
  };
}

/** Noto Naskh Arabic (SIL Open Font License), as @embedpdf/fonts-arabic ships it. */
const ARABIC_FONT_DIR = join(
  dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-arabic')),
  '..',
  'fonts',
);
let arabicFiles: Promise<[Uint8Array, Uint8Array]> | null = null;
const arabicFonts = () => {
  arabicFiles ??= Promise.all([
    readFile(join(ARABIC_FONT_DIR, 'NotoNaskhArabic-Regular.ttf')),
    readFile(join(ARABIC_FONT_DIR, 'NotoNaskhArabic-Bold.ttf')),
  ]);
  return arabicFiles;
};

export interface Faces {
  regular: Face;
  bold: Face;
  /** The set's texts read right to left: lines start at the right. */
  rtl: boolean;
}

/**
 * The faces of a set in `language`: Helvetica and Helvetica Bold; for Arabic, with Noto Naskh
 * Arabic embedded as a subset (only the glyphs the set uses: a few kilobytes, not the 130 KB file),
 * read from disk only for an Arabic set.
 */
export async function embedFaces(
  doc: PDFDocument,
  latin: { regular: PDFFont; bold: PDFFont },
  language: string,
): Promise<Faces> {
  if (language !== 'ar')
    return { regular: face(latin.regular, null), bold: face(latin.bold, null), rtl: false };
  doc.registerFontkit(fontkit);
  const [regular, bold] = await arabicFonts();
  return {
    regular: face(latin.regular, await doc.embedFont(regular, { subset: true })),
    bold: face(latin.bold, await doc.embedFont(bold, { subset: true })),
    rtl: true,
  };
}
