/**
 * Staff screens in each staff member's own language (issue 32 item 3, issue 44, docs/i18n.md): the account's
 * language (chosen once in the account menu, shown on every device), else the browser's when the
 * staff catalogue has it, else English. A German admin and an English one of the same organization;
 * the demo facilitator in a German browser and an English one; the sign-in page in a German browser
 * before any account is known; the frame, a delete confirmation, a form error, the admin game page
 * and the error page of a German account in an English browser.
 */
import { eq } from 'drizzle-orm';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { rooms, users } from '../apps/server/src/db/schema';
import { TEST_PASSWORD } from '../apps/server/src/test/context';
import arabicStaff from '../packages/messages/catalogues/staff/ar.json';
import { DESKTOP, expectAccessible, hasChromium, screenshots, signInStaff } from './support/browser';
import { takesPictures } from './support/day';
import { ORG } from './support/demo-room';
import { browserSuite, poll, visible } from './support/suite';
import { createUserIn } from './support/super-admin';

const suite = browserSuite();
const ADMIN = `/${ORG}/admin`;

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const pageHeading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1, exact: true });
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

const shot = async (page: Page, name: string) => {
  if (takesPictures) await page.screenshot({ path: `e2e/screenshots/staff-${name}.png`, fullPage: true });
};

/** A fresh profile whose browser speaks `locale`, optionally with another profile's cookies. */
async function browserIn(locale: string, storageState?: BrowserContextOptions['storageState']) {
  const { page } = await suite.open(DESKTOP, { locale, storageState });
  return page;
}

/** The demo facilitator, signed in, in a browser whose language is `locale`. */
async function facilitatorIn(locale: string): Promise<Page> {
  // Signed in once in a plain profile, then that profile's cookies in a browser of the language:
  // the sign-in page is not what this test is about.
  const { context: signing, page: signIn } = await suite.open();
  const { email, password } = suite.product.facilitator;
  await signInStaff(signIn, suite.product.url, email, password);
  return browserIn(locale, await signing.storageState());
}

/** Opens the users list, the settings and the insights, checking each heading and axe. */
async function visitScreens(
  page: Page,
  base: string,
  names: { players: string; settings: string; insights: string },
) {
  await page.goto(`${base}${ADMIN}/players`);
  await poll(() => pageHeading(page, names.players).isVisible(), 'players heading').toBe(true);
  await expectAccessible(page, `players (${names.players})`);
  await page.goto(`${base}${ADMIN}/settings`);
  await poll(() => pageHeading(page, names.settings).isVisible(), 'settings heading').toBe(true);
  await expectAccessible(page, `settings (${names.settings})`);
  await page.goto(`${base}${ADMIN}/insights`);
  await poll(() => pageHeading(page, names.insights).isVisible(), 'insights heading').toBe(true);
  await expectAccessible(page, `insights (${names.insights})`);
}

/**
 * An English admin signs in, opens the players list, and chooses `language` in the account menu:
 * the list's heading turns to `players` (that language's), and <html lang> follows.
 */
async function chooseInMenu(email: string, language: string, players: string): Promise<Page> {
  const { page } = await suite.open();
  await signInStaff(page, suite.product.url, email, TEST_PASSWORD);
  await page.goto(`${suite.product.url}${ADMIN}/players`);
  await poll(() => pageHeading(page, 'Players').isVisible()).toBe(true);
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: language }).click();
  await poll(() => pageHeading(page, players).isVisible(), `${language} after the menu choice`).toBe(true);
  await poll(() => htmlLang(page)).not.toBe('en');
  return page;
}

const GERMAN = { players: 'Spieler', settings: 'Einstellungen', insights: 'Auswertungen' };
const ENGLISH = { players: 'Players', settings: 'Settings', insights: 'Insights' };
const FRENCH = { players: 'Joueurs', settings: 'Paramètres', insights: 'Statistiques' };
const htmlDir = (page: Page) => page.evaluate(() => document.documentElement.dir);

describe.runIf(hasChromium)('staff screens in the staff member’s own language', () => {
  /** Chooses Deutsch in the account menu during the first test. */
  let choosing: string;
  let english: string;
  /** German by the account from the start (PUT /account/language, as the menu does). */
  let german: string;
  /** Chooses Français in the account menu (issue 44). */
  let choosingFrench: string;
  /** Arabic by the account from the start (issue 44). */
  let arabic: string;

  beforeAll(async () => {
    if (!hasChromium) return;
    const { database } = suite.product;
    choosing = (await createUserIn(database, 'ADMIN', 'Demo Org')).email!;
    english = (await createUserIn(database, 'ADMIN', 'Demo Org')).email!;
    const account = await createUserIn(database, 'ADMIN', 'Demo Org');
    await database.db.update(users).set({ language: 'de' }).where(eq(users.id, account.id));
    german = account.email!;
    choosingFrench = (await createUserIn(database, 'ADMIN', 'Demo Org')).email!;
    const arabicAccount = await createUserIn(database, 'ADMIN', 'Demo Org');
    await database.db.update(users).set({ language: 'ar' }).where(eq(users.id, arabicAccount.id));
    arabic = arabicAccount.email!;
  });

  it('a German admin chooses Deutsch once, and another device shows German too', async () => {
    const page = await chooseInMenu(choosing, 'Deutsch', GERMAN.players);
    expect(await htmlLang(page)).toBe('de');

    // A second device (a fresh profile, an English browser): the account's language, not the browser's.
    const other = await suite.open();
    await signInStaff(other.page, suite.product.url, choosing, TEST_PASSWORD);
    await visitScreens(other.page, suite.product.url, GERMAN);
    await other.page.goto(`${suite.product.url}${ADMIN}/settings`);
    await poll(() => other.page.getByRole('tab', { name: 'Allgemein' }).isVisible()).toBe(true);
    await poll(() => other.page.getByLabel('Sprache der Räume').isVisible()).toBe(true);
    await screenshots(other.page, 'staff-language-settings-de');
    await other.page.goto(`${suite.product.url}${ADMIN}/players`);
    await poll(() => other.page.getByRole('button', { name: 'Spieler hinzufügen' }).isVisible()).toBe(true);
    await screenshots(other.page, 'staff-language-players-de');
  });

  it('a French admin chooses Français in the menu: French staff screens, left to right (issue 44)', async () => {
    const page = await chooseInMenu(choosingFrench, 'Français', FRENCH.players);
    expect(await htmlLang(page)).toBe('fr');
    expect(await htmlDir(page)).toBe('ltr');
    await poll(() => page.getByRole('button', { name: 'Ajouter un joueur' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'DÉCONNEXION' }).isVisible()).toBe(true);
    await visitScreens(page, suite.product.url, FRENCH);
    await page.goto(`${suite.product.url}${ADMIN}/settings`);
    await poll(() => page.getByLabel('Langue des salles').isVisible()).toBe(true);
    await screenshots(page, 'staff-language-settings-fr');
  });

  it('an Arabic account: the staff screens right to left, in Arabic (issue 44)', async () => {
    const { page } = await suite.open();
    await signInStaff(page, suite.product.url, arabic, TEST_PASSWORD);
    await page.goto(`${suite.product.url}${ADMIN}/players`);
    await poll(() => pageHeading(page, arabicStaff['users.players']).isVisible(), 'Arabic heading').toBe(
      true,
    );
    expect(await htmlLang(page)).toBe('ar');
    expect(await htmlDir(page)).toBe('rtl');
    expect(await page.getByRole('button', { name: arabicStaff['users.addPlayer'] }).isVisible()).toBe(true);
    await expectAccessible(page, 'players (ar)');
    await screenshots(page, 'staff-language-players-ar');
  });

  it('an English admin of the same organization keeps English', async () => {
    const { page } = await suite.open();
    await signInStaff(page, suite.product.url, english, TEST_PASSWORD);
    await visitScreens(page, suite.product.url, ENGLISH);
    await poll(() => htmlLang(page)).toBe('en');
    await page.goto(`${suite.product.url}${ADMIN}/players`);
    await poll(() => page.getByRole('button', { name: 'Add Player' }).isVisible()).toBe(true);
    await poll(() => page.getByRole('button', { name: 'LOGOUT' }).isVisible()).toBe(true);
    await screenshots(page, 'staff-language-players-en');
  });

  it('a German browser shows the sign-in pages in German before any account is known', async () => {
    const page = await browserIn('de-DE');
    await page.goto(`${suite.product.url}/admin-login`);
    await poll(() => heading(page, 'Anmeldung für Organisationen').isVisible()).toBe(true);
    expect(await htmlLang(page)).toBe('de');
    expect(await page.getByRole('link', { name: 'ORGANISATION' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Mit Ihrer Organisation anmelden' }).isVisible()).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await poll(() => page.getByText('Dieses Feld ist erforderlich').count()).toBe(2);
    await expectAccessible(page, 'organization login (de)');
    await shot(page, 'de-admin-login');

    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await poll(() => heading(page, 'Passwort zurücksetzen lassen').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Zurück zur Anmeldung' }).click();

    await page.getByLabel('E-Mail').fill(german);
    await page.getByLabel(/^Passwort\s*\*?$/).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL('**/admin/dashboard');
    await poll(() => page.getByRole('button', { name: 'ABMELDEN' }).isVisible()).toBe(true);
  });

  it('a German account in an English browser: the frame, a delete confirmation, a form error, the game page and the error page', async () => {
    const { database } = suite.product;
    const player = await createUserIn(database, 'PLAYER', 'Demo Org');
    const [room] = await database.db.select().from(rooms).where(eq(rooms.name, 'Demo Room'));
    const { page } = await suite.open();
    await signInStaff(page, suite.product.url, german, TEST_PASSWORD);
    const base = suite.product.url;

    // The top bar.
    await poll(() => page.getByRole('button', { name: 'ABMELDEN' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Playshop-Startseite' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Konto:/ }).isVisible()).toBe(true);

    // A delete confirmation: No keeps the player.
    await page.goto(`${base}${ADMIN}/players?q=${encodeURIComponent(player.lastName)}`);
    const name = `${player.firstName} ${player.lastName}`;
    await page.getByRole('button', { name: `${name} löschen` }).click();
    await visible(page, 'Benutzer wirklich löschen?');
    await page.waitForTimeout(400); // the dialog's fade-in, or axe measures half-transparent text
    await expectAccessible(page, 'delete confirmation (de)');
    await shot(page, 'de-delete-confirmation');
    await page.getByRole('button', { name: 'Nein', exact: true }).click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);

    // A room without a name.
    await page.goto(`${base}${ADMIN}/rooms`);
    await page.getByRole('button', { name: 'Raum anlegen' }).click();
    await visible(page, 'Dieses Feld ist erforderlich');

    // The admin game page, opened afresh.
    await page.goto(`${base}${ADMIN}/rooms/play-game/${room!.id}`);
    await poll(() => page.getByRole('button', { name: 'Lobby öffnen' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Zurück zu den Räumen' }).isVisible()).toBe(true);
    expect(await htmlLang(page)).toBe('de');

    // The error page of an address that leads nowhere.
    await page.goto(`${base}/this/leads/nowhere/at/all`);
    await poll(() => heading(page, 'Hoppla!').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Zurück zum Anfang' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'ABMELDEN' }).isVisible()).toBe(true);
    await expectAccessible(page, 'error page (de)');
    await shot(page, 'de-error-page');
  });

  it('a German facilitator sees the facilitator screens in German', async () => {
    const page = await facilitatorIn('de-DE');
    const base = `${suite.product.url}/${ORG}/facilitator`;

    await page.goto(`${base}/enter`);
    await poll(() => heading(page, 'Einen Workshop durchführen').isVisible()).toBe(true);
    expect(await htmlLang(page)).toBe('de');
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
    expect(await page.getByLabel('Auto-Ziehung').count()).toBe(1);
    await shot(page, 'de-facilitator-game');

    // The win pattern dialog.
    await page.getByRole('button', { name: /^Gewinnmuster:/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Gewinnmuster dieser Runde' });
    await poll(() => dialog.getByRole('button', { name: 'Für diese Runde verwenden' }).isVisible()).toBe(
      true,
    );
    expect(await dialog.getByRole('button', { name: 'Preis hinzufügen' }).isVisible()).toBe(true);
    expect(await dialog.getByText('Beliebige Zeile, Spalte oder Diagonale').isVisible()).toBe(true);
    await shot(page, 'de-facilitator-pattern');
    await page.keyboard.press('Escape');

    // A page of the admin area: /unauthorized, in German too.
    await page.goto(`${suite.product.url}${ADMIN}/players`);
    await poll(() => heading(page, 'Kein Zugriff').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Zurück' }).isVisible()).toBe(true);
  });

  it('an English facilitator sees the same screens in English', async () => {
    const page = await facilitatorIn('en-GB');
    await page.goto(`${suite.product.url}/${ORG}/facilitator/enter`);
    await poll(() => heading(page, 'Run a workshop').isVisible()).toBe(true);
    expect(await htmlLang(page)).toBe('en');
    await page.goto(`${suite.product.url}/${ORG}/facilitator/online/rooms`);
    await poll(() => heading(page, 'How players join').isVisible()).toBe(true);
  });
});
