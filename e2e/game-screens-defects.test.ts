import { ballLabel } from '@playshop/shared';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rooms } from '../apps/server/src/db/schema';
import { createUser, TEST_PASSWORD } from '../apps/server/src/test/context';
import { DESKTOP, expectAccessible, hasChromium, PHONE, screenshots, signInStaff } from './support/browser';
import { closeLobby } from './support/demo-room';
import { gameSuite } from './support/facilitator-tabs';
import {
  card,
  DEMO_ORG_PATH,
  demoOrg,
  hideRollAnimation,
  newPlayer,
  newRoom,
  phoneBallCount,
  playerJoins,
  readCard,
  rollOnce,
} from './support/game';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server';
import { poll, visible } from './support/suite';

// What ends, resets or changes a room for everyone, and the screens around it: confirmations, End
// Game, the timer and rolled balls, removing a player, and a super admin's rooms of another
// organization.
const { suite, facilitatorFor } = gameSuite();

/** A phone in the room's game with a card (the game started). */
async function playersIn(facilitator: Page, roomId: number, count: number) {
  const players: { page: Page; username: string }[] = [];
  for (let i = 0; i < count; i++) {
    const username = await newPlayer(suite.product);
    const { page } = await suite.open(PHONE);
    await playerJoins(page, suite.product.url, username, roomId);
    players.push({ page, username });
  }
  await poll(() => facilitator.getByRole('heading', { name: `Players (${count})` }).isVisible()).toBe(true);
  await facilitator.getByRole('button', { name: 'Start Game' }).click();
  for (const { page } of players) await poll(() => card(page).isVisible()).toBe(true);
  return players;
}

const cardNumbers = async (page: Page) => (await readCard(page)).map((c) => c.number);
const dashboardOf = (username: string) => `${DEMO_ORG_PATH}/${encodeURIComponent(username)}/dashboard`;

/** Opens a confirmation, checks it names the consequence, and cancels it. */
async function askAndCancel(page: Page, button: string, title: string, consequence: RegExp) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await poll(() => dialog.isVisible()).toBe(true);
  expect(await dialog.textContent()).toMatch(consequence);
  return dialog;
}

describe.runIf(hasChromium)('game screens: what changes the room for everyone', () => {
  it('Start New Game, End Game and Close Lobby ask first naming the consequence; Cancel changes nothing', async () => {
    const roomId = await newRoom(suite.product, 'Confirm Room');
    const facilitator = await facilitatorFor(roomId);
    const [{ page: player }] = (await playersIn(facilitator, roomId, 1)) as [
      { page: Page; username: string },
    ];
    await hideRollAnimation(facilitator);
    await rollOnce(facilitator, 1);
    await poll(() => phoneBallCount(player)).toBe(1);
    const numbers = await cardNumbers(player);

    let dialog = await askAndCancel(
      facilitator,
      'Start New Game',
      'Start a new game?',
      /Every player gets a new card.*rolled balls, marks and winners of this game are cleared/,
    );
    await screenshots(facilitator, 'game-confirm-new-game');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => dialog.count()).toBe(0);

    dialog = await askAndCancel(
      facilitator,
      'End Game',
      'End the game?',
      /game ends for everyone.*Phones stay in the room and join its next lobby/,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => dialog.count()).toBe(0);

    // The admin's room view: Close Lobby asks too.
    const org = await demoOrg(suite.product);
    const adminUser = await createUser(suite.product.database, 'ADMIN', org.id);
    const { page: admin } = await suite.open(DESKTOP);
    await signInStaff(admin, suite.product.url, adminUser.email!, TEST_PASSWORD);
    await admin.goto(`${suite.product.url}/${DEMO_ORG_PATH}/admin/rooms/play-game/${roomId}`);
    await poll(() => admin.getByText('Lobby open').isVisible()).toBe(true);
    dialog = await askAndCancel(
      admin,
      'Close Lobby',
      'Close the lobby?',
      /game ends for everyone in the room.*Phones stay in the room and join its next lobby/,
    );
    await screenshots(admin, 'game-confirm-close-lobby');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => dialog.count()).toBe(0);

    // Nothing happened: same card, same ball, same game, lobby still open.
    await player.waitForTimeout(1500);
    expect(await cardNumbers(player)).toEqual(numbers);
    expect(await phoneBallCount(player)).toBe(1);
    expect(player.url()).toContain(`/play-game/${roomId}`);
    await visible(facilitator, '1 of 75 rolled');
    expect(facilitator.url()).toContain(`/play-game/${roomId}`);
    expect(await admin.getByText('Lobby open').isVisible()).toBe(true);

    // Confirmed, Close Lobby ends the game: the phone stays in the room for its next lobby.
    await closeLobby(admin);
    await visible(player, /Keep this screen open/);
  }, 120_000);

  it('End Game keeps phones in the room, waiting for the next lobby; an expired timer clears; the rolled balls keep the draw order', async () => {
    const roomId = await newRoom(suite.product, 'End Room');
    const facilitator = await facilitatorFor(roomId);
    const players = await playersIn(facilitator, roomId, 2);
    const phone = players[0]!.page;
    await hideRollAnimation(facilitator);

    // A 20 s timer (the shortest), with balls rolled while it runs.
    await facilitator.getByRole('textbox', { name: 'Timer (seconds)' }).click();
    await facilitator.getByRole('option', { name: '20', exact: true }).click();
    await facilitator.getByRole('button', { name: 'Start Timer' }).click();
    await poll(() => phone.getByRole('timer').isVisible()).toBe(true);
    const drawn: string[] = [];
    for (let rolls = 1; rolls <= 5; rolls++) {
      await rollOnce(facilitator, rolls);
      drawn.push(
        (await facilitator
          .getByRole('group', { name: 'Last three balls' })
          .getByRole('img')
          .first()
          .getAttribute('aria-label')) ?? '',
      );
    }

    // 'Show Rolled Balls': the last called ball named and marked, the draw in order.
    await facilitator.getByRole('button', { name: 'Show Rolled Balls' }).click();
    const modal = facilitator.getByRole('dialog', { name: 'Rolled balls (5)' });
    await poll(() => modal.isVisible()).toBe(true);
    await poll(() => modal.getByText(`Last called: ${drawn.at(-1)}`, { exact: true }).isVisible()).toBe(true);
    expect(
      await modal
        .getByRole('list', { name: 'Balls in the order drawn' })
        .getByRole('listitem')
        .allTextContents(),
    ).toEqual(drawn);
    const current = modal.locator('td[aria-current="true"]');
    expect(await current.count()).toBe(1);
    expect(ballLabel(Number(await current.textContent()))).toBe(drawn.at(-1));
    await screenshots(facilitator, 'game-rolled-balls-order');
    await facilitator.keyboard.press('Escape');
    await poll(() => modal.count()).toBe(0);

    // At 0 the timer says 'Time is up' for a few seconds, then goes from every screen.
    await poll(() => phone.getByText('Time is up').isVisible(), 'Time is up', 25_000).toBe(true);
    const upAt = Date.now();
    await screenshots(phone, 'game-timer-expired');
    for (const page of [phone, facilitator]) {
      await poll(() => page.getByRole('timer').count(), 'expired timer cleared', 12_000).toBe(0);
    }
    expect(Date.now() - upAt).toBeGreaterThan(2_000);

    // End Game, confirmed: phones stay in the room and wait for its next lobby, the facilitator is on the rooms.
    await facilitator.getByRole('button', { name: 'End Game', exact: true }).click();
    await facilitator
      .getByRole('dialog', { name: 'End the game?' })
      .getByRole('button', { name: 'End Game' })
      .click();
    for (const { page } of players) await visible(page, /Keep this screen open/);
    await facilitator.waitForURL(`**/${DEMO_ORG_PATH}/facilitator/online/rooms`);
    await expectAccessible(phone, 'phone between games after End Game');
    await screenshots(phone, 'game-end-room-list');
  }, 120_000);

  it('the facilitator removes a player: their phone leaves with the message and cannot join this game again', async () => {
    const roomId = await newRoom(suite.product, 'Remove Room');
    const facilitator = await facilitatorFor(roomId);
    const [removed, staying] = (await playersIn(facilitator, roomId, 2)) as [
      { page: Page; username: string },
      { page: Page; username: string },
    ];

    await facilitator.getByRole('button', { name: `Remove ${removed.username}` }).click();
    const dialog = facilitator.getByRole('dialog', { name: `Remove ${removed.username}?` });
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('they cannot join this game again');
    await screenshots(facilitator, 'game-confirm-remove-player');
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();

    await removed.page.waitForURL(`**/${dashboardOf(removed.username)}`, { timeout: 15_000 });
    await visible(removed.page, 'The facilitator removed you from this room');
    // The removal says why; no 'Room Closed' as if the room had ended.
    expect(await removed.page.getByText('Room Closed').count()).toBe(0);
    await screenshots(removed.page, 'game-removed-player');
    await poll(() => facilitator.getByRole('heading', { name: 'Players (1)' }).isVisible()).toBe(true);
    expect(await facilitator.getByRole('list', { name: 'Players' }).textContent()).not.toContain(
      removed.username,
    );
    expect(await card(staying.page).isVisible()).toBe(true);

    // Joining again is refused: no card, the reason shown, and the room's count stays at one.
    await removed.page.goto(
      `${suite.product.url}/${DEMO_ORG_PATH}/${encodeURIComponent(removed.username)}/play-game/${roomId}`,
    );
    await removed.page.getByRole('button', { name: 'Join Game' }).click();
    await visible(removed.page, 'The facilitator removed you from this room');
    expect(await card(removed.page).count()).toBe(0);
    expect(await facilitator.getByRole('heading', { name: 'Players (1)' }).isVisible()).toBe(true);
    await screenshots(removed.page, 'game-removed-player-rejoins');
    // Refused like the removal itself: back to the room list.
    await removed.page.waitForURL(`**/${dashboardOf(removed.username)}`, { timeout: 15_000 });
  }, 120_000);

  it('a super admin picks another organization on Rooms and creates a room there', async () => {
    const { page: admin } = await suite.open(DESKTOP);
    await signInStaff(admin, suite.product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.goto(`${suite.product.url}/Playshop/admin/rooms`);
    const choice = admin.getByRole('textbox', { name: 'Organization' });
    await poll(() => choice.isVisible()).toBe(true);
    await choice.click();
    await admin.getByRole('option', { name: 'Demo Org', exact: true }).click();
    await admin.waitForURL(`**/${DEMO_ORG_PATH}/admin/rooms`);
    // The page now works on Demo Org: its rooms, its workshops.
    await poll(() => admin.getByRole('cell', { name: 'Demo Room', exact: true }).isVisible()).toBe(true);
    await admin.getByRole('textbox', { name: 'Name' }).fill('Acme Training Room');
    await admin.getByRole('textbox', { name: 'Workshop' }).click();
    await admin.getByRole('option', { name: 'Demo Workshop' }).click();
    await admin.getByRole('button', { name: 'Create Room' }).click();
    await visible(admin, 'Room created successfully');
    await poll(() => admin.getByRole('cell', { name: 'Acme Training Room', exact: true }).isVisible()).toBe(
      true,
    );
    await screenshots(admin, 'game-super-admin-rooms-other-org');

    const [room] = await suite.product.database.db
      .select()
      .from(rooms)
      .where(eq(rooms.name, 'Acme Training Room'));
    expect(room?.orgId).toBe((await demoOrg(suite.product)).id);

    // An organization that does not exist: no form to create rooms in the wrong place.
    await admin.goto(`${suite.product.url}/No%20Such%20Org/admin/rooms`);
    await poll(() => admin.getByRole('textbox', { name: 'Organization' }).isVisible()).toBe(true);
    await admin.waitForTimeout(1000);
    expect(await admin.getByRole('button', { name: 'Create Room' }).count()).toBe(0);
  }, 60_000);
});
