import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { organizations, rooms } from '../apps/server/src/db/schema';
import { DESKTOP, hasChromium, PHONE, picture, SHOTS_DIR, takesPictures } from './support/browser';
import {
  demoFacilitator,
  germanGuestJoins,
  LOOK,
  ORG,
  openLobby,
  playDemoRoom,
  playerPlaylist,
} from './support/demo-room';
import { expectGermanCards, printCards } from './support/printed-pdf';
import { browserSuite, poll, visible } from './support/suite';
import { superAdminApi } from './support/super-admin';

/**
 * Issue 32's "done means": an organization with its own logo and colours runs a room in German; the
 * presenter view, the printed cards and two phones (one whose browser is English, one German) are
 * in German with the organization's look. Pictures, with E2E_SCREENSHOTS=1, in
 * e2e/screenshots/german-room-*.png.
 */
const suite = browserSuite();
const rgbOf = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255] as const;
};
const cssRgb = (hex: string) => `rgb(${rgbOf(hex).join(', ')})`;
const shoot = (page: Page, name: string) => picture(page, `german-room-${name}`, { fullPage: true });

/** One API call as the super admin (the organization's look is set up as its admin would). */
const asSuperAdmin = superAdminApi(suite);

/** The phone's band: the organization's primary colour behind its logo, the logo drawn. */
async function expectBand(phone: Page) {
  const band = phone.getByTestId('brand-band');
  await poll(() => band.isVisible()).toBe(true);
  expect(await band.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(cssRgb(LOOK.primary));
  await poll(() =>
    band.getByRole('img', { name: /Demo Org/ }).evaluate((img: HTMLImageElement) => img.naturalWidth > 0),
  ).toBe(true);
}

/**
 * The longest horizontal run of pixels of exactly this colour in a PPM picture (pdftoppm's own
 * format): a band across a card, not the logo's few pixels of the same colour.
 */
function widestStripe(ppm: Buffer, [r, g, b]: readonly [number, number, number]): number {
  // Header: "P6\n<width> <height>\n255\n", then RGB triplets row by row.
  const [, width] = /^P6\s+(\d+)\s+\d+\s+255\s/.exec(ppm.subarray(0, 32).toString('latin1'))!;
  const header = ppm.indexOf(0x0a, ppm.indexOf(0x0a, ppm.indexOf(0x0a) + 1) + 1) + 1;
  let widest = 0;
  let run = 0;
  for (let px = 0; header + px * 3 + 2 < ppm.length; px++) {
    if (px % Number(width) === 0) run = 0;
    const at = header + px * 3;
    run = ppm[at] === r && ppm[at + 1] === g && ppm[at + 2] === b ? run + 1 : 0;
    widest = Math.max(widest, run);
  }
  return widest;
}

describe.runIf(hasChromium)('a German room of an organization with its own look', () => {
  it('the presenter, the printed cards and two phones speak German and show its logo and colours', async () => {
    const db = suite.product.database.db;
    const [org] = await db.select().from(organizations).where(eq(organizations.name, 'Demo Org'));
    await asSuperAdmin('PUT', '/org-logo', { orgId: org!.id, data: LOOK.logo.toString('base64') });
    await asSuperAdmin('PUT', '/org-branding', {
      orgId: org!.id,
      primaryColor: LOOK.primary,
      accentColor: LOOK.accent,
    });
    // The room is German; its organization stays English.
    await db.update(rooms).set({ language: 'de' }).where(eq(rooms.name, 'Demo Room'));
    await db.update(organizations).set({ allowGuests: true }).where(eq(organizations.id, org!.id));

    // The facilitator (an English browser: staff screens in English) opens the lobby.
    const facilitator = await demoFacilitator(suite, DESKTOP);
    const roomId = await playDemoRoom(facilitator, suite.product.url);
    await openLobby(facilitator);
    const [room] = await db.select().from(rooms).where(eq(rooms.name, 'Demo Room'));

    // The projector: German, the organization's logo in its header and its colour on the stage.
    const presenter = await facilitator.context().newPage();
    await presenter.setViewportSize({ width: 1920, height: 1080 });
    await presenter.goto(`${suite.product.url}/${ORG}/facilitator/online/rooms/present/${roomId}`);
    await poll(() => presenter.evaluate(() => document.documentElement.lang)).toBe('de');
    await visible(presenter, 'Warten auf Spieler …');
    await visible(presenter, 'Raumcode');
    await poll(() =>
      presenter.getByTestId('brand-mark').evaluate((img: HTMLImageElement) => img.naturalWidth > 0),
    ).toBe(true);
    expect(
      await presenter
        .locator('main')
        .evaluate((el) => getComputedStyle(el).getPropertyValue('--brand-primary')),
    ).toBe(LOOK.primary);

    // Phone 1: an English browser opens the join link and reads the room's German.
    const { page: guest } = await suite.open(PHONE);
    await germanGuestJoins(guest, `${suite.product.url}/join/${room!.joinCode}`);
    await expectBand(guest);

    // Phone 2: a German browser signs a player in on the player login, in German from the start.
    const { context: german, page: player } = await suite.open(PHONE, { locale: 'de-DE' });
    await player.goto(`${suite.product.url}/`);
    await visible(player, 'SPIELER-ANMELDUNG');
    // The frame too: the top bar's link and the footer, without a staff catalogue on the phone.
    await poll(() => player.getByRole('link', { name: 'ORGANISATION' }).isVisible()).toBe(true);
    await poll(() => player.getByRole('link', { name: 'Problem melden' }).isVisible()).toBe(true);
    await player.getByLabel('Organisation').fill('Demo Org');
    await player.getByLabel('Benutzername').fill('demo-player-1');
    await player.getByRole('button', { name: 'Anmelden' }).click();
    await player.waitForURL(`**/${ORG}/demo-player-1/dashboard`);
    // The account menu, whose words come with it when it is reached for: German too.
    await player.getByRole('button', { name: 'Konto: demo-player-1' }).click();
    await visible(player, 'Angemeldet als');
    await poll(() => player.getByRole('menuitem', { name: 'Abmelden' }).isVisible()).toBe(true);
    await player.keyboard.press('Escape');
    await player.getByRole('link', { name: 'Demo Room beitreten' }).click();
    await player.getByRole('button', { name: 'Mitspielen' }).click();
    await expectBand(player);
    await poll(() => player.getByRole('heading', { name: 'Spieler (2)' }).isVisible()).toBe(true);

    // The game starts: both cards in German, the projector counts the balls in German.
    await facilitator.getByRole('button', { name: 'Start Game' }).click();
    for (const phone of [guest, player]) {
      await poll(() => phone.getByRole('group', { name: 'Deine Bingokarte' }).isVisible()).toBe(true);
      await visible(phone, 'Noch keine Kugel gezogen');
      await poll(() => phone.getByRole('link', { name: 'Problem melden' }).isVisible()).toBe(true);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
    }
    await visible(presenter, 'Noch keine Kugel gezogen');
    await shoot(presenter, 'presenter');
    await shoot(guest, 'phone-guest');
    await shoot(player, 'phone-player');

    // The German player's Training page at 320 px: its player, playlist and a video that cannot
    // load, all in German, nothing wider than the screen.
    const missing = `${suite.product.url}/demo/missing.mp4`;
    await asSuperAdmin(
      'PUT',
      '/training-settings',
      playerPlaylist([
        { title: 'Sicherheit im Haus', url: missing },
        { title: 'Erste Hilfe', url: missing },
      ]),
    );
    const training = await german.newPage();
    await training.setViewportSize({ width: 320, height: 800 });
    await training.goto(`${suite.product.url}/${ORG}/demo-player-1/training`);
    await visible(training, 'Video 1 von 2');
    await visible(training, 'Dieses Video kann hier nicht abgespielt werden');
    await visible(training, '„Sicherheit im Haus“ in neuem Tab öffnen');
    expect(await training.getByRole('button', { name: 'Zurück' }).isDisabled()).toBe(true);
    await training.getByRole('button', { name: 'Weiter' }).click();
    await visible(training, 'Video 2 von 2');
    expect(await training.getByRole('navigation', { name: 'Trainings-Playlist' }).isVisible()).toBe(true);
    expect(await training.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await shoot(training, 'training-320');

    // The printed cards: German texts, the organization's logo and a band of its colour.
    const printer = await facilitator.context().newPage();
    const printed = await printCards(printer, suite.product.url, { count: 2, perPage: 2 });
    try {
      const text = expectGermanCards(printed, 'Karte 1 von 2 · Demo Org');
      expect(text).not.toMatch(/Caller sheet|Card set|FREE/);
      // The page of cards: the logo on each card, the primary colour's band above its letters.
      const images = execFileSync('pdfimages', ['-list', printed.path], { encoding: 'utf8' });
      expect(images, 'the logo on the page of cards').toMatch(/^\s*2\s+\d+\s+image\b/m);
      const ppm = execFileSync('pdftoppm', ['-r', '100', '-f', '2', '-l', '2', printed.path], {
        maxBuffer: 32 * 1024 * 1024,
      });
      // A card is about 540 px wide at 100 dpi; the logo's own teal is under 100 px wide.
      expect(widestStripe(ppm, rgbOf(LOOK.primary)), 'a band of the primary colour').toBeGreaterThan(400);
      if (takesPictures)
        printed.pictures(path.join(SHOTS_DIR, 'german-room-print'), { dpi: 60, first: 1, last: 2 });
    } finally {
      await printed.remove();
    }
  }, 300_000);
});
