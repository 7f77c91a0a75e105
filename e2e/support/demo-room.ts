import type { TrainingSettings } from '@playshop/shared';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { signInStaff } from './browser';
import type { browserSuite } from './suite';
import { poll } from './suite';

/** The seeded Demo Room of Demo Org as the browser tests reach it: through the screens, as people do. */

/** Demo Org in a path. */
export const ORG = 'Demo%20Org';

/** The look branding tests give Demo Org: teal, yellow and a logo of the kind an organization uploads. */
export const LOOK = {
  primary: '#0b7285',
  accent: '#ffd43b',
  logo: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><rect width="120" height="40" rx="8" fill="#0b7285"/><circle cx="20" cy="20" r="12" fill="#ffd43b"/><text x="40" y="27" font-size="18" font-family="sans-serif" fill="#fff">ACME</text></svg>',
  ),
};

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

/** Training settings with a playlist of `videos` for players and none for the other roles. */
export function playerPlaylist(videos: { title: string; url: string }[]): TrainingSettings {
  const none = { kind: 'none' } as const;
  return { SUPER_ADMIN: none, ADMIN: none, FACILITATOR: none, PLAYER: { kind: 'videos', videos } };
}

/**
 * A phone (an English browser) opens the join link of the demo room, which speaks German: the page
 * is German; Jonas joins as a guest and into the game.
 */
export async function germanGuestJoins(page: Page, joinUrl: string) {
  await page.goto(joinUrl);
  await poll(() => page.getByRole('button', { name: 'Als Gast beitreten' }).isVisible()).toBe(true);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
  await page.getByRole('textbox', { name: /Spitzname/ }).fill('Jonas');
  await page.getByRole('button', { name: 'Als Gast beitreten' }).click();
  await page.waitForURL(`**/${ORG}/Jonas/play-game/*`);
  await page.getByRole('button', { name: 'Mitspielen' }).click();
}
