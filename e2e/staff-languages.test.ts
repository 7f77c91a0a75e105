import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, hasChromium, screenshotOnFailure, signInStaff } from './support/browser';
import { takesPictures } from './support/day';
import { ORG } from './support/demo-room';
import { browserSuite, poll } from './support/suite';

/**
 * Issue 32: the staff screens speak the staff member's language (the browser's, when the staff
 * catalogue has it; docs/i18n.md). The demo facilitator in a German browser and in an English one.
 */
const suite = browserSuite();
const pages: Page[] = [];
screenshotOnFailure(() => pages.at(-1));

const shot = async (page: Page, name: string) => {
  if (takesPictures) await page.screenshot({ path: `e2e/screenshots/staff-${name}.png`, fullPage: true });
};

/** The demo facilitator, signed in, in a browser whose language is `locale`. */
async function facilitatorIn(locale: string): Promise<Page> {
  // Signed in once in a plain profile, then that profile's cookies in a browser of the language:
  // the sign-in page is not what this test is about.
  const { context: signing, page: signIn } = await suite.open();
  const { email, password } = suite.product.facilitator;
  await signInStaff(signIn, suite.product.url, email, password);
  const context = await suite.browser.newContext({
    viewport: DESKTOP,
    locale,
    storageState: await signing.storageState(),
  });
  const page = await context.newPage();
  pages.push(page);
  return page;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

describe.runIf(hasChromium)('staff languages', () => {
  it('a German facilitator sees the facilitator screens in German', async () => {
    const page = await facilitatorIn('de-DE');
    const base = `${suite.product.url}/${ORG}/facilitator`;

    await page.goto(`${base}/enter`);
    await poll(() => heading(page, 'Einen Workshop durchführen').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await poll(() => page.getByRole('heading', { name: 'Klassische Durchführung' }).isVisible()).toBe(true);
    await shot(page, 'de-facilitator-enter');

    await page.goto(`${base}/traditional`);
    await poll(() => heading(page, 'Gedruckte Bingokarten').isVisible()).toBe(true);
    await shot(page, 'de-facilitator-traditional');

    await page.goto(`${base}/online/rooms`);
    await poll(() => heading(page, 'So treten Spieler bei').isVisible()).toBe(true);
    await poll(() => page.getByRole('columnheader', { name: 'Sprache' }).isVisible()).toBe(true);
    await shot(page, 'de-facilitator-rooms');

    await page.getByRole('link', { name: 'Demo Room spielen' }).click();
    await page.waitForURL('**/facilitator/online/rooms/play-game/*');
    await poll(() => page.getByRole('button', { name: 'Ziehen', exact: true }).isVisible()).toBe(true);
    await poll(() => heading(page, 'Inhalts-Warteschlange').isVisible()).toBe(true);
    expect(await page.getByText('Content queue').count()).toBe(0);
    await shot(page, 'de-facilitator-game');
  });

  it('an English facilitator sees the same screens in English', async () => {
    const page = await facilitatorIn('en-GB');
    await page.goto(`${suite.product.url}/${ORG}/facilitator/enter`);
    await poll(() => heading(page, 'Run a workshop').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.goto(`${suite.product.url}/${ORG}/facilitator/online/rooms`);
    await poll(() => heading(page, 'How players join').isVisible()).toBe(true);
  });
});
