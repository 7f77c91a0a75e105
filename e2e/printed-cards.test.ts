import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ANY_LINE, type BingoCard, winsPattern } from '@playshop/shared';
import { desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { printedCardSets, rooms } from '../apps/server/src/db/schema';
import { DESKTOP, expectAccessible, hasChromium, SHOTS_DIR, screenshots } from './support/browser';
import { calledBalls } from './support/day';
import { demoFacilitator, ORG, playDemoRoom } from './support/demo-room';
import { hideRollAnimation, rollOnce } from './support/game';
import { printCards } from './support/printed-pdf';
import { browserSuite, poll, visible } from './support/suite';

const suite = browserSuite();
let workDir: string | undefined;
const afterCleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
  for (const cleanup of afterCleanup) await cleanup();
});

/** The newest printed set of the room, as the server keeps it. */
async function newestSet(roomId: number) {
  const [set] = await suite.product.database.db
    .select()
    .from(printedCardSets)
    .where(eq(printedCardSets.roomId, roomId))
    .orderBy(desc(printedCardSets.id))
    .limit(1);
  return { ...set!, cards: set!.cards as BingoCard[] };
}

const serialOf = (code: string, n: number) => `${code}-${String(n).padStart(3, '0')}`;

async function verify(page: Page, serial: string) {
  const form = page.getByRole('region', { name: 'Verify a card' });
  await form.getByLabel('Card serial').fill(serial);
  await form.getByRole('button', { name: 'Verify' }).click();
  return form;
}

describe.runIf(hasChromium)('printed cards for traditional delivery', () => {
  it('prints 30 cards as a PDF, then checks a true and a false claim by serial during a game', async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'playshop-print-'));
    const [room] = await suite.product.database.db.select().from(rooms).where(eq(rooms.name, 'Demo Room'));
    const page = await demoFacilitator(suite, DESKTOP);

    // The traditional page: pick the room, print 30 cards at 4 to a page.
    const printed = await printCards(page, suite.product.url, {
      count: 30,
      perPage: 4,
      beforeDownload: async () => {
        await expectAccessible(page, 'print cards dialog');
        await screenshots(page, 'print-cards-dialog');
      },
    });
    afterCleanup.push(printed.remove);
    const set = await newestSet(room!.id);
    expect(set).toMatchObject({ count: 30, cardsPerPage: 4 });
    expect(printed.download.suggestedFilename()).toBe(`Demo-Room-bingo-cards-${set.code}.pdf`);
    await visible(page, `Card set ${set.code} ready`);

    // The PDF as a printer sees it: a caller sheet and 8 pages of 4 cards, each serial on its card.
    printed.pictures(path.join(workDir, 'page'), { dpi: 20 });
    const pages = (await readdir(workDir)).filter((f) => f.startsWith('page') && f.endsWith('.png'));
    expect(pages).toHaveLength(1 + 8);
    const text = printed.text({ layout: true });
    expect(text).toContain('Caller sheet');
    expect(text).toContain(`Card set ${set.code}: 30 cards`);
    for (const n of [1, 17, 30]) expect(text).toContain(serialOf(set.code, n));
    expect(text).not.toContain(serialOf(set.code, 31));
    // Pictures of the caller sheet and the first page of cards, to look at.
    await mkdir(SHOTS_DIR, { recursive: true });
    printed.pictures(path.join(SHOTS_DIR, 'printed-cards'), { dpi: 60, first: 1, last: 2 });

    // The room's game: open the lobby, start, roll (animation hidden) until a printed card has a line.
    await playDemoRoom(page, suite.product.url);
    await page.getByRole('button', { name: 'Open Lobby' }).click();
    await page.getByRole('button', { name: 'Start Game' }).click();
    await hideRollAnimation(page);
    let winner = -1;
    for (let rolls = 1; rolls <= 75 && winner < 0; rolls++) {
      await rollOnce(page, rolls);
      const called = await calledBalls(suite.product, room!.id);
      winner = set.cards.findIndex((card) => winsPattern(ANY_LINE, card, called));
    }
    expect(winner).toBeGreaterThanOrEqual(0);
    const called = await calledBalls(suite.product, room!.id);
    const loser = set.cards.findIndex((card) => !winsPattern(ANY_LINE, card, called));

    // A true claim, typed on the facilitator game screen's side panel.
    const panel = await verify(page, serialOf(set.code, winner + 1));
    await poll(() => panel.getByText('Valid bingo').isVisible()).toBe(true);
    await visible(page, `Card ${serialOf(set.code, winner + 1)} wins Any line`);
    await expectAccessible(page, 'verify a card: valid');
    await screenshots(page, 'print-verify-valid');
    // A serial of no printed card.
    await verify(page, 'ZZZZZZ-001');
    await poll(() => panel.getByText('Unknown serial').isVisible()).toBe(true);

    // A false claim, typed on the traditional page: refused, with the numbers it still needs.
    await page.goto(`${suite.product.url}/${ORG}/facilitator/traditional`);
    await page.getByRole('textbox', { name: 'Room' }).click();
    await page.getByRole('option', { name: 'Demo Room' }).click();
    const form = page.getByRole('region', { name: 'Printed bingo cards' });
    await form.getByLabel('Card serial').fill(serialOf(set.code, loser + 1).toLowerCase());
    await form.getByRole('button', { name: 'Verify' }).click();
    await poll(() => form.getByText('Not a bingo').isVisible()).toBe(true);
    await visible(
      page,
      new RegExp(`Card ${serialOf(set.code, loser + 1)} does not win Any line yet .* Missing: [BINGO] \\d+`),
    );
    await expectAccessible(page, 'verify a card: refused');
    await screenshots(page, 'print-traditional-refused');
    // A serial that cannot be one: the form says how to type it.
    await form.getByLabel('Card serial').fill('hello');
    await form.getByRole('button', { name: 'Verify' }).click();
    await visible(page, 'Type the serial as printed on the card');
  });

  it('prints from the rooms list row action', async () => {
    const [room] = await suite.product.database.db.select().from(rooms).where(eq(rooms.name, 'Demo Room'));
    const page = await demoFacilitator(suite, DESKTOP);
    await page.goto(`${suite.product.url}/${ORG}/facilitator/online/rooms`);
    await page.getByRole('button', { name: 'Print cards for Demo Room' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print bingo cards for Demo Room' });
    await dialog.getByRole('textbox', { name: 'Number of cards' }).fill('501');
    await visible(page, 'Number of cards must be a whole number from 1 to 500');
    await poll(() => dialog.getByRole('button', { name: 'Download PDF' }).isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Number of cards' }).fill('2');
    await dialog.getByText('1', { exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const set = await newestSet(room!.id);
    expect(set).toMatchObject({ count: 2, cardsPerPage: 1 });
    workDir ??= await mkdtemp(path.join(tmpdir(), 'playshop-print-'));
    const pdf = path.join(workDir, 'two.pdf');
    await download.saveAs(pdf);
    const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
    expect(info).toMatch(/Pages:\s+3\b/);
    await screenshots(page, 'print-rooms-list');
  });
});
