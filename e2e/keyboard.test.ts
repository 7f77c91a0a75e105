/**
 * Keyboard twins on the phone (issue 42, item 8 and build 6): the player's main path by keyboard
 * alone. Sign in, join a room from the dashboard (Tab to Join, Enter), join the game, mark a rolled
 * number, claim, answer a question: Tab and Shift+Tab to move, Enter and Space to act. No press
 * leaves the focus on the page's body, and no tab stop sits on text that does nothing (the room's
 * and workshop's names on the dashboard were, and their tooltip pulled the focus back from Join).
 * The facilitator's side is driven as the other game tests drive it; its own keyboard twin is
 * keyboard-staff.test.ts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { focused, hasFocus, idleTabStops, tabTo, typeHere } from './keyboard-steps';
import { hasChromium, PHONE } from './support/browser';
import { gameSuite } from './support/facilitator-tabs';
import {
  card,
  cellButton,
  DEMO_ORG_PATH,
  hideRollAnimation,
  newPlayer,
  newRoom,
  readCard,
  rollOnce,
} from './support/game';
import { poll, visible } from './support/suite';

const { suite, facilitatorFor } = gameSuite();

/** Signs the player in on PLAYER LOGIN by keyboard: organization, username, Enter. */
async function signInByKeyboard(page: Page, username: string) {
  await page.goto(`${suite.product.url}/`);
  await tabTo(page, page.getByLabel('Organization'));
  await typeHere(page, 'Demo Org');
  await page.keyboard.press('Tab');
  expect(await hasFocus(page.getByLabel('Username'))).toBe(true);
  await typeHere(page, username);
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/${DEMO_ORG_PATH}/${encodeURIComponent(username)}/dashboard`);
}

describe.runIf(hasChromium)('the player by keyboard alone', () => {
  it('joins a room from the dashboard, marks, claims and answers a question, all by keyboard', async () => {
    const roomId = await newRoom(suite.product, 'Keyboard Room');
    const facilitator = await facilitatorFor(roomId);
    const username = await newPlayer(suite.product);
    const { page } = await suite.open(PHONE);

    await signInByKeyboard(page, username);
    const join = page.getByRole('link', { name: 'Join Keyboard Room' });
    await poll(() => join.isVisible()).toBe(true);
    // The names above Join are text: no tab stops of their own (they fit, nothing to show).
    expect(await idleTabStops(page)).toEqual([]);
    await tabTo(page, join);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/play-game/${roomId}`);

    // The room's Join screen: Join Game with Space.
    const joinGame = page.getByRole('button', { name: 'Join Game' });
    await poll(() => joinGame.isVisible()).toBe(true);
    await tabTo(page, joinGame);
    await page.keyboard.press('Space');
    await poll(() => facilitator.getByRole('heading', { name: 'Players (1)' }).isVisible()).toBe(true);
    expect(await focused(page)).not.toBe('BODY');

    await facilitator.getByRole('button', { name: 'Start Game' }).click();
    await poll(() => card(page).isVisible()).toBe(true);
    await hideRollAnimation(facilitator);
    // Rolls until a number of the card is rolled, then marks it with Space.
    let rolled: number | undefined;
    for (let rolls = 1; rolled === undefined && rolls <= 40; rolls++) {
      await rollOnce(facilitator, rolls);
      await poll(() =>
        page.getByRole('list', { name: 'Rolled balls, newest first' }).getByRole('img').count(),
      ).toBe(rolls);
      rolled = (await readCard(page)).find((c) => c.number !== 0 && c.state === 'rolled')?.number;
    }
    expect(rolled).toBeDefined();
    await tabTo(page, cellButton(page, rolled!));
    await page.keyboard.press('Space');
    await poll(async () => (await readCard(page)).find((c) => c.number === rolled)?.state).toBe('marked');
    expect(await idleTabStops(page)).toEqual([]);

    // A claim with Enter: one line is not there yet, and the server says so.
    const bingo = page.getByRole('button', { name: 'Bingo!' });
    await tabTo(page, bingo);
    await page.keyboard.press('Enter');
    await visible(page, 'No bingo yet: keep playing');

    // A question: the welcome item, then the question; the answer with Enter.
    await facilitator.getByRole('button', { name: 'Send Content' }).click();
    await poll(() => facilitator.getByText('Sent content: Welcome to the workshop').isVisible()).toBe(true);
    await facilitator.getByRole('button', { name: 'Send Content' }).click();
    const answers = page.getByRole('group', { name: 'Pick your answer' }).getByRole('button');
    await poll(() => answers.count(), 'the question on the phone').toBeGreaterThan(1);
    // The question shows above the card: back up from Bingo! to its first answer with Shift+Tab.
    await tabTo(page, answers.first(), { back: true });
    await page.keyboard.press('Enter');
    await poll(() => answers.first().getAttribute('aria-pressed')).toBe('true');
    await poll(() => facilitator.getByText('1 answer', { exact: true }).isVisible()).toBe(true);
    expect(await focused(page)).not.toBe('BODY');
    expect(await idleTabStops(page)).toEqual([]);
  }, 180_000);
});
