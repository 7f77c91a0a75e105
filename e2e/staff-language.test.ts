/**
 * Staff screens in each staff member's own language (issue 32 item 3): a German admin picks Deutsch
 * in the account menu once and sees German on another device too; an English admin of the same
 * organization keeps English. Users list, settings and insights headings, axe-clean in both.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { TEST_PASSWORD } from '../apps/server/src/test/context';
import { expectAccessible, hasChromium, screenshots, signInStaff } from './support/browser';
import { browserSuite, poll } from './support/suite';
import { createUserIn } from './support/super-admin';

const suite = browserSuite();
const ORG = '/Demo%20Org/admin';

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1, exact: true });

/** Opens the users list, the settings and the insights, checking each heading and axe. */
async function visitScreens(
  page: Page,
  base: string,
  names: { players: string; settings: string; insights: string },
) {
  await page.goto(`${base}${ORG}/players`);
  await poll(() => heading(page, names.players).isVisible(), 'players heading').toBe(true);
  await expectAccessible(page, `players (${names.players})`);
  await page.goto(`${base}${ORG}/settings`);
  await poll(() => heading(page, names.settings).isVisible(), 'settings heading').toBe(true);
  await expectAccessible(page, `settings (${names.settings})`);
  await page.goto(`${base}${ORG}/insights`);
  await poll(() => heading(page, names.insights).isVisible(), 'insights heading').toBe(true);
  await expectAccessible(page, `insights (${names.insights})`);
}

const GERMAN = { players: 'Spieler', settings: 'Einstellungen', insights: 'Auswertungen' };
const ENGLISH = { players: 'Players', settings: 'Settings', insights: 'Insights' };

describe.runIf(hasChromium)('staff screens in the staff member’s own language', () => {
  let german: string;
  let english: string;

  beforeAll(async () => {
    if (!hasChromium) return;
    german = (await createUserIn(suite.product.database, 'ADMIN', 'Demo Org')).email!;
    english = (await createUserIn(suite.product.database, 'ADMIN', 'Demo Org')).email!;
  });

  it('a German admin chooses Deutsch once, and another device shows German too', async () => {
    const { page } = await suite.open();
    await signInStaff(page, suite.product.url, german, TEST_PASSWORD);
    await page.goto(`${suite.product.url}${ORG}/players`);
    await poll(() => heading(page, 'Players').isVisible()).toBe(true);

    await page.getByRole('button', { name: /^Account:/ }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await poll(() => heading(page, 'Spieler').isVisible(), 'German after the menu choice').toBe(true);
    await poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');

    // A second device (a fresh profile, an English browser): the account's language, not the browser's.
    const other = await suite.open();
    await signInStaff(other.page, suite.product.url, german, TEST_PASSWORD);
    await visitScreens(other.page, suite.product.url, GERMAN);
    await other.page.goto(`${suite.product.url}${ORG}/settings`);
    await poll(() => other.page.getByRole('tab', { name: 'Allgemein' }).isVisible()).toBe(true);
    await poll(() => other.page.getByLabel('Sprache der Räume').isVisible()).toBe(true);
    await screenshots(other.page, 'staff-language-settings-de');
    await other.page.goto(`${suite.product.url}${ORG}/players`);
    await poll(() => other.page.getByRole('button', { name: 'Spieler hinzufügen' }).isVisible()).toBe(true);
    await screenshots(other.page, 'staff-language-players-de');
  });

  it('an English admin of the same organization keeps English', async () => {
    const { page } = await suite.open();
    await signInStaff(page, suite.product.url, english, TEST_PASSWORD);
    await visitScreens(page, suite.product.url, ENGLISH);
    await poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.goto(`${suite.product.url}${ORG}/players`);
    await poll(() => page.getByRole('button', { name: 'Add Player' }).isVisible()).toBe(true);
    await screenshots(page, 'staff-language-players-en');
  });
});
