import {
  type BALL_COLOURS,
  BINGO_COLUMN_SIZE,
  BINGO_LETTERS,
  type BingoCard,
  CARD_SIZE,
  FREE_CELL,
  type Language,
  printedSerial,
} from '@playshop/shared';
import { PDFDocument, type PDFImage, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { embedFaces, type Face, type Faces } from './pdf-text';
import { type PrintTexts, printTexts } from './print-texts';

/** A4 in PDF points. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 28;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);
const RULE = rgb(0.55, 0.55, 0.6);

/** Light tints of the ball colours: the letters stay readable when printed in grey. */
const TINTS: Record<keyof typeof BALL_COLOURS, ReturnType<typeof rgb>> = {
  B: rgb(0.9, 0.85, 0.97),
  I: rgb(0.99, 0.86, 0.86),
  N: rgb(1, 0.95, 0.75),
  G: rgb(0.85, 0.9, 1),
  O: rgb(0.85, 0.95, 0.86),
};

export interface PrintedSet {
  code: string;
  roomName: string;
  orgName: string;
  createdAt: Date;
  createdBy: string | null;
  cardsPerPage: 1 | 2 | 4;
  cards: BingoCard[];
  /** The texts' language: the room's (printLanguage); none: English. */
  language?: Language;
  /** The organization's logo (PNG) and primary colour (issue 32); none: the plain Playshop card. */
  brand?: { logoPng: Uint8Array | null; primaryColor: string | null } | null;
}

/** The embedded logo, drawn on every card and the caller sheet. */
type Logo = { image: PDFImage } | null;

const rgbOf = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};

/** Draws the logo `height` tall with its top left at (x, top); returns the width it took. */
function drawLogo(page: PDFPage, logo: Logo, x: number, top: number, height: number): number {
  if (!logo) return 0;
  const width = Math.min((logo.image.width / logo.image.height) * height, height * 4);
  page.drawImage(logo.image, { x, y: top - height, width, height });
  return width;
}

/** The set's faces (pdf-text.ts) and its texts in its language (print-texts.ts). */
interface Fonts extends Faces {
  t: PrintTexts;
}

/** `text` broken into lines at spaces, each at most `width` wide. */
function wrapped(font: Face, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.width(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  return line ? [...lines, line] : lines;
}

/** Shortens `text` with an ellipsis until it fits `width`. */
function fit(font: Face, text: string, size: number, width: number): string {
  let t = text;
  if (font.width(t, size) <= width) return t;
  while (t.length > 1 && font.width(`${t}...`, size) > width) t = t.slice(0, -1);
  return `${t}...`;
}

/** A line of the set's texts from `x`, `width` wide: at its start, the right for a right-to-left set. */
function line(
  page: PDFPage,
  fonts: Fonts,
  font: Face,
  text: string,
  at: { x: number; y: number; width: number; size: number; color?: ReturnType<typeof rgb> },
) {
  const shown = fit(font, text, at.size, at.width);
  const x = fonts.rtl ? at.x + at.width - font.width(shown, at.size) : at.x;
  font.draw(page, shown, {
    x,
    y: at.y,
    size: at.size,
    color: at.color ?? INK,
    direction: fonts.rtl ? 'rtl' : 'auto',
  });
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where each card of a page goes: one page, two stacked halves, or four quarters. */
function slots(perPage: 1 | 2 | 4): Box[] {
  const { width, height } = PAGE;
  if (perPage === 1) return [{ x: 0, y: 0, width, height }];
  if (perPage === 2) {
    return [
      { x: 0, y: height / 2, width, height: height / 2 },
      { x: 0, y: 0, width, height: height / 2 },
    ];
  }
  const w = width / 2;
  const h = height / 2;
  return [
    { x: 0, y: h, width: w, height: h },
    { x: w, y: h, width: w, height: h },
    { x: 0, y: 0, width: w, height: h },
    { x: w, y: 0, width: w, height: h },
  ];
}

function centred(page: PDFPage, font: Face, text: string, size: number, cx: number, y: number, color = INK) {
  font.draw(page, text, { x: cx - font.width(text, size) / 2, y, size, color });
}

/** `box` with `pad` taken off every side. */
const inset = (box: Box, pad: number): Box => ({
  x: box.x + pad,
  y: box.y + pad,
  width: box.width - 2 * pad,
  height: box.height - 2 * pad,
});

/**
 * The letters' row, then the five rows of numbers, from `top` down (`cell` wide, rows fill `grid`);
 * returns where the grid ends.
 */
function drawGrid(
  page: PDFPage,
  fonts: Fonts,
  card: BingoCard,
  { left, top: gridTop, grid, cell }: { left: number; top: number; grid: number; cell: number },
): number {
  // Header row of letters, then the five rows of numbers.
  for (let c = 0; c < CARD_SIZE; c++) {
    const letter = BINGO_LETTERS[c]!;
    const x = left + c * cell;
    page.drawRectangle({
      x,
      y: gridTop - cell,
      width: cell,
      height: cell,
      color: TINTS[letter],
      borderColor: INK,
      borderWidth: 1,
    });
    const size = cell * 0.5;
    centred(page, fonts.bold, letter, size, x + cell / 2, gridTop - cell / 2 - size * 0.35);
  }
  const rowsTop = gridTop - cell;
  const rowH = (grid - cell) / CARD_SIZE;
  for (let r = 0; r < CARD_SIZE; r++) {
    for (let c = 0; c < CARD_SIZE; c++) {
      const n = card[r]![c]!;
      const x = left + c * cell;
      const y = rowsTop - (r + 1) * rowH;
      page.drawRectangle({
        x,
        y,
        width: cell,
        height: rowH,
        borderColor: INK,
        borderWidth: 1,
        ...(n === FREE_CELL ? { color: rgb(0.92, 0.92, 0.93) } : {}),
      });
      if (n === FREE_CELL) {
        const size = rowH * 0.24;
        centred(
          page,
          fonts.bold,
          fonts.t('print.free'),
          size,
          x + cell / 2,
          y + rowH / 2 - size * 0.35,
          MUTED,
        );
      } else {
        const size = rowH * 0.42;
        centred(page, fonts.bold, String(n), size, x + cell / 2, y + rowH / 2 - size * 0.35);
      }
    }
  }
  return rowsTop - CARD_SIZE * rowH;
}

function drawCard(page: PDFPage, fonts: Fonts, set: PrintedSet, index: number, slot: Box, logo: Logo) {
  const pad = set.cardsPerPage === 4 ? 18 : MARGIN;
  const inner = inset(slot, pad);
  const scale = set.cardsPerPage === 1 ? 1.6 : 1;
  const headSize = 10 * scale;
  const serialSize = 12 * scale;
  const footSize = 7.5 * scale;
  const headH = serialSize + 10 * scale;
  // The card's number, then its hint in up to two lines (German and Dutch run long).
  const footH = footSize * 3 + 13 * scale;
  const grid = Math.min(inner.width, inner.height - headH - footH);
  const cell = grid / CARD_SIZE;
  const left = inner.x + (inner.width - grid) / 2;
  const top = inner.y + inner.height - (inner.height - grid - headH - footH) / 2;
  const serial = printedSerial(set.code, index + 1);

  // The serial, bold at the top right: what the player reads out when they shout bingo.
  const serialWidth = fonts.bold.width(serial, serialSize);
  fonts.bold.draw(page, serial, {
    x: left + grid - serialWidth,
    y: top - serialSize,
    size: serialSize,
    color: INK,
  });
  // The organization's logo leads the head line, the room's name after it.
  const logoWidth = drawLogo(page, logo, left, top + 2 * scale, headH - 4 * scale);
  const nameX = left + (logoWidth ? logoWidth + 6 * scale : 0);
  fonts.regular.draw(
    page,
    fit(fonts.regular, set.roomName, headSize, grid - serialWidth - 12 - (nameX - left)),
    {
      x: nameX,
      y: top - serialSize,
      size: headSize,
      color: MUTED,
    },
  );

  const gridTop = top - headH;
  if (set.brand?.primaryColor) {
    // A band of the organization's colour above the letters (no text on it).
    page.drawRectangle({
      x: left,
      y: gridTop + 1,
      width: grid,
      height: 3 * scale,
      color: rgbOf(set.brand.primaryColor),
    });
  }
  const gridBottom = drawGrid(page, fonts, set.cards[index]!, { left, top: gridTop, grid, cell });

  const footY = gridBottom - footSize - 6 * scale;
  const foot = { x: left, width: grid, size: footSize, color: MUTED };
  line(
    page,
    fonts,
    fonts.regular,
    fonts.t('print.cardOf', { n: index + 1, count: set.cards.length, org: set.orgName }),
    {
      ...foot,
      y: footY,
    },
  );
  const hint = wrapped(fonts.regular, fonts.t('print.cardHint'), footSize, grid);
  [hint[0] ?? '', hint.slice(1).join(' ')].filter(Boolean).forEach((text, i) => {
    line(page, fonts, fonts.regular, text, { ...foot, y: footY - (i + 1) * (footSize + 3) });
  });
}

/** Dashed lines between the cards of a page, to cut along. */
function cutLines(page: PDFPage, perPage: 1 | 2 | 4) {
  const dash = { thickness: 0.6, color: RULE, dashArray: [4, 4] };
  if (perPage === 1) return;
  page.drawLine({ start: { x: 0, y: PAGE.height / 2 }, end: { x: PAGE.width, y: PAGE.height / 2 }, ...dash });
  if (perPage === 4) {
    page.drawLine({
      start: { x: PAGE.width / 2, y: 0 },
      end: { x: PAGE.width / 2, y: PAGE.height },
      ...dash,
    });
  }
}

/** One letter's column of the caller sheet: the letter, then its 15 numbers each with a box to tick. */
function drawCallerColumn(
  page: PDFPage,
  fonts: Fonts,
  letter: (typeof BINGO_LETTERS)[number],
  c: number,
  { x, y, colW, headH, rowH }: { x: number; y: number; colW: number; headH: number; rowH: number },
) {
  page.drawRectangle({
    x,
    y: y - headH,
    width: colW,
    height: headH,
    color: TINTS[letter],
    borderColor: INK,
    borderWidth: 1,
  });
  centred(page, fonts.bold, letter, 22, x + colW / 2, y - headH / 2 - 8);
  for (let i = 0; i < BINGO_COLUMN_SIZE; i++) {
    const n = c * BINGO_COLUMN_SIZE + i + 1;
    const rowY = y - headH - (i + 1) * rowH;
    page.drawRectangle({ x, y: rowY, width: colW, height: rowH, borderColor: RULE, borderWidth: 0.6 });
    const box = rowH * 0.5;
    page.drawRectangle({
      x: x + 12,
      y: rowY + (rowH - box) / 2,
      width: box,
      height: box,
      borderColor: INK,
      borderWidth: 1,
    });
    fonts.bold.draw(page, `${letter} ${n}`, {
      x: x + 20 + box,
      y: rowY + rowH / 2 - 5,
      size: 14,
      color: INK,
    });
  }
}

/** The caller's page: the 75 numbers under their letters to tick off, with the set and the room. */
function drawCallerSheet(page: PDFPage, fonts: Fonts, set: PrintedSet, logo: Logo) {
  const x0 = MARGIN + 12;
  const width = PAGE.width - 2 * x0;
  let y = PAGE.height - MARGIN - 24;
  // ISO-like in every language: the sheet says UTC, so no local date style applies.
  const printedAt = set.createdAt.toISOString().slice(0, 16).replace('T', ' ');
  if (logo) {
    // At the end of the title's line: the right, or the left for a right-to-left set.
    const w = Math.min((logo.image.width / logo.image.height) * 40, 160);
    drawLogo(page, logo, fonts.rtl ? x0 : x0 + width - w, y + 24, 40);
  }
  line(page, fonts, fonts.bold, fonts.t('print.callerSheet'), { x: x0, y, width, size: 24 });
  y -= 26;
  const lines = [
    fonts.t('print.room', { room: set.roomName, org: set.orgName }),
    fonts.t('print.set', {
      code: set.code,
      count: set.cards.length,
      first: printedSerial(set.code, 1),
      last: printedSerial(set.code, set.cards.length),
    }),
    set.createdBy
      ? fonts.t('print.printedBy', { date: printedAt, name: set.createdBy })
      : fonts.t('print.printed', { date: printedAt }),
  ];
  for (const text of lines) {
    line(page, fonts, fonts.regular, text, { x: x0, y, width, size: 11 });
    y -= 16;
  }
  y -= 10;

  const colW = width / BINGO_LETTERS.length;
  const headH = 34;
  const rowH = Math.min(34, (y - headH - MARGIN - 60) / BINGO_COLUMN_SIZE);
  BINGO_LETTERS.forEach((letter, c) => {
    drawCallerColumn(page, fonts, letter, c, { x: x0 + c * colW, y, colW, headH, rowH });
  });
  const footY = y - headH - BINGO_COLUMN_SIZE * rowH - 22;
  wrapped(fonts.regular, fonts.t('print.callerHint'), 9.5, width).forEach((text, i) => {
    line(page, fonts, fonts.regular, text, { x: x0, y: footY - i * 13, width, size: 9.5, color: MUTED });
  });
}

/** The set as one PDF: the caller sheet first, then the cards, `cardsPerPage` to an A4 page. */
export async function printedSetPdf(set: PrintedSet): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const language = set.language ?? 'en';
  const latin = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const fonts: Fonts = { ...(await embedFaces(doc, latin, language)), t: await printTexts(language) };
  // The document's title is metadata (any script): no font draws it.
  doc.setTitle(fonts.t('print.title', { code: set.code, room: set.roomName }));
  doc.setCreator('Playshop');
  doc.setProducer('Playshop');
  // The same set prints the same file, whenever it is downloaded again.
  doc.setCreationDate(set.createdAt);
  doc.setModificationDate(set.createdAt);

  const logo: Logo = set.brand?.logoPng ? { image: await doc.embedPng(set.brand.logoPng) } : null;
  drawCallerSheet(doc.addPage([PAGE.width, PAGE.height]), fonts, set, logo);
  const places = slots(set.cardsPerPage);
  let page: PDFPage | null = null;
  set.cards.forEach((_, i) => {
    const place = i % set.cardsPerPage;
    if (place === 0) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      cutLines(page, set.cardsPerPage);
    }
    drawCard(page!, fonts, set, i, places[place]!, logo);
  });
  return doc.save();
}
