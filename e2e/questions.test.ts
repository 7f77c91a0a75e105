import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, hasChromium, PHONE, picture } from './support/browser';
import { demoFacilitator, openLobby, playDemoRoom, playerJoinsDemoRoom } from './support/demo-room';
import { browserSuite, poll, visible } from './support/suite';

const suite = browserSuite();

const option = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
/** The facilitator's tally as its table says it: 'option count' per row. */
const tally = (page: Page) =>
  page
    .getByRole('table', { name: 'Answers so far' })
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.map((r) =>
        Array.from(r.children)
          .map((c) => c.textContent)
          .join(' '),
      ),
    );
const shot = (page: Page, name: string) => picture(page, name, { fullPage: true });

describe.runIf(hasChromium)('questions that count, in the browser', () => {
  it('three players answer; the facilitator sees the tally, closes and reveals; players learn right or wrong', async () => {
    const facilitator = await demoFacilitator(suite, DESKTOP);
    await playDemoRoom(facilitator, suite.product.url);
    await openLobby(facilitator);

    const players: Page[] = [];
    for (const name of ['demo-player-1', 'demo-player-2', 'demo-player-3']) {
      const { page } = await suite.open(PHONE);
      await playerJoinsDemoRoom(page, suite.product.url, name);
      players.push(page);
    }
    await poll(() => facilitator.getByRole('heading', { name: 'Players (3)' }).isVisible()).toBe(true);
    await facilitator.getByRole('button', { name: 'Start Game' }).click();
    for (const page of players)
      await poll(() => page.getByRole('group', { name: 'Your bingo card' }).isVisible()).toBe(true);

    // The welcome, then the question.
    await facilitator.getByRole('button', { name: 'Send Content' }).click();
    await visible(facilitator, 'Sent content: Welcome to the workshop');
    await facilitator.getByRole('button', { name: 'Send Content' }).click();
    await visible(facilitator, 'Sent content: Fire safety check');
    const question = 'What should you do first when the fire alarm sounds?';
    for (const page of players)
      await poll(() => page.getByRole('heading', { name: question }).isVisible()).toBe(true);
    await visible(players[0]!, 'Pick your answer');
    await visible(facilitator, '0 answers');

    // Player 1 right, player 2 wrong, player 3 wrong at first, then right.
    await option(players[0]!, 'Leave by the nearest exit').click();
    await option(players[1]!, 'Take the lift').click();
    await option(players[2]!, 'Finish your bingo card').click();
    await visible(players[2]!, /Answer sent/);
    await poll(() => tally(facilitator)).toEqual([
      'A Leave by the nearest exit 1',
      'B Finish your bingo card 1',
      'C Take the lift 1',
    ]);
    await option(players[2]!, 'Leave by the nearest exit').click();
    await poll(() => tally(facilitator)).toEqual([
      'A Leave by the nearest exit 2',
      'B Finish your bingo card 0',
      'C Take the lift 1',
    ]);
    await visible(facilitator, '3 answers');
    // Nothing tells anyone which answer is right yet.
    expect(await facilitator.getByText(/The correct answer/).count()).toBe(0);
    expect(await players[1]!.getByText(/Not this time|You were right/).count()).toBe(0);
    await poll(() => option(players[2]!, 'Leave by the nearest exit').getAttribute('aria-pressed')).toBe(
      'true',
    );
    await expectAccessible(players[2]!, 'player question');
    await shot(players[2]!, 'questions-player-answered-390');
    await expectAccessible(facilitator, 'facilitator tally');
    await shot(facilitator, 'questions-facilitator-tally-1280');

    // Close: no more changes.
    await facilitator.getByRole('button', { name: 'Close answers' }).click();
    for (const page of players) await visible(page, 'Answers are closed: wait for the reveal');
    await poll(() => option(players[1]!, 'Leave by the nearest exit').isDisabled()).toBe(true);

    // Reveal: each player learns whether they were right.
    await facilitator.getByRole('button', { name: 'Reveal answer' }).click();
    await visible(facilitator, 'The correct answer: Leave by the nearest exit');
    await visible(players[0]!, 'You were right!');
    await visible(players[2]!, 'You were right!');
    await visible(players[1]!, 'Not this time');
    await visible(players[1]!, 'The correct answer: Leave by the nearest exit');
    await shot(players[1]!, 'questions-player-revealed-390');

    // The points: two correct answers, shown on every screen at the facilitator's word.
    const points = facilitator.getByRole('table', { name: 'Points' });
    await poll(() => points.getByRole('row').count()).toBe(4);
    await facilitator.getByRole('switch', { name: 'Show the points on every screen' }).click();
    await poll(() =>
      facilitator.getByRole('switch', { name: 'Show the points on every screen' }).isChecked(),
    ).toBe(true);
    await shot(facilitator, 'questions-facilitator-revealed-1280');
  });
});
