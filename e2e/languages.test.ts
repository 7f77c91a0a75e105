import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { organizations, rooms } from '../apps/server/src/db/schema';
import { trainingService } from '../apps/server/src/training/service';
import type { YoutubeClient } from '../apps/server/src/training/youtube';
import { DESKTOP, hasChromium, PHONE, screenshotOnFailure, signInStaff } from './support/browser';
import { takesPictures } from './support/day';
import { germanGuestJoins, ORG, playerPlaylist } from './support/demo-room';
import { hideRollAnimation, rollOnce } from './support/game';
import { expectGermanCards, printCards } from './support/printed-pdf';
import { browserSuite, poll } from './support/suite';

/**
 * Issue 32: a German room speaks German on the projector and the phones; a phone that switches to
 * Arabic is mirrored and nothing is cut at 390 and 320 px. E2E_SCREENSHOTS=1 keeps pictures in
 * e2e/screenshots.
 */
const suite = browserSuite();
const pages: Page[] = [];
screenshotOnFailure(() => pages.at(-1));

async function person(viewport = DESKTOP) {
  const { page } = await suite.open(viewport);
  pages.push(page);
  return page;
}

const shot = async (page: Page, name: string) => {
  if (takesPictures) await page.screenshot({ path: `e2e/screenshots/languages-${name}.png`, fullPage: true });
};

/** Nothing wider than the screen: no horizontal scrolling, no element running past either edge. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // Inside a row that scrolls sideways (the rolled balls), running past the edge is the design.
    const scrolls = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if (x === 'auto' || x === 'scroll') return true;
      }
      return false;
    };
    const cut = Array.from(document.querySelectorAll('body *')).filter((el) => {
      if (scrolls(el)) return false;
      const box = el.getBoundingClientRect();
      return box.width > 0 && (box.right > width + 1 || box.left < -1);
    });
    // A label cut inside its own box (a button's text clipped): wider inside than its box shows.
    const clipped = Array.from(document.querySelectorAll('button span, a span, label')).filter(
      (el) => el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1 && !scrolls(el),
    );
    return {
      scroll: document.documentElement.scrollWidth - width,
      cut: [...cut, ...clipped].slice(0, 5).map((el) => `${el.tagName}.${el.className}`.slice(0, 80)),
    };
  });

describe.runIf(hasChromium)('languages', () => {
  it('a German room: the join page, the phone, the projector through a win and the printed cards in German; Arabic on a phone is mirrored', async () => {
    const db = suite.product.database.db;
    await db
      .update(organizations)
      .set({ language: 'de', allowGuests: true })
      .where(eq(organizations.name, 'Demo Org'));
    const [room] = await db.select().from(rooms).where(eq(rooms.name, 'Demo Room'));

    // The facilitator (an English browser) opens the lobby; staff screens stay in the browser's language.
    const facilitator = await person();
    const base = suite.product.url;
    await signInStaff(facilitator, base, suite.product.facilitator.email, suite.product.facilitator.password);
    await facilitator.goto(`${base}/${ORG}/facilitator/online/rooms/play-game/${room!.id}`);
    await facilitator.getByRole('button', { name: 'Open Lobby' }).click();
    await poll(() => facilitator.getByText('Lobby open').first().isVisible()).toBe(true);
    const code = await poll(
      async () => (await db.select().from(rooms).where(eq(rooms.id, room!.id)))[0]?.joinCode,
    )
      .toBeTruthy()
      .then(async () => (await db.select().from(rooms).where(eq(rooms.id, room!.id)))[0]!.joinCode!);

    // The projector: the room's language, on a laptop whose browser is English.
    // The presenter view opens beside the control screen, in the facilitator's signed-in browser.
    const projector = await facilitator.context().newPage();
    pages.push(projector);
    await projector.goto(`${base}/${ORG}/facilitator/online/rooms/present/${room!.id}`);
    await poll(() => projector.evaluate(() => document.documentElement.lang)).toBe('de');
    await poll(() => projector.getByText('Warten auf Spieler …').isVisible()).toBe(true);
    await poll(() => projector.getByText('Raumcode').isVisible()).toBe(true);
    await shot(projector, 'presenter-de');

    // A phone (English browser) opens the join link: the room's German.
    const phone = await person(PHONE);
    await germanGuestJoins(phone, `${base}/join/${code}`);
    await poll(() => phone.getByRole('heading', { name: 'Spieler (1)' }).isVisible()).toBe(true);
    await shot(phone, 'phone-lobby-de');

    await facilitator.getByRole('button', { name: 'Start Game' }).click();
    await poll(() => phone.getByRole('group', { name: 'Deine Bingokarte' }).isVisible()).toBe(true);
    await poll(() => phone.getByText('Noch keine Kugel gezogen').isVisible()).toBe(true);
    await shot(phone, 'phone-card-de');

    // The player switches to Arabic: right to left, mirrored, nothing cut at 390 and 320 px.
    await phone.getByLabel('Sprache').selectOption('ar');
    await poll(() => phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await phone.evaluate(() => document.documentElement.lang)).toBe('ar');
    await poll(() => phone.getByRole('group', { name: 'بطاقة البينغو الخاصة بك' }).isVisible()).toBe(true);
    // Mirrored: the Leave button, at the end of the header row, is now on the left.
    const leave = phone.getByRole('button', { name: 'مغادرة الغرفة' });
    const box = await leave.boundingBox();
    expect(box!.x).toBeLessThan(PHONE.width / 2);
    // ...but the card still reads B to O from the left, like the printed cards and the call board.
    const heads = await phone.evaluate(() =>
      [...document.querySelectorAll('[role="group"] [aria-hidden] > div')].map((d) => ({
        text: d.textContent,
        x: d.getBoundingClientRect().x,
      })),
    );
    expect(heads.map((h) => h.text)).toEqual(['B', 'I', 'N', 'G', 'O']);
    expect(heads[0]!.x).toBeLessThan(heads[4]!.x);
    for (const width of [390, 320]) {
      await phone.setViewportSize({ width, height: 800 });
      await phone.waitForTimeout(200);
      expect(await overflow(phone), `at ${width} px`).toEqual({ scroll: 0, cut: [] });
      await shot(phone, `phone-card-ar-${width}`);
    }

    // The choice is the device's: a reload keeps Arabic although the room is German.
    await phone.reload();
    await poll(() => phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // German at 320 px: the longest of the six on the player's screens, nothing cut either.
    await phone.getByLabel('اللغة').selectOption('de');
    await poll(() => phone.evaluate(() => document.documentElement.lang)).toBe('de');
    await phone.setViewportSize({ width: 320, height: 800 });
    await phone.waitForTimeout(200);
    expect(await overflow(phone), 'German at 320 px').toEqual({ scroll: 0, cut: [] });
    await shot(phone, 'phone-card-de-320');

    // The projector beyond the lobby, at 1280×720: its pattern strip, toolbar, balls and the win in German.
    await projector.setViewportSize({ width: 1280, height: 720 });
    await poll(() => projector.getByText('Eine Reihe').isVisible()).toBe(true);
    await poll(() => projector.getByText('Zeile, Spalte oder Diagonale').isVisible()).toBe(true);
    expect(await projector.getByRole('button', { name: 'Vollbild' }).isVisible()).toBe(true);
    expect(await projector.getByText('Noch keine Kugel gezogen').isVisible()).toBe(true);
    await hideRollAnimation(facilitator);
    await phone.getByRole('switch', { name: /Automatisch markieren/ }).check();
    const germanCard = phone.getByRole('group', { name: 'Deine Bingokarte' });
    /** A line of the phone's card whose numbers are all marked (auto-mark), read from its German labels. */
    const markedLine = async () => {
      const labels = await germanCard
        .getByRole('button')
        .evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label') ?? ''));
      const marked = labels.map((label) => label === 'Frei' || label.endsWith(', markiert'));
      const lines = [0, 1, 2, 3, 4].flatMap((i) => [
        [0, 1, 2, 3, 4].map((j) => i * 5 + j),
        [0, 1, 2, 3, 4].map((j) => j * 5 + i),
      ]);
      lines.push([0, 6, 12, 18, 24], [4, 8, 12, 16, 20]);
      return lines.some((line) => line.every((cell) => marked[cell]));
    };
    let rolled = 0;
    while (!(await markedLine())) {
      rolled += 1;
      await rollOnce(facilitator, rolled);
      if (rolled === 1) {
        await poll(() => projector.getByText('1 von 75 gezogen').isVisible()).toBe(true);
        expect(await projector.getByRole('group', { name: 'Letzte Kugel' }).isVisible()).toBe(true);
        expect(await projector.getByRole('list', { name: 'Zahlentafel' }).isVisible()).toBe(true);
        await shot(projector, 'presenter-game-de');
      }
      // The phone's marks follow the roll (auto-mark) before the next look at the card.
      await poll(() => phone.getByText(`Gezogene Kugeln (${rolled})`).isVisible()).toBe(true);
      await phone.waitForTimeout(300);
      expect(rolled, 'a line within 75 balls').toBeLessThan(75);
    }
    await poll(() => projector.getByText(`${rolled} von 75 gezogen`).isVisible()).toBe(true);
    expect(await overflow(phone), 'German card with rolls at 320 px').toEqual({ scroll: 0, cut: [] });
    await shot(phone, 'phone-rolled-de-320');
    await phone.getByRole('button', { name: 'Bingo!' }).click();
    await poll(() => projector.getByText('Herzlichen Glückwunsch!').isVisible()).toBe(true);
    expect(await projector.getByText('Jonas hat gewonnen!').isVisible()).toBe(true);
    await shot(projector, 'presenter-win-de');
    await poll(() => phone.getByText('Jonas hat gewonnen!').isVisible()).toBe(true);
    expect(await overflow(phone), 'German win at 320 px').toEqual({ scroll: 0, cut: [] });
    await shot(phone, 'phone-win-de-320');

    // The printed cards of the German room: in German (the facilitator's screen stays English).
    const printer = await facilitator.context().newPage();
    pages.push(printer);
    const printed = await printCards(printer, base, { count: 2, perPage: 4 });
    try {
      expectGermanCards(printed, 'Karte 2 von 2');
      if (takesPictures)
        printed.pictures('e2e/screenshots/languages-print-de', { dpi: 50, first: 1, last: 2 });
    } finally {
      await printed.remove();
    }

    // The player login of a phone set to Arabic: right to left, nothing cut at 390 and 320 px.
    const login = await person(PHONE);
    await login.addInitScript(() => localStorage.setItem('playshop.language', 'ar'));
    await login.goto(`${base}/`);
    await poll(() => login.getByRole('heading', { name: 'دخول اللاعب' }).isVisible()).toBe(true);
    expect(await login.evaluate(() => document.documentElement.dir)).toBe('rtl');
    for (const width of [390, 320]) {
      await login.setViewportSize({ width, height: 800 });
      await login.waitForTimeout(200);
      expect(await overflow(login), `login at ${width} px`).toEqual({ scroll: 0, cut: [] });
      await shot(login, `login-ar-${width}`);
    }

    // Signed in, the player's Training page in Arabic: mirrored (Previous points right), nothing cut.
    const missing = `${base}/demo/missing.mp4`;
    await trainingService(db, {} as YoutubeClient).saveSettings(
      playerPlaylist([
        { title: 'السلامة', url: missing },
        { title: 'Safety', url: missing },
      ]),
    );
    await login.getByLabel('المؤسسة').fill('Demo Org');
    await login.getByLabel('اسم المستخدم').fill('demo-player-1');
    await login.getByRole('button', { name: 'دخول' }).click();
    await login.waitForURL(`**/${ORG}/demo-player-1/dashboard`);
    await login.goto(`${base}/${ORG}/demo-player-1/training`);
    await poll(() => login.getByText('الفيديو 1 من 2').isVisible()).toBe(true);
    const previous = await login.getByRole('button', { name: 'السابق' }).boundingBox();
    const next = await login.getByRole('button', { name: 'التالي' }).boundingBox();
    expect(previous!.x, 'Previous on the right').toBeGreaterThan(next!.x);
    expect(await overflow(login), 'training at 320 px').toEqual({ scroll: 0, cut: [] });
    await shot(login, 'training-ar-320');
  }, 480_000);
});
