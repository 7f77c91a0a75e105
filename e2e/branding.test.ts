import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../apps/server/src/test/context';
import { DESKTOP, hasChromium, PHONE, SHOTS_DIR, signInStaff } from './support/browser';
import {
  demoFacilitator,
  LOOK,
  ORG,
  openLobby,
  playDemoRoom,
  playerJoinsDemoRoom,
} from './support/demo-room';
import { browserSuite, poll, visible } from './support/suite';
import { createUserIn } from './support/super-admin';

const suite = browserSuite();
const PROJECTOR = { width: 1920, height: 1080 };

const rgbOf = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};
const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
/** Whether the image has loaded and drawn (a broken logo has no natural size). */
const drawn = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

describe.runIf(hasChromium)("an organization's own look", () => {
  it('its admin sets logo and colours with a live preview; the presenter and a 390 px phone show them', async () => {
    const admin = await createUserIn(suite.product.database, 'ADMIN', 'Demo Org');
    const { page } = await suite.open(DESKTOP);
    await signInStaff(page, suite.product.url, admin.email!, TEST_PASSWORD);
    await page.goto(`${suite.product.url}/${ORG}/admin/settings`);
    await page.getByRole('tab', { name: 'Look' }).click();

    // The logo: an SVG, sanitized and stored; the settings show it at once.
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'acme.svg', mimeType: 'image/svg+xml', buffer: LOOK.logo });
    await poll(() => page.getByRole('img', { name: 'Current logo' }).isVisible()).toBe(true);

    // The preview follows the colours as they are typed, before anything is saved.
    const preview = page.getByTestId('branding-preview');
    await page.getByRole('textbox', { name: 'Primary colour' }).fill(LOOK.primary);
    await page.getByRole('textbox', { name: 'Accent colour' }).fill(LOOK.accent);
    const band = preview.getByTestId('brand-band');
    await poll(() => band.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgbOf(LOOK.primary));
    expect(await band.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
    expect(await band.evaluate((el) => getComputedStyle(el).borderBottomColor)).toBe(rgbOf(LOOK.accent));
    await visible(page, /Text on the primary colour: white, 5\.\d:1/);
    // A light primary gets black text, and a darker shade of it for buttons (4.5:1 either way).
    await page.getByRole('textbox', { name: 'Primary colour' }).fill('#ffd43b');
    await poll(() => band.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(0, 0, 0)');
    await visible(page, /Text on the primary colour: black, 1\d\.\d:1.*a darker shade of it/);
    await shoot(page, 'branding-settings-preview-light');
    await page.getByRole('textbox', { name: 'Primary colour' }).fill(LOOK.primary);
    await page.getByRole('button', { name: 'Save colours' }).click();
    await visible(page, 'Look saved');
    await shoot(page, 'branding-settings-preview');

    // The projector: the logo in the header, the room's colours on the stage.
    const presenter = await demoFacilitator(suite, PROJECTOR);
    const roomId = await playDemoRoom(presenter, suite.product.url);
    await openLobby(presenter);
    await presenter.goto(`${suite.product.url}/${ORG}/facilitator/online/rooms/present/${roomId}`);
    await poll(() => presenter.getByTestId('brand-mark').isVisible()).toBe(true);
    await poll(() => drawn(presenter, 'brand-mark')).toBe(true);
    expect(
      await presenter
        .locator('main')
        .evaluate((el) => getComputedStyle(el).getPropertyValue('--brand-primary')),
    ).toBe(LOOK.primary);
    await shoot(presenter, 'branding-presenter-1920');

    // A phone at 390 px: the band with logo and name on the primary colour, above the card.
    const { page: phone } = await suite.open(PHONE);
    await playerJoinsDemoRoom(phone, suite.product.url, 'demo-player-1');
    const phoneBand = phone.getByTestId('brand-band');
    await poll(() => phoneBand.isVisible()).toBe(true);
    expect(await phoneBand.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgbOf(LOOK.primary));
    await poll(() =>
      phoneBand
        .getByRole('img', { name: 'Demo Org logo' })
        .evaluate((img: HTMLImageElement) => img.naturalWidth > 0),
    ).toBe(true);
    // Nothing runs wider than the phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shoot(phone, 'branding-phone-390');

    // Playshop's own pages keep Playshop's look: the player login has no band.
    const { page: login } = await suite.open(PHONE);
    await login.goto(`${suite.product.url}/`);
    await visible(login, 'Organization');
    expect(await login.getByTestId('brand-band').count()).toBe(0);
  });
});
