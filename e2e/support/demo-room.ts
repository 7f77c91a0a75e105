import type { Page } from 'playwright-core';
import { signInStaff } from './browser';
import type { browserSuite } from './suite';
import { poll } from './suite';

/** The seeded Demo Room of Demo Org as the browser tests reach it: through the screens, as people do. */

/** Demo Org in a path. */
export const ORG = 'Demo%20Org';

/**
 * A fresh profile (a person on their own device) with the demo facilitator signed in, on `landing`
 * (by default any staff landing page).
 */
export async function demoFacilitator(
  suite: ReturnType<typeof browserSuite>,
  viewport?: { width: number; height: number },
  landing?: string | RegExp,
): Promise<Page> {
  const { page } = await suite.open(viewport);
  const { email, password } = suite.product.facilitator;
  await signInStaff(page, suite.product.url, email, password, landing);
  return page;
}

/** The player signs in on PLAYER LOGIN and joins the Demo Room from their room list. */
export async function playerJoinsDemoRoom(page: Page, base: string, username: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByLabel('Organization').fill('Demo Org');
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(`**/${ORG}/${username}/dashboard`);
  await page.getByRole('link', { name: 'Join Demo Room' }).click();
  await page.getByRole('button', { name: 'Join Game' }).click();
}

/** 'Play Demo Room' on the facilitator's room list: its game screen. Returns the room's id. */
export async function playDemoRoom(facilitator: Page, base: string): Promise<string> {
  await facilitator.goto(`${base}/${ORG}/facilitator/online/rooms`);
  await facilitator.getByRole('link', { name: 'Play Demo Room' }).click();
  await facilitator.waitForURL(`**/${ORG}/facilitator/online/rooms/play-game/*`);
  return new URL(facilitator.url()).pathname.split('/').at(-1)!;
}

/** Open Lobby on a room's screen, and wait until the screen says so. */
export async function openLobby(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open Lobby' }).click();
  await poll(() => page.getByText('Lobby open').isVisible()).toBe(true);
}

/** Close Lobby on a room's screen, confirmed in its dialog, and wait until the screen says so. */
export async function closeLobby(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Close Lobby' }).click();
  await page
    .getByRole('dialog', { name: 'Close the lobby?' })
    .getByRole('button', { name: 'Close Lobby' })
    .click();
  await poll(() => page.getByText('Lobby closed').isVisible()).toBe(true);
}
