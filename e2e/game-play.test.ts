import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { hasChromium, PHONE, screenshots } from './support/browser';
import { gameSuite } from './support/facilitator-tabs';
import {
  card,
  cellButton,
  hideRollAnimation,
  markedNumbers,
  newPlayer,
  newRoom,
  phoneBallCount,
  playerJoins,
  readCard,
  rollButton,
  rolledLine,
  rollOnce,
} from './support/game';
import { type StallProxy, startStallProxy } from './support/stall-proxy';
import { poll, visible } from './support/suite';

// The live game as players and the facilitator meet it: marks that survive, a stalled phone, the
// card under the ball, the queue across sessions and the win screen for everyone.
const { suite, facilitatorFor } = gameSuite();

async function phone(): Promise<Page> {
  return (await suite.open(PHONE)).page;
}

async function startGame(facilitator: Page, players: Page[]) {
  await facilitator.getByRole('button', { name: 'Start Game' }).click();
  for (const page of players) await poll(() => card(page).isVisible()).toBe(true);
}

/** A room of its own with one new player on `player` and the game started. */
async function gameWithPlayer(roomName: string, player: Page) {
  const roomId = await newRoom(suite.product, roomName);
  const facilitator = await facilitatorFor(roomId);
  await playerJoins(player, suite.product.url, await newPlayer(suite.product), roomId);
  await poll(() => facilitator.getByRole('heading', { name: 'Players (1)' }).isVisible()).toBe(true);
  await startGame(facilitator, [player]);
  return facilitator;
}

/** Rolls (animation hidden) until the card has at least `count` rolled numbers; returns them. */
async function rollUntilOnCard(facilitator: Page, player: Page, count: number, from = 0) {
  let rolls = from;
  for (; rolls < 60; ) {
    const rolled = (await readCard(player)).filter((c) => c.number !== 0 && c.state === 'rolled');
    if (rolled.length >= count) return { numbers: rolled.map((c) => c.number), rolls };
    rolls += 1;
    await rollOnce(facilitator, rolls);
    await poll(() => phoneBallCount(player)).toBe(rolls);
  }
  throw new Error(`no ${count} rolled numbers on the card after ${rolls} rolls`);
}

describe.runIf(hasChromium)('playing the game in the browser', () => {
  it('marks survive a reload and show on the same player’s second phone, live both ways', async () => {
    const roomId = await newRoom(suite.product, 'Marks Room');
    const facilitator = await facilitatorFor(roomId);
    const username = await newPlayer(suite.product);
    const first = await phone();
    await playerJoins(first, suite.product.url, username, roomId);
    await poll(() => facilitator.getByRole('heading', { name: 'Players (1)' }).isVisible()).toBe(true);
    await startGame(facilitator, [first]);
    await hideRollAnimation(facilitator);
    const { numbers, rolls } = await rollUntilOnCard(facilitator, first, 3);
    const [a, b, c] = numbers as [number, number, number];

    // Two marks, shown at once; the server answers with the marks it keeps.
    await cellButton(first, a).click();
    await cellButton(first, b).click();
    await poll(() => markedNumbers(first)).toEqual([a, b].sort((x, y) => x - y));

    // The same player on a second phone: the same card with the marks.
    const second = await phone();
    await playerJoins(second, suite.product.url, username, roomId);
    await poll(() => card(second).isVisible()).toBe(true);
    expect((await readCard(second)).map((x) => x.number)).toEqual(
      (await readCard(first)).map((x) => x.number),
    );
    await poll(() => markedNumbers(second)).toEqual([a, b].sort((x, y) => x - y));

    // A mark on one phone reaches the other.
    await cellButton(second, c).click();
    const three = [a, b, c].sort((x, y) => x - y);
    await poll(() => markedNumbers(first)).toEqual(three);

    // The first phone reloads: same card, same rolls, the three marks.
    const before = (await readCard(first)).map((x) => x.number);
    await first.reload();
    await poll(() => card(first).isVisible()).toBe(true);
    await poll(async () => (await readCard(first)).map((x) => x.number)).toEqual(before);
    await poll(() => markedNumbers(first)).toEqual(three);
    await poll(() => phoneBallCount(first)).toBe(rolls);
    await screenshots(first, 'game-play-marks-after-reload');
  }, 120_000);

  it('auto-mark switched in one tab follows in the same player’s other tab of that browser', async () => {
    const first = await phone();
    await gameWithPlayer('Tabs Room', first);
    // A second tab of the same browser: the same localStorage, told of changes by the storage event.
    const second = await first.context().newPage();
    await second.goto(first.url());
    await second.getByRole('button', { name: 'Join Game' }).click();
    await poll(() => card(second).isVisible()).toBe(true);
    const autoMark = (page: Page) => page.getByRole('switch', { name: /Auto-mark/ });
    expect(await autoMark(second).isChecked()).toBe(false);
    await autoMark(first).check();
    await poll(() => autoMark(second).isChecked()).toBe(true);
    await autoMark(second).uncheck();
    await poll(() => autoMark(first).isChecked()).toBe(false);
  }, 60_000);

  let proxy: StallProxy | undefined;
  afterAll(async () => {
    await proxy?.close();
  });

  it('a stalled connection says Reconnecting… within 15 s and resyncs with the ball rolled meanwhile', async () => {
    const roomId = await newRoom(suite.product, 'Stall Room');
    const facilitator = await facilitatorFor(roomId);
    // The phone reaches the product through a relay that can go silent without closing anything.
    proxy = await startStallProxy(suite.product.url);
    const username = await newPlayer(suite.product);
    const player = await phone();
    await playerJoins(player, proxy.url, username, roomId);
    await poll(() => facilitator.getByRole('heading', { name: 'Players (1)' }).isVisible()).toBe(true);
    await startGame(facilitator, [player]);
    await hideRollAnimation(facilitator);
    await rollOnce(facilitator, 1);
    await poll(() => phoneBallCount(player)).toBe(1);
    expect(await player.getByText('Reconnecting…').count()).toBe(0);

    proxy.stall();
    const stalledAt = Date.now();
    // A ball rolled while the phone hears nothing.
    await rollOnce(facilitator, 2);
    await poll(() => player.getByText('Reconnecting…').isVisible(), 'Reconnecting… shown', 15_000).toBe(true);
    const noticedAfter = Date.now() - stalledAt;
    expect(noticedAfter).toBeLessThan(15_000);
    // Still on the card, still one ball: nothing got through.
    expect(await card(player).isVisible()).toBe(true);
    expect(await phoneBallCount(player)).toBe(1);
    await screenshots(player, 'game-play-reconnecting');

    proxy.resume();
    await poll(() => phoneBallCount(player), 'the missed ball after the network returns', 20_000).toBe(2);
    await poll(() => player.getByText('Reconnecting…').count(), 'notice gone', 20_000).toBe(0);
    const shown = await player
      .getByRole('list', { name: 'Rolled balls, newest first' })
      .getByRole('img')
      .first()
      .getAttribute('aria-label');
    const lastThree = await facilitator
      .getByRole('group', { name: 'Last three balls' })
      .getByRole('img')
      .first()
      .getAttribute('aria-label');
    expect(shown).toBe(lastThree);
  }, 120_000);

  it('a phone that goes offline says Reconnecting… and catches up as soon as it is back online', async () => {
    const { context, page: player } = await suite.open(PHONE);
    const facilitator = await gameWithPlayer('Offline Room', player);
    await hideRollAnimation(facilitator);

    await context.setOffline(true);
    await rollOnce(facilitator, 1);
    await poll(() => player.getByText('Reconnecting…').isVisible(), 'Reconnecting… shown', 15_000).toBe(true);
    expect(await phoneBallCount(player)).toBe(0);
    // Offline through four failed tries (1, 2, 4 and 8 s after the stall); the fifth would come 16 s
    // after the fourth. Back online, the phone must not wait for it.
    await player.waitForTimeout(16_500);
    await rollOnce(facilitator, 2);
    await context.setOffline(false);
    await poll(() => phoneBallCount(player), 'both missed balls at once', 8_000).toBe(2);
    await poll(() => player.getByText('Reconnecting…').count()).toBe(0);
  }, 120_000);

  it('while the ball is shown the card stays on screen and can be marked', async () => {
    const player = await phone();
    const facilitator = await gameWithPlayer('Roll Room', player);
    await hideRollAnimation(facilitator);
    // A rolled number left unmarked, to mark while the next ball shows.
    const { numbers, rolls } = await rollUntilOnCard(facilitator, player, 1);
    const waiting = numbers[0]!;

    const toggle = facilitator.getByRole('switch', { name: 'Hide roll animation' });
    await toggle.click();
    await poll(() => toggle.isChecked()).toBe(false);
    // Not rollOnce: the facilitator's count shows only once the ball has landed and gone.
    await poll(() => rollButton(facilitator).isEnabled()).toBe(true);
    await rollButton(facilitator).click();
    const sheet = player.getByRole('region', { name: 'New ball' });
    await poll(() => sheet.isVisible(), 'the ball sheet').toBe(true);
    await visible(player, /Rolling a (purple|red|yellow|blue|green) ball/);
    expect(await card(player).isVisible()).toBe(true);
    await screenshots(player, 'game-play-card-under-rolling-ball');
    await cellButton(player, waiting).click();
    await poll(async () => (await readCard(player)).find((c) => c.number === waiting)?.state).toBe('marked');
    // Marked while the ball is still up (the roll holds the room for 12 s).
    expect(await sheet.isVisible()).toBe(true);
    expect(await rollButton(facilitator).isDisabled()).toBe(true);
    // The landed ball, with the card still under it.
    await poll(() => sheet.getByText(/^[BINGO] \d+$/).isVisible()).toBe(true);
    expect(await card(player).isVisible()).toBe(true);
    await screenshots(player, 'game-play-card-under-landed-ball');
    // The player can fold the ball away and keep playing.
    await sheet.getByRole('button', { name: 'Minimise' }).click();
    await poll(() => sheet.getByRole('button', { name: 'Show' }).isVisible()).toBe(true);
    expect(await card(player).isVisible()).toBe(true);
    await poll(() => phoneBallCount(player), 'the ball joins the rolled balls', 20_000).toBe(rolls + 1);
  }, 120_000);

  it('after the last item of a session the queue shows the next session at once, the screens name the session of what is on screen; Start New Game clears the content', async () => {
    const player = await phone();
    const facilitator = await gameWithPlayer('Queue Room', player);
    const queue = () => facilitator.getByRole('list', { name: 'Content queue' }).textContent();
    await poll(queue).toContain('Welcome to the workshop');
    await visible(player, 'Session: Warm-up');

    const send = facilitator.getByRole('button', { name: 'Send Content' });
    await send.click();
    await visible(facilitator, 'Sent content: Welcome to the workshop');
    await poll(queue).not.toContain('Welcome to the workshop');
    // The session's last item: the room moves on, and the queue follows without a reload.
    await send.click();
    await visible(facilitator, 'Sent content: Fire safety check');
    await poll(queue).toContain('Strong teams');
    expect(await queue()).toContain('Why feedback matters');
    expect(await facilitator.getByText('No Content Remaining').count()).toBe(0);
    // The question on screen is Warm-up's: no screen names the next session under it (issue 28.8).
    await visible(facilitator, 'Demo Workshop · Warm-up');
    await visible(player, 'Session: Warm-up');
    await poll(() => player.getByRole('region', { name: 'From the facilitator' }).isVisible()).toBe(true);
    expect(await card(player).isVisible()).toBe(true);
    await screenshots(facilitator, 'game-play-queue-next-session');
    await screenshots(player, 'game-play-content-sheet');

    // A new game: the last round's content goes from every screen; the queue stays where the room is.
    await facilitator.getByRole('button', { name: 'Start New Game' }).click();
    await facilitator
      .getByRole('dialog', { name: 'Start a new game?' })
      .getByRole('button', { name: 'Start New Game' })
      .click();
    await poll(() => facilitator.getByText(/^Sent content:/).count()).toBe(0);
    await poll(() => player.getByRole('region', { name: 'From the facilitator' }).count()).toBe(0);
    await poll(queue).toContain('Strong teams');
    expect(await facilitator.getByText('No Content Remaining').count()).toBe(0);
    await visible(facilitator, '0 of 75 rolled');
  }, 120_000);

  it('the win screen shows on every screen, the facilitator’s with Close; a non-winner sees who has bingo, not a badge', async () => {
    const roomId = await newRoom(suite.product, 'Win Room');
    const facilitator = await facilitatorFor(roomId);
    const names = [await newPlayer(suite.product), await newPlayer(suite.product)];
    const players: Page[] = [];
    for (const name of names) {
      const page = await phone();
      await playerJoins(page, suite.product.url, name, roomId);
      players.push(page);
    }
    await poll(() => facilitator.getByRole('heading', { name: 'Players (2)' }).isVisible()).toBe(true);
    await startGame(facilitator, players);
    await hideRollAnimation(facilitator);

    let winner: { index: number; line: number[] } | null = null;
    for (let rolls = 1; rolls <= 75 && !winner; rolls++) {
      await rollOnce(facilitator, rolls);
      for (const [index, page] of players.entries()) {
        await poll(() => phoneBallCount(page)).toBe(rolls);
        const line = rolledLine(await readCard(page));
        if (line) {
          winner = { index, line };
          break;
        }
      }
    }
    expect(winner).not.toBeNull();
    const { index, line } = winner!;
    const winnerPage = players[index]!;
    const other = players[1 - index]!;
    const winnerName = names[index]!;
    for (const n of line) await cellButton(winnerPage, n).click();

    // Everyone gets the win screen at the claim, the facilitator without pressing Announce Winner.
    for (const page of [winnerPage, other, facilitator]) {
      await visible(page, 'Congratulations!');
      await visible(page, `${winnerName} has won the game!`);
    }
    await visible(winnerPage, 'You have bingo!');
    await visible(other, `${winnerName} has bingo`);
    expect(await other.getByText('You have bingo!').count()).toBe(0);
    expect(await other.getByText('BINGO!', { exact: true }).count()).toBe(0);
    expect(await other.getByRole('button', { name: 'Close' }).count()).toBe(0);
    expect(await winnerPage.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await screenshots(other, 'game-play-win-non-winner');
    await screenshots(facilitator, 'game-play-win-facilitator');

    // Close on the facilitator's screen: back to the board, the winner still marked in the list.
    await facilitator.getByRole('button', { name: 'Close' }).click();
    await poll(() => facilitator.getByText('Congratulations!').count()).toBe(0);
    await poll(() => rollButton(facilitator).isEnabled()).toBe(true);
    await poll(() => facilitator.getByText('Bingo', { exact: true }).isVisible()).toBe(true);
    // Beside a name in the narrow Players column, the Bingo badge and Remove are whole, not cut short.
    const cut = await facilitator.getByRole('list', { name: 'Players' }).evaluate((list) =>
      Array.from(list.querySelectorAll<HTMLElement>('.mantine-Badge-label, button'))
        .filter((e) => e.scrollWidth > e.clientWidth)
        .map((e) => e.textContent),
    );
    expect(cut).toEqual([]);
  }, 180_000);
});
