import { CARD_LINES } from '@playshop/shared';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { organizations, rooms, workshops } from '../../apps/server/src/db/schema';
import { createUser } from '../../apps/server/src/test/context';
import { signInStaff } from './browser';
import type { Product } from './server';
import { poll } from './suite';

/** What the game browser tests share: rooms and players of the demo organization, the card as shown. */

const DEMO_ORG = 'Demo Org';
export const DEMO_ORG_PATH = encodeURIComponent(DEMO_ORG);

export async function demoOrg(product: Product) {
  const [org] = await product.database.db
    .select()
    .from(organizations)
    .where(eq(organizations.name, DEMO_ORG));
  return org!;
}

/**
 * A room of its own for one test (the demo workshop), so tests of a file do not share a game. CI runs
 * a failed browser test once more: the second try finds its room by name (the game it left ended or
 * is resumed as the facilitator would) instead of failing on the room name's unique index.
 */
export async function newRoom(product: Product, name: string): Promise<number> {
  const org = await demoOrg(product);
  const [workshop] = await product.database.db
    .select()
    .from(workshops)
    .where(eq(workshops.name, 'Demo Workshop'));
  const [room] = await product.database.db
    .insert(rooms)
    .values({ name, orgId: org.id, workshopId: workshop!.id })
    .onConflictDoNothing()
    .returning();
  if (room) return room.id;
  const [existing] = await product.database.db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.orgId, org.id), eq(rooms.name, name)));
  return existing!.id;
}

/** A player account of the demo organization (PLAYER LOGIN: organization and username). */
export async function newPlayer(product: Product): Promise<string> {
  const org = await demoOrg(product);
  return (await createUser(product.database, 'PLAYER', org.id)).username!;
}

async function signInPlayer(page: Page, base: string, username: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByLabel('Organization').fill(DEMO_ORG);
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(`**/${DEMO_ORG_PATH}/${encodeURIComponent(username)}/dashboard`);
}

/** Signs the player in and presses 'Join Game' on the room's Join screen. */
export async function playerJoins(page: Page, base: string, username: string, roomId: number) {
  await signInPlayer(page, base, username);
  await page.goto(`${base}/${DEMO_ORG_PATH}/${encodeURIComponent(username)}/play-game/${roomId}`);
  await page.getByRole('button', { name: 'Join Game' }).click();
}

/** The demo facilitator on the room's game screen with the lobby open. */
export async function facilitatorOpens(page: Page, product: Product, roomId: number, signIn = true) {
  if (signIn) {
    await signInStaff(page, product.url, product.facilitator.email, product.facilitator.password);
  }
  await page.goto(`${product.url}/${DEMO_ORG_PATH}/facilitator/online/rooms/play-game/${roomId}`);
  await page.getByRole('button', { name: 'Open Lobby' }).click();
  await poll(() => page.getByText('Lobby open').first().isVisible()).toBe(true);
}

export const card = (page: Page) => page.getByRole('group', { name: 'Your bingo card' });

interface Cell {
  number: number;
  state: string;
}

/** The player's card as the screen shows it, row by row (the free centre is 0, marked). */
export async function readCard(page: Page): Promise<Cell[]> {
  const labels = await card(page)
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
  return labels.map((label) => {
    if (label === 'Free') return { number: 0, state: 'marked' };
    const match = /^[BINGO] (\d+), (.+)$/.exec(label);
    if (!match) throw new Error(`unexpected cell label ${label}`);
    return { number: Number(match[1]), state: match[2]! };
  });
}

/** The numbers the card shows as marked (not the free centre). */
export const markedNumbers = async (page: Page) =>
  (await readCard(page))
    .filter((c) => c.number !== 0 && c.state === 'marked')
    .map((c) => c.number)
    .sort((a, b) => a - b);

export const cellButton = (page: Page, n: number) =>
  card(page).getByRole('button', { name: new RegExp(`^[BINGO] ${n},`) });

/** A line of the card whose every number has been rolled, or null. */
export function rolledLine(cells: Cell[]): number[] | null {
  for (const line of CARD_LINES) {
    const row = line.cells.map(([r, c]) => cells[r * 5 + c]!);
    if (row.every((cell) => cell.number === 0 || cell.state !== 'not rolled yet')) {
      return row.filter((cell) => cell.number !== 0).map((cell) => cell.number);
    }
  }
  return null;
}

export const rollButton = (facilitator: Page) =>
  facilitator.getByRole('button', { name: 'Roll', exact: true });

/** Rolls the next ball and waits until the facilitator's count says so (the Roll button back on). */
export async function rollOnce(facilitator: Page, expectedCount: number, timeout = 20_000) {
  await poll(() => rollButton(facilitator).isEnabled(), 'Roll enabled', timeout).toBe(true);
  await rollButton(facilitator).click();
  await poll(
    () => facilitator.getByText(`${expectedCount} of 75 rolled`).isVisible(),
    'roll counted',
    timeout,
  ).toBe(true);
}

/** The rolled balls the phone shows in its chips (newest first). */
export const phoneBallCount = (page: Page) =>
  page.getByRole('list', { name: 'Rolled balls, newest first' }).getByRole('img').count();

/** Turns the roll animation off (1 s rolls) from the facilitator's bar. */
export async function hideRollAnimation(facilitator: Page) {
  const toggle = facilitator.getByRole('switch', { name: 'Hide roll animation' });
  if (!(await toggle.isChecked())) await toggle.click();
  await poll(() => toggle.isChecked()).toBe(true);
}

/** The facilitator picks four corners for the round (before its first ball) in the Win pattern dialog. */
export async function playForFourCorners(facilitator: Page) {
  await facilitator.getByRole('button', { name: 'Win pattern: Any line' }).click();
  await facilitator.getByRole('textbox', { name: 'Pattern' }).click();
  await facilitator.getByRole('option', { name: 'Four corners' }).click();
  await facilitator.getByRole('button', { name: 'Use for this round' }).click();
  await poll(() => facilitator.getByRole('button', { name: 'Win pattern: Four corners' }).isVisible()).toBe(
    true,
  );
}
