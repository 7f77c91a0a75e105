import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../apps/server/src/test/context';
import { DESKTOP, expectAccessible, hasChromium, PHONE, screenshots, signInStaff } from './support/browser';
import { closeLobby, demoFacilitator, ORG, playerJoinsDemoRoom } from './support/demo-room';
import { cellButton, demoOrg, readCard, rolledLine } from './support/game';
import { browserSuite, poll, visible } from './support/suite';

const suite = browserSuite();

async function person(viewport = DESKTOP) {
  const { page } = await suite.open(viewport);
  return page;
}

describe.runIf(hasChromium)('a whole game in the browser', () => {
  it('admin opens the lobby; a facilitator and three phone players play content, a timer and a winner', async () => {
    const demo = await demoOrg(suite.product);
    const adminUser = await createUser(suite.product.database, 'ADMIN', demo.id);

    // The admin's room list, and the admin room view: Open Lobby.
    const admin = await person();
    await signInStaff(admin, suite.product.url, adminUser.email!, TEST_PASSWORD);
    await admin.goto(`${suite.product.url}/${ORG}/admin/rooms`);
    await visible(admin, 'Demo Room');
    // Create a room (Name, Workshop), then delete it with the table's confirmation.
    await admin.getByRole('button', { name: 'Create Room' }).click();
    await visible(admin, 'This field is required');
    await admin.getByRole('textbox', { name: 'Name' }).fill('Spare Room');
    await admin.getByRole('textbox', { name: 'Workshop' }).click();
    await admin.getByRole('option', { name: 'Demo Workshop' }).click();
    await admin.getByRole('button', { name: 'Create Room' }).click();
    await visible(admin, 'Room created successfully');
    await poll(() => admin.getByRole('cell', { name: 'Spare Room', exact: true }).isVisible()).toBe(true);
    await admin.getByRole('button', { name: 'Delete Spare Room' }).click();
    await visible(admin, 'Are you sure you want to delete this Room?');
    await admin.getByRole('button', { name: 'Yes' }).click();
    await poll(() => admin.getByRole('cell', { name: 'Spare Room', exact: true }).count()).toBe(0);
    await expectAccessible(admin, 'admin rooms');
    await screenshots(admin, 'game-admin-rooms');
    await admin.getByRole('link', { name: 'Open Demo Room' }).click();
    await admin.waitForURL(`**/${ORG}/admin/rooms/play-game/*`);
    await poll(() => admin.getByText('Lobby closed').isVisible()).toBe(true);
    await admin.getByRole('button', { name: 'Open Lobby' }).click();
    await visible(admin, 'Opening Lobby');
    await poll(() => admin.getByText('Lobby open').isVisible()).toBe(true);
    await expectAccessible(admin, 'admin room view');
    await screenshots(admin, 'game-admin-room-view');

    // The facilitator's room list (how players join) and the game screen.
    const facilitator = await demoFacilitator(suite);
    await facilitator.goto(`${suite.product.url}/${ORG}/facilitator/online/rooms`);
    await poll(() => facilitator.getByRole('heading', { name: 'How players join' }).isVisible()).toBe(true);
    await expectAccessible(facilitator, 'facilitator rooms');
    await screenshots(facilitator, 'game-facilitator-rooms');
    await facilitator.getByRole('link', { name: 'Play Demo Room' }).click();
    await facilitator.waitForURL(`**/${ORG}/facilitator/online/rooms/play-game/*`);
    await poll(() => facilitator.getByText('Welcome to the workshop').isVisible()).toBe(true);

    // Three players on phones join; the lobby lists them.
    const players: Page[] = [];
    const names = ['demo-player-1', 'demo-player-2', 'demo-player-3'];
    for (const name of names) {
      const page = await person(PHONE);
      await playerJoinsDemoRoom(page, suite.product.url, name);
      players.push(page);
    }
    await poll(() => facilitator.getByRole('heading', { name: 'Players (3)' }).isVisible()).toBe(true);
    await poll(() => players[0]!.getByRole('heading', { name: 'Players (3)' }).isVisible()).toBe(true);
    await visible(players[0]!, 'Demo Workshop');
    await expectAccessible(players[0]!, 'player lobby');
    await screenshots(players[0]!, 'game-player-lobby');
    await expectAccessible(facilitator, 'facilitator lobby');
    await screenshots(facilitator, 'game-facilitator-lobby');

    // Start: every player gets a card.
    await facilitator.getByRole('button', { name: 'Start Game' }).click();
    for (const page of players) {
      await poll(() => page.getByRole('group', { name: 'Your bingo card' }).isVisible()).toBe(true);
    }
    expect((await readCard(players[0]!)).length).toBe(25);
    await visible(players[0]!, 'No balls rolled yet');
    await expectAccessible(players[0]!, 'player board');
    await screenshots(players[0]!, 'game-player-board');

    // A player who arrives after the start gets a card and plays on.
    const lateJoiner = await person(PHONE);
    await playerJoinsDemoRoom(lateJoiner, suite.product.url, 'demo-player-4');
    await poll(() => lateJoiner.getByRole('group', { name: 'Your bingo card' }).isVisible()).toBe(true);
    await poll(() => facilitator.getByRole('heading', { name: 'Players (4)' }).isVisible()).toBe(true);

    // Content: the first item of the queue reaches every player, without its script.
    await facilitator.getByRole('button', { name: 'Send Content' }).click();
    for (const page of players)
      await poll(() => page.getByText('Give the room two minutes').first().isVisible()).toBe(false);
    for (const page of players) {
      await poll(() => page.getByRole('heading', { name: 'Welcome to the workshop' }).isVisible()).toBe(true);
    }
    await poll(() => players[1]!.getByRole('button', { name: 'Show script' }).count()).toBe(0);
    await visible(facilitator, 'Sent content: Welcome to the workshop');
    await poll(() => facilitator.getByRole('button', { name: 'Show script' }).isVisible()).toBe(true);
    await expectAccessible(players[0]!, 'player content');
    await screenshots(players[0]!, 'game-player-content');

    // A facilitator who reloads keeps the rest of the queue: what this game sent is not offered again.
    await facilitator.reload();
    const queueText = () => facilitator.getByRole('list', { name: 'Content queue' }).textContent();
    await poll(queueText).toContain('Fire safety check');
    expect(await queueText()).not.toContain('Welcome to the workshop');
    await visible(facilitator, 'Sent content: Welcome to the workshop');

    // The timer: none picked is refused; 30 s counts down on every screen; cancel clears it.
    await facilitator.getByRole('button', { name: 'Start Timer' }).click();
    await visible(facilitator, 'Please select a time');
    await facilitator.getByRole('textbox', { name: 'Timer (seconds)' }).click();
    await facilitator.getByRole('option', { name: '30', exact: true }).click();
    await facilitator.getByRole('button', { name: 'Start Timer' }).click();
    for (const page of [facilitator, ...players]) {
      await poll(() => page.getByRole('timer').getAttribute('aria-label')).toMatch(
        /Timer: (2\d|30) seconds left/,
      );
    }
    await expectAccessible(facilitator, 'facilitator with content and timer');
    await screenshots(facilitator, 'game-facilitator-content');
    await facilitator.getByRole('button', { name: 'Cancel Timer' }).click();
    for (const page of [facilitator, ...players]) await poll(() => page.getByRole('timer').count()).toBe(0);

    // One roll with the animation: the ball tumbles in its colour, then lands big; Roll and Send
    // Content wait the 12 s out, then every screen is back on the board.
    const rollButton = facilitator.getByRole('button', { name: 'Roll', exact: true });
    await rollButton.click();
    await visible(players[0]!, /Rolling a (purple|red|yellow|blue|green) ball/);
    await poll(() => rollButton.isDisabled()).toBe(true);
    await poll(() => facilitator.getByRole('button', { name: 'Send Content' }).isDisabled()).toBe(true);
    await screenshots(players[0]!, 'game-player-roll-tumble');
    await poll(() => players[0]!.getByText(/^[BINGO] \d+$/).isVisible()).toBe(true);
    await screenshots(players[0]!, 'game-player-roll-landed');
    await expectAccessible(players[0]!, 'roll animation');
    await expect
      .poll(() => players[0]!.getByRole('group', { name: 'Your bingo card' }).isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    await poll(() => rollButton.isEnabled()).toBe(true);

    // Roll with the animation hidden until someone has a line; one player reloads on the way.
    await facilitator.getByRole('switch', { name: 'Hide roll animation' }).click();
    await poll(() => facilitator.getByRole('switch', { name: 'Hide roll animation' }).isChecked()).toBe(true);
    let winner: { page: Page; name: string; line: number[] } | null = null;
    let reloaded = false;
    for (let rolls = 2; rolls <= 75 && !winner; rolls++) {
      const roll = facilitator.getByRole('button', { name: 'Roll', exact: true });
      await poll(() => roll.isEnabled()).toBe(true);
      await roll.click();
      await poll(() => facilitator.getByText(`${rolls} of 75 rolled`).isVisible()).toBe(true);
      for (const page of players) {
        await poll(() =>
          page.getByRole('list', { name: 'Rolled balls, newest first' }).getByRole('img').count(),
        ).toBe(rolls);
      }
      if (rolls === 5 && !reloaded) {
        reloaded = true;
        const page = players[1]!;
        const before = await readCard(page);
        await page.reload();
        await poll(() => page.getByRole('group', { name: 'Your bingo card' }).isVisible()).toBe(true);
        await poll(async () => (await readCard(page)).map((c) => c.number)).toEqual(
          before.map((c) => c.number),
        );
        const after = await readCard(page);
        const rolled = after.filter((c) => c.number !== 0 && c.state !== 'not rolled yet').length;
        expect(rolled).toBe(before.filter((c) => c.number !== 0 && c.state !== 'not rolled yet').length);
        await poll(() =>
          page.getByRole('list', { name: 'Rolled balls, newest first' }).getByRole('img').count(),
        ).toBe(5);
      }
      for (const [i, page] of players.entries()) {
        const line = rolledLine(await readCard(page));
        if (line) {
          winner = { page, name: names[i]!, line };
          break;
        }
      }
    }
    expect(winner).not.toBeNull();
    const { page: winnerPage, name: winnerName, line } = winner!;
    await screenshots(winnerPage, 'game-player-rolled');

    // An unrolled number cannot be marked; the line's numbers can, and the last one claims.
    const card = await readCard(winnerPage);
    const unrolled = card.find((c) => c.state === 'not rolled yet');
    if (unrolled) {
      await cellButton(winnerPage, unrolled.number).click({ force: true });
      expect((await readCard(winnerPage)).find((c) => c.number === unrolled.number)!.state).toBe(
        'not rolled yet',
      );
    }
    await winnerPage.keyboard.press('Tab');
    for (const n of line) {
      await cellButton(winnerPage, n).focus();
      await winnerPage.keyboard.press('Enter');
    }
    await poll(() => winnerPage.getByText('Congratulations!').isVisible()).toBe(true);
    await visible(winnerPage, `${winnerName} has won the game!`);
    await poll(() => winnerPage.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await poll(() => facilitator.getByText('Bingo', { exact: true }).isVisible()).toBe(true);
    await expectAccessible(winnerPage, 'player win');
    await screenshots(winnerPage, 'game-player-win');

    // The facilitator announces: every screen shows the winner.
    await facilitator.getByRole('button', { name: 'Announce Winner' }).click();
    for (const page of [facilitator, ...players]) {
      await visible(page, `${winnerName} has won the game!`);
      await visible(page, 'Congratulations!');
    }
    await poll(() => facilitator.getByRole('button', { name: 'Close' }).isVisible()).toBe(true);
    await expectAccessible(facilitator, 'facilitator winner');
    await screenshots(facilitator, 'game-facilitator-winner');

    // The game report (CSV) names the winner.
    const [download] = await Promise.all([
      facilitator.waitForEvent('download'),
      facilitator.getByRole('button', { name: 'Download report' }).click(),
    ]);
    expect(await readFile(await download.path(), 'utf8')).toContain(winnerName);

    // Sending the last item moves the room on to the next session: the server queues its content
    // at once.
    await facilitator.getByRole('button', { name: 'Send Content' }).click();
    for (const page of players) {
      await poll(() =>
        page
          .getByRole('heading', { name: 'What should you do first when the fire alarm sounds?' })
          .isVisible(),
      ).toBe(true);
    }
    await poll(() => facilitator.getByRole('list', { name: 'Content queue' }).textContent()).toContain(
      'Strong teams',
    );
    // The question on screen is Warm-up's: no screen names the next session under it (issue 28.8).
    await visible(facilitator, 'Demo Workshop · Warm-up');

    // A new game deals new cards and clears the rolls.
    const oldCards = await Promise.all(players.map(async (p) => (await readCard(p)).map((c) => c.number)));
    await facilitator.getByRole('button', { name: 'Start New Game' }).click();
    await facilitator
      .getByRole('dialog', { name: 'Start a new game?' })
      .getByRole('button', { name: 'Start New Game' })
      .click();
    for (const [i, page] of players.entries()) {
      await poll(() => page.getByRole('group', { name: 'Your bingo card' }).isVisible()).toBe(true);
      await poll(async () => (await readCard(page)).map((c) => c.number)).not.toEqual(oldCards[i]);
      await visible(page, 'No balls rolled yet');
    }
    await visible(facilitator, '0 of 75 rolled');
    await poll(() => facilitator.getByRole('list', { name: 'Content queue' }).textContent()).toContain(
      'Strong teams',
    );

    // End Game (confirmed) closes the room for everyone: the facilitator goes back to the rooms, the
    // players to their room list.
    await facilitator.getByRole('button', { name: 'End Game' }).click();
    await facilitator
      .getByRole('dialog', { name: 'End the game?' })
      .getByRole('button', { name: 'End Game' })
      .click();
    await visible(facilitator, 'Ending Game');
    // Phones stay in the room between games and join its next lobby by themselves (issue 28).
    for (const page of players) await visible(page, /Keep this screen open/);
    await facilitator.waitForURL(`**/${ORG}/facilitator/online/rooms`);
    await poll(() => admin.getByText('Lobby closed').isVisible()).toBe(true);
    await expectAccessible(players[0]!, 'room list after End Game');
    await screenshots(players[0]!, 'game-player-room-closed');

    // The admin can open the lobby again and close it.
    await admin.getByRole('button', { name: 'Open Lobby' }).click();
    await poll(() => admin.getByText('Lobby open').isVisible()).toBe(true);
    // The phones, still in the room, join that lobby by themselves, and each sees it closed before a
    // player leaves (a tab that left while still in the lobby would go straight back into the room).
    for (const page of players)
      await poll(() => page.getByRole('button', { name: "I'm ready" }).isVisible()).toBe(true);
    await closeLobby(admin);
    for (const page of players) await visible(page, /Keep this screen open/);

    // Back in the room list, a player who joins now is sent back: 'Lobby not open'.
    const late = players[2]!;
    await late.goto(`${suite.product.url}/${ORG}/demo-player-3/dashboard`);
    await late.getByRole('link', { name: 'Join Demo Room' }).click();
    await late.getByRole('button', { name: 'Join Game' }).click();
    await late.waitForURL(`**/${ORG}/demo-player-3/dashboard`);
    await visible(late, 'Lobby not open');
  }, 300_000);
});
