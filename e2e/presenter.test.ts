import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, hasChromium, PHONE, picture, screenshots } from './support/browser';
import { demoFacilitator, ORG, openLobby, playDemoRoom, playerJoinsDemoRoom } from './support/demo-room';
import { playForFourCorners, readCard } from './support/game';
import { browserSuite, poll, visible } from './support/suite';

const suite = browserSuite();
const PROJECTOR = { width: 1920, height: 1080 };
const CORNERS = [0, 4, 20, 24];

const facilitatorPage = (viewport?: { width: number; height: number }) => demoFacilitator(suite, viewport);

async function playerJoins(username: string) {
  const { page } = await suite.open(PHONE);
  await playerJoinsDemoRoom(page, suite.product.url, username);
  return page;
}

const calledOnBoard = (presenter: Page) =>
  presenter
    .getByRole('list', { name: 'Call board' })
    .getByRole('listitem', { name: /, called$/ })
    .count();

const rollsOf = async (page: Page) =>
  Number((await page.getByText(/^\d+ of 75 rolled$/).textContent())?.split(' ')[0]);

describe.runIf(hasChromium)('the presenter view', () => {
  it('follows a four-corners game on a 1920×1080 screen: lobby code and players, balls, board, content, a false and a true claim', async () => {
    // The control screen; Open Lobby.
    const facilitator = await facilitatorPage();
    const roomId = await playDemoRoom(facilitator, suite.product.url);
    await openLobby(facilitator);

    // 'Open presenter view' opens the presenter in a window of its own.
    const [popup] = await Promise.all([
      facilitator.waitForEvent('popup'),
      facilitator.getByRole('button', { name: 'Open presenter view' }).click(),
    ]);
    await popup.waitForURL(`**/${ORG}/facilitator/online/rooms/present/${roomId}`);
    await poll(() => popup.getByRole('button', { name: 'Full screen' }).isVisible()).toBe(true);
    await popup.close();

    // The projector: a separate 1920×1080 screen, signed in as the facilitator.
    const presenter = await facilitatorPage(PROJECTOR);
    // Each roll sound the big screen starts (Web Audio: the decoded file played from a buffer).
    await presenter.addInitScript(() => {
      const w = window as unknown as { rollSounds: number };
      w.rollSounds = 0;
      const start = AudioBufferSourceNode.prototype.start;
      AudioBufferSourceNode.prototype.start = function (...args) {
        w.rollSounds += 1;
        return start.apply(this, args);
      };
    });
    await presenter.goto(`${suite.product.url}/${ORG}/facilitator/online/rooms/present/${roomId}`);
    const code = presenter.getByLabel(/^Room code [A-Z0-9]+$/);
    await poll(() => code.isVisible()).toBe(true);
    const codeText = (await code.getAttribute('aria-label'))!.replace('Room code ', '');
    await poll(() => presenter.locator('svg[role="img"] title').textContent()).toMatch(
      new RegExp(`^QR code for http.*/join/${codeText}$`),
    );
    await visible(presenter, new RegExp(`^http.*/join/${codeText}$`));
    await visible(presenter, 'Waiting for players to join…');

    // Players arrive: the big screen lists them.
    const names = ['demo-player-1', 'demo-player-2', 'demo-player-3'];
    const players: Page[] = [];
    for (const name of names) players.push(await playerJoins(name));
    await poll(() => presenter.getByRole('heading', { name: 'Players (3)' }).isVisible()).toBe(true);
    const listed = presenter.getByRole('list', { name: 'Players in the lobby' }).getByRole('listitem');
    await poll(() => listed.allTextContents()).toEqual(names);
    await expectAccessible(presenter, 'presenter lobby');
    await picture(presenter, 'presenter-lobby-1920');

    // Four corners, picked before the round; the full screen button uses the Fullscreen API.
    await playForFourCorners(facilitator);
    await facilitator.getByRole('button', { name: 'Start Game' }).click();
    for (const page of players) {
      await poll(() => page.getByRole('group', { name: 'Your bingo card' }).isVisible()).toBe(true);
      await visible(page, 'Playing for: Four corners');
      // Auto-mark: called numbers are marked for the player; the claim stays theirs.
      await page.getByRole('switch', { name: /Auto-mark/ }).check();
    }
    await poll(() =>
      presenter.getByRole('group', { name: 'Win pattern' }).getByText('Four corners').isVisible(),
    ).toBe(true);
    await presenter.getByRole('button', { name: 'Full screen' }).click();
    await poll(() => presenter.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await presenter.getByRole('button', { name: 'Exit full screen' }).click();
    await poll(() => presenter.evaluate(() => document.fullscreenElement !== null)).toBe(false);

    // Content reaches the big screen without its script; the timer too.
    await facilitator.getByRole('button', { name: 'Send Content' }).click();
    await poll(() => presenter.getByRole('heading', { name: 'Welcome to the workshop' }).isVisible()).toBe(
      true,
    );
    expect(await presenter.getByText('Give the room two minutes').count()).toBe(0);
    await facilitator.getByRole('textbox', { name: 'Timer (seconds)' }).click();
    await facilitator.getByRole('option', { name: '60', exact: true }).click();
    await facilitator.getByRole('button', { name: 'Start Timer' }).click();
    await poll(() => presenter.getByRole('timer').getAttribute('aria-label')).toMatch(
      /Timer: [56]\d seconds left/,
    );
    await expectAccessible(presenter, 'presenter content');

    // A claim before the corners are called is refused.
    await players[0]!.getByRole('button', { name: 'Bingo!' }).click();
    await visible(players[0]!, 'No bingo yet: keep playing');

    // Roll (animation hidden) until a player's four corners are called.
    await facilitator.getByRole('switch', { name: 'Hide roll animation' }).click();
    let winner: { page: Page; name: string } | null = null;
    for (let rolls = 1; rolls <= 75 && !winner; rolls++) {
      const roll = facilitator.getByRole('button', { name: 'Roll', exact: true });
      await poll(() => roll.isEnabled()).toBe(true);
      await roll.click();
      await poll(() => rollsOf(facilitator)).toBe(rolls);
      if (rolls === 6) {
        // The big screen: the last ball huge, the five before it, the board lit.
        await poll(() => calledOnBoard(presenter)).toBe(6);
        await poll(() =>
          presenter.getByRole('group', { name: 'Previous balls, newest first' }).getByRole('img').count(),
        ).toBe(5);
        await poll(() => presenter.getByRole('group', { name: 'Last ball' }).getByRole('img').count()).toBe(
          1,
        );
        // Each ball was called out with the roll sound.
        await poll(() =>
          presenter.evaluate(() => (window as unknown as { rollSounds: number }).rollSounds),
        ).toBe(6);
        await expectAccessible(presenter, 'presenter game');
        await picture(presenter, 'presenter-game-1920');
        await screenshots(facilitator, 'presenter-control-screen');
        await screenshots(players[0]!, 'presenter-player-four-corners');
      }
      for (const [i, page] of players.entries()) {
        const card = await readCard(page);
        if (CORNERS.every((c) => card[c]!.state !== 'not rolled yet')) {
          winner = { page, name: names[i]! };
          break;
        }
      }
    }
    expect(winner).not.toBeNull();
    const { page: winnerPage, name } = winner!;
    const last = await rollsOf(facilitator);
    await poll(() => calledOnBoard(presenter)).toBe(last);
    // Auto-mark marked the corners; nothing was claimed until the player taps Bingo!.
    await poll(async () => {
      const card = await readCard(winnerPage);
      return CORNERS.every((c) => card[c]!.state === 'marked');
    }).toBe(true);
    expect(await presenter.getByText('Congratulations!').count()).toBe(0);
    await winnerPage.getByRole('button', { name: 'Bingo!' }).click();
    await poll(() => winnerPage.getByText('Congratulations!').isVisible()).toBe(true);

    // The big screen celebrates, naming the pattern won.
    const status = presenter.getByRole('status').filter({ hasText: 'Congratulations!' });
    await poll(() => status.getByText(`${name} has won the game!`).isVisible()).toBe(true);
    await poll(() => status.getByText('Four corners').isVisible()).toBe(true);
    await picture(presenter, 'presenter-winner-1920');
    await screenshots(winnerPage, 'presenter-player-win');
  }, 300_000);

  it('auto-call rolls on the room clock, pauses, resumes, and Roll by hand still works', async () => {
    const facilitator = await facilitatorPage();
    const roomId = await playDemoRoom(facilitator, suite.product.url);
    const presenter = await facilitatorPage(PROJECTOR);
    await presenter.goto(`${suite.product.url}/${ORG}/facilitator/online/rooms/present/${roomId}`);

    // A round with no balls yet: a new game in the room the first test played, or a first one.
    const badge = facilitator.getByText(/^(Lobby closed|Lobby open|Game on)$/);
    await poll(() => badge.isVisible()).toBe(true);
    if ((await badge.textContent()) === 'Lobby closed') {
      await facilitator.getByRole('button', { name: 'Open Lobby' }).click();
      await poll(() => badge.textContent()).toBe('Lobby open');
    }
    if ((await badge.textContent()) === 'Lobby open') {
      await facilitator.getByRole('button', { name: 'Start Game' }).click();
    } else {
      await facilitator.getByRole('button', { name: 'Start New Game' }).click();
      await facilitator.getByRole('dialog').getByRole('button', { name: 'Start New Game' }).click();
    }
    await poll(() => badge.textContent()).toBe('Game on');
    await poll(() => rollsOf(facilitator)).toBe(0);
    await poll(() => calledOnBoard(presenter)).toBe(0);

    await facilitator.getByRole('textbox', { name: 'Every (seconds)' }).click();
    await facilitator.getByRole('option', { name: '10', exact: true }).click();
    // The switch shows the server's state: it turns on when the room says so.
    const autoCall = facilitator.getByRole('switch', { name: 'Auto-call' });
    await autoCall.click();
    await poll(() => autoCall.isChecked()).toBe(true);
    await visible(presenter, 'Auto-call every 10 s');
    // Nobody presses Roll: the room's clock calls the first ball within 10 s.
    await poll(() => calledOnBoard(presenter), 'auto-called ball', 20_000).toBe(1);

    await facilitator.getByRole('button', { name: 'Pause auto-call' }).click();
    await visible(presenter, 'Auto-call paused');
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    expect(await calledOnBoard(presenter)).toBe(1);

    // Roll by hand while paused.
    const roll = facilitator.getByRole('button', { name: 'Roll', exact: true });
    await poll(() => roll.isEnabled()).toBe(true);
    await roll.click();
    await poll(() => calledOnBoard(presenter)).toBe(2);

    await facilitator.getByRole('button', { name: 'Resume auto-call' }).click();
    await visible(presenter, 'Auto-call every 10 s');
    await poll(() => calledOnBoard(presenter), 'auto-call resumed', 20_000).toBe(3);
    await autoCall.click();
    await poll(() => autoCall.isChecked()).toBe(false);
    await poll(() => presenter.getByText(/^Auto-call/).count()).toBe(0);
  }, 120_000);
});
