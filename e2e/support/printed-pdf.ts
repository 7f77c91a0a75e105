import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Download, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ORG } from './demo-room';
import { poll } from './suite';

/** A downloaded PDF of printed cards, in a folder of its own until `remove()`. */
export interface PrintedPdf {
  /** The file, saved where pdftotext and pdftoppm can read it. */
  path: string;
  download: Download;
  /** Its text as a printer's text layer has it (poppler's pdftotext), whitespace as it came. */
  text(options?: { layout?: boolean }): string;
  /** Pages `first` to `last` as PNGs at `dpi`, named `<prefix>-<page>.png`. */
  pictures(prefix: string, options: { dpi: number; first?: number; last?: number }): void;
  remove(): Promise<void>;
}

/**
 * Two cards of a German room, printed: the caller sheet, the card set and the free square in German,
 * and `card` ('Karte 1 von 2 · Demo Org'). The text, its white space folded.
 */
export function expectGermanCards(printed: PrintedPdf, card: string): string {
  const text = printed.text().replace(/\s+/g, ' ');
  expect(text).toContain('Ziehliste');
  expect(text).toMatch(/Kartensatz \w+: 2 Karten,/);
  expect(text).toContain(card);
  expect(text).toContain('FREI');
  return text;
}

/**
 * On the facilitator's traditional page (the staff screens in English), prints `count` cards of
 * `room`, `perPage` to a page, and saves the PDF the browser downloads. `beforeDownload` sees the
 * filled dialog first (an accessibility check, a picture).
 */
export async function printCards(
  page: Page,
  base: string,
  options: {
    count: number;
    perPage: 1 | 2 | 4;
    room?: string;
    beforeDownload?: (dialog: Locator) => Promise<void>;
  },
): Promise<PrintedPdf> {
  const room = options.room ?? 'Demo Room';
  await page.goto(`${base}/${ORG}/facilitator/traditional`);
  await poll(() => page.getByRole('heading', { name: 'Printed bingo cards' }).isVisible()).toBe(true);
  await page.getByRole('textbox', { name: 'Room' }).click();
  await page.getByRole('option', { name: room }).click();
  await page.getByRole('button', { name: 'Print cards' }).click();
  const dialog = page.getByRole('dialog', { name: `Print bingo cards for ${room}` });
  await dialog.getByRole('textbox', { name: 'Number of cards' }).fill(String(options.count));
  await dialog.getByText(String(options.perPage), { exact: true }).click();
  await options.beforeDownload?.(dialog);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  const dir = await mkdtemp(path.join(tmpdir(), 'playshop-printed-'));
  const pdf = path.join(dir, 'cards.pdf');
  await download.saveAs(pdf);
  return {
    path: pdf,
    download,
    text: ({ layout = false } = {}) =>
      execFileSync('pdftotext', [...(layout ? ['-layout'] : []), pdf, '-'], { encoding: 'utf8' }),
    pictures(prefix, { dpi, first, last }) {
      execFileSync('pdftoppm', [
        '-r',
        String(dpi),
        '-png',
        ...(first ? ['-f', String(first)] : []),
        ...(last ? ['-l', String(last)] : []),
        pdf,
        prefix,
      ]);
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
