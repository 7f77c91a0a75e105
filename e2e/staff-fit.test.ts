/**
 * Issue 42, items 6 and 7: the staff screens in the language they show and at the widths trainers
 * use. A trainer whose browser is Arabic gets the staff screens in Arabic (a staff language since
 * issue 44) laid out right to left, with the Arabic game texts and no English ones mixed in; German
 * and English screens at 1280, 390 and 320 px keep their words whole and their buttons and labels uncut.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import arabicParticipant from '../packages/messages/catalogues/participant/ar.json';
import arabicStaff from '../packages/messages/catalogues/staff/ar.json';
import { DESKTOP, hasChromium, PHONE, picture, signInStaff } from './support/browser';
import { ORG } from './support/demo-room';
import { newRoom } from './support/game';
import { browserSuite, poll, visible } from './support/suite';

const suite = browserSuite();
const NARROW = { width: 320, height: 700 };
const LONG_NAME = 'Quarterly Leadership Communication Offsite Afternoon Group';
/** The 320 px test's own room: names are unique in an organization. */
const MORNING = 'Quarterly Leadership Communication Offsite Morning Group';

/** The demo facilitator signed in, in a fresh profile whose browser speaks `locale`. */
async function facilitatorIn(locale: string, viewport = DESKTOP): Promise<Page> {
  const { context: signing, page: signIn } = await suite.open();
  const { email, password } = suite.product.facilitator;
  await signInStaff(signIn, suite.product.url, email, password);
  return (await suite.open(viewport, { locale, storageState: await signing.storageState() })).page;
}

const html = (page: Page) =>
  page.evaluate(() => [
    document.documentElement.lang,
    document.documentElement.dir,
    getComputedStyle(document.body).direction,
  ]);

/** The words of `locator`'s text that the layout broke across two lines. */
const brokenWords = (locator: Locator) =>
  locator.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });

/** Texts under `locator` cut by their box: button and badge labels, and anything with an ellipsis. */
const cutTexts = (locator: Locator) =>
  locator.evaluate((root) =>
    [root, ...root.querySelectorAll<HTMLElement>('*')]
      .filter((el) => {
        const style = getComputedStyle(el);
        const label = /mantine-(Button|Badge)-label/.test(el.className) || style.textOverflow === 'ellipsis';
        return label && el.textContent?.trim() && el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => el.textContent),
  );

const ARABIC = /[\u0600-\u06FF]/;

describe.runIf(hasChromium)('staff screens: the language shown and the widths used (issue 42)', () => {
  it('at 390 px the facilitator’s home keeps "Demo Room" and its state whole beside Open Lobby and Run', async () => {
    const page = await facilitatorIn('en-GB', PHONE);
    await page.goto(`${suite.product.url}/${ORG}/facilitator/enter`);
    const row = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Open Lobby of Demo Room' }) });
    await poll(() => row.isVisible(), 'the closed Demo Room with Open Lobby').toBe(true);
    await picture(page, 'staff-fit-home-390', { fullPage: true });
    expect(await cutTexts(row)).toEqual([]);
    expect(await row.getByText('Demo Room', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText('Closed', { exact: true }).isVisible()).toBe(true);
  });

  it('a browser in Arabic: the facilitator’s screens are Arabic, right to left, game texts included (issue 44)', async () => {
    const roomId = await newRoom(suite.product, 'Morocco Room');
    const page = await facilitatorIn('ar');
    await page.goto(`${suite.product.url}/${ORG}/facilitator/enter`);
    const title = page.getByRole('heading', { name: arabicStaff['facilitator.enterTitle'], level: 1 });
    await poll(() => title.isVisible()).toBe(true);
    expect(await html(page)).toEqual(['ar', 'rtl', 'rtl']);
    await visible(page, arabicStaff['facilitator.enterSubtitle']);

    await page.goto(`${suite.product.url}/${ORG}/facilitator/online/rooms/play-game/${roomId}`);
    await page.getByRole('button', { name: arabicStaff['gameControl.openLobby'] }).click();
    await visible(page, arabicStaff['gameControl.lobbyOpen']);
    await visible(page, arabicParticipant['screen.noBallsYet']);
    expect(await html(page)).toEqual(['ar', 'rtl', 'rtl']);
    const body = await page.locator('body').innerText();
    expect(ARABIC.test(body)).toBe(true);
    for (const english of ['Open Lobby', 'Lobby open', 'No balls rolled yet', 'Content queue']) {
      expect(body, english).not.toContain(english);
    }
    await picture(page, 'staff-fit-arabic-browser-game', { fullPage: true });
  });

  it('at 1280 px the German rooms table keeps ‘Spielen’ whole and no button of a long-named room clipped', async () => {
    await newRoom(suite.product, LONG_NAME);
    const page = await facilitatorIn('de-DE');
    await page.goto(`${suite.product.url}/${ORG}/facilitator/online/rooms`);
    const row = page.getByRole('row').filter({ hasText: LONG_NAME });
    await poll(() => row.getByRole('button', { name: `Lobby von ${LONG_NAME} öffnen` }).isVisible()).toBe(
      true,
    );
    await picture(page, 'staff-fit-rooms-de-1280', { fullPage: true });
    const game = row.getByRole('cell').last();
    expect(await brokenWords(game)).toEqual([]);
    expect(await cutTexts(game)).toEqual([]);
    expect(await brokenWords(row.getByRole('cell').first())).toEqual([]);
  });

  it('at 320 px in German a long room name breaks between words, and the question panel and pager are whole', async () => {
    const roomId = await newRoom(suite.product, MORNING);
    const page = await facilitatorIn('de-DE', NARROW);
    await page.goto(`${suite.product.url}/${ORG}/facilitator/online/rooms`);
    const card = page.getByRole('row').filter({ hasText: MORNING }).first();
    await poll(() => card.isVisible()).toBe(true);
    expect(await brokenWords(card)).toEqual([]);
    expect(await cutTexts(card)).toEqual([]);
    expect(await cutTexts(page.getByRole('navigation', { name: 'Räume: Seiten' }))).toEqual([]);
    await picture(page, 'staff-fit-rooms-320', { fullPage: true });

    await page.goto(`${suite.product.url}/${ORG}/facilitator/online/rooms/play-game/${roomId}`);
    const title = page.getByRole('heading', { level: 1, name: MORNING });
    await poll(() => title.isVisible()).toBe(true);
    expect(await brokenWords(title)).toEqual([]);
    await page.getByRole('button', { name: 'Lobby öffnen' }).click();
    await page.getByRole('button', { name: 'Spiel starten', exact: true }).click();
    // The queue's first item, then its question.
    const send = page.getByRole('button', { name: 'Inhalt senden' });
    await poll(() => send.isEnabled()).toBe(true);
    await send.click();
    await poll(() => page.getByText('Gesendeter Inhalt: Welcome to the workshop').isVisible()).toBe(true);
    await send.click();
    const question = page.getByRole('heading', { level: 3, name: /fire alarm/ });
    await poll(() => question.isVisible()).toBe(true);
    const panel = page
      .locator('div')
      .filter({ has: question })
      .filter({ has: page.getByText('Gesendeter Inhalt:') })
      .last();
    await question.scrollIntoViewIfNeeded();
    await picture(page, 'staff-fit-question-320');
    expect(await brokenWords(question)).toEqual([]);
    // 'Antworten schließen' was cut to 'Antworten schließ'.
    expect(await panel.getByRole('button', { name: 'Antworten schließen' }).isVisible()).toBe(true);
    expect(await cutTexts(panel)).toEqual([]);
    const header = await question.boundingBox();
    expect(header!.x).toBeGreaterThanOrEqual(0);
    expect(header!.x + header!.width).toBeLessThanOrEqual(NARROW.width);
  });
});
