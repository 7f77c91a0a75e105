import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { organizations, rooms } from '../apps/server/src/db/schema';
import { DESKTOP, hasChromium, PHONE, screenshotOnFailure, signInStaff } from './support/browser';
import { takesPictures } from './support/day';
import { browserSuite, poll } from './support/suite';

/**
 * Issue 32: a German room speaks German on the projector and the phones; a phone that switches to
 * Arabic is mirrored and nothing is cut at 390 and 320 px. E2E_SCREENSHOTS=1 keeps pictures in
 * e2e/screenshots.
 */
const suite = browserSuite();
const pages: Page[] = [];
screenshotOnFailure(() => pages.at(-1));
const ORG = 'Demo%20Org';

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
    const cut = Array.from(document.querySelectorAll('body *')).filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && (box.right > width + 1 || box.left < -1);
    });
    return {
      scroll: document.documentElement.scrollWidth - width,
      cut: cut.slice(0, 5).map((el) => `${el.tagName}.${el.className}`.slice(0, 80)),
    };
  });

describe.runIf(hasChromium)('languages', () => {
  it('a German room: the join page, the phone and the projector in German; Arabic on a phone is mirrored', async () => {
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
    await phone.goto(`${base}/join/${code}`);
    await poll(() => phone.getByRole('button', { name: 'Als Gast beitreten' }).isVisible()).toBe(true);
    expect(await phone.evaluate(() => document.documentElement.lang)).toBe('de');
    await phone.getByRole('textbox', { name: /Spitzname/ }).fill('Jonas');
    await phone.getByRole('button', { name: 'Als Gast beitreten' }).click();
    await phone.waitForURL(`**/${ORG}/Jonas/play-game/*`);
    await phone.getByRole('button', { name: 'Mitspielen' }).click();
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
  });
});
