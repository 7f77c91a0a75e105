import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, PHONE } from './support/browser';
import { browserSuite, poll, visible } from './support/suite';

const suite = browserSuite();

/**
 * A phone (in the browser language `locale`, with `stored` as the player's own choice on the device)
 * whose app JavaScript never arrives: what it paints is index.html and its stylesheet alone.
 */
async function withoutAppScripts(path: string, locale = 'en-US', stored?: string) {
  const { page } = await suite.open(PHONE, { locale });
  if (stored) await page.addInitScript((l) => localStorage.setItem('playshop.language', l), stored);
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
  await page.goto(`${suite.product.url}${path}`);
  return page;
}

/** Whether a loaded stylesheet has a rule containing `text` (Mantine's classes are hashed; its variables are not). */
const hasCssRule = (page: Page, text: string) =>
  page.evaluate(
    (needle) =>
      Array.from(document.styleSheets).some((sheet) =>
        Array.from(sheet.cssRules).some((rule) => rule.cssText.includes(needle)),
      ),
    text,
  );

describe.runIf(hasChromium)('the first paint of a phone', () => {
  it('`/` paints the player login from the HTML alone, styled, inert and out of the accessibility tree', async () => {
    const page = await withoutAppScripts('/');
    await visible(page, 'PLAYER LOGIN');
    expect(await page.getByText('Type the room code your facilitator shows').isVisible()).toBe(true);
    // Buttons are styled by the first stylesheet (Mantine's filled button is the brand violet).
    const submit = page.locator('[data-prerendered="en"] button[type="submit"]').last();
    expect(await submit.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(103, 65, 217)');
    // Only the first screen's part of Mantine's stylesheet blocked the paint: no table rules yet.
    expect(await hasCssRule(page, '--button-height')).toBe(true);
    expect(await hasCssRule(page, '--table-')).toBe(false);
    // The copy cannot be used or announced: no textbox, heading or label reaches assistive technology.
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.getByRole('heading').count()).toBe(0);
    expect(await page.getByLabel('Username').count()).toBe(0);
  });

  it("paints the copy in the phone's language: the browser's when it is one of ours, the player's own choice first", async () => {
    const german = await withoutAppScripts('/', 'de-DE');
    await visible(german, 'SPIELER-ANMELDUNG');
    expect(await german.getByText('PLAYER LOGIN').isVisible()).toBe(false);
    expect(await german.locator('[data-prerendered]:visible').count()).toBe(1);

    const arabic = await withoutAppScripts('/', 'de-DE', 'ar');
    const copy = arabic.locator('[data-prerendered]:visible');
    expect(await copy.count()).toBe(1);
    expect(await copy.getAttribute('dir')).toBe('rtl');
    expect(await arabic.getByText('SPIELER-ANMELDUNG').isVisible()).toBe(false);

    // A language we do not ship falls back to English.
    await visible(await withoutAppScripts('/', 'ja-JP'), 'PLAYER LOGIN');
  });

  it('any other address never shows the copy of `/`', async () => {
    for (const path of ['/admin-login', '/join/ABC234', '/Demo%20Org/demo-player-1/dashboard']) {
      const page = await withoutAppScripts(path);
      await page.waitForLoadState('load');
      expect(await page.getByText('PLAYER LOGIN').isVisible(), path).toBe(false);
    }
  });

  it('the app replaces the copy with its own form, then loads the rest of the stylesheet', async () => {
    const { page } = await suite.open(PHONE);
    await page.goto(`${suite.product.url}/`);
    await poll(() => page.getByRole('heading', { name: 'PLAYER LOGIN' }).isVisible()).toBe(true);
    expect(await page.locator('[data-prerendered]').count()).toBe(0);
    expect(await page.getByText('PLAYER LOGIN').count()).toBe(1);
    expect(await page.getByLabel('Username').count()).toBe(1);
    await poll(() => hasCssRule(page, '--table-')).toBe(true);

    await page.getByRole('button', { name: 'Submit' }).click();
    await visible(page, 'Username is required');
  });
});
