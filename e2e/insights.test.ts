/**
 * The Insights page (issue 33): an organization's admin sees the figures of a game played three days
 * ago, each chart with its table beside it, axe-clean at 1280 and 390 px, and exports a figure as CSV;
 * the player sees the game on their dashboard.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, rooms, workshops } from '../apps/server/src/db/schema';
import { secondsAfter, TEST_CARD, writeGame } from '../apps/server/src/insights/test-log';
import { TEST_PASSWORD } from '../apps/server/src/test/context';
import { insertQuestion } from '../apps/server/src/test/question-room';
import { DESKTOP, expectAccessible, hasChromium, PHONE, screenshots, signInStaff } from './support/browser';
import { browserSuite, poll, visible } from './support/suite';
import { createUserIn, openAsSuperAdmin, orgNamed } from './support/super-admin';

const suite = browserSuite();

describe.runIf(hasChromium)('insights', () => {
  let page: Page;
  let adminEmail: string;
  let player: { username: string | null };

  beforeAll(async () => {
    if (!hasChromium) return;
    const { database } = suite.product;
    const { db } = database;
    const org = await orgNamed(database, 'Demo Org');
    const admin = await createUserIn(database, 'ADMIN', 'Demo Org');
    adminEmail = admin.email!;
    const [p1, p2] = [
      await createUserIn(database, 'PLAYER', 'Demo Org'),
      await createUserIn(database, 'PLAYER', 'Demo Org'),
    ];
    player = p1;
    const [workshop] = await db.insert(workshops).values({ name: 'Insights workshop' }).returning();
    const [room] = await db
      .insert(rooms)
      .values({ name: 'Insights room', orgId: org.id, workshopId: workshop!.id })
      .returning();
    const [category] = await db.insert(categories).values({ name: 'Insights category' }).returning();
    const { contentId, answers: opts } = await insertQuestion(db, category!.id, {
      title: 'Exit quiz',
      description: 'd',
      question: 'Which way out?',
      answers: ['The stairs', 'The lift'],
    });
    const start = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const sent = {
      contentId,
      contentType: 'QUESTION',
      question: { options: opts.map((o) => ({ id: o.id, name: o.name })), correct: opts[0]!.id },
    };
    // Two players; p1 right after 4 s, p2 wrong after 6 s; p2 leaves; p1 wins any line on the 3rd ball.
    await writeGame(database, room!.id, start, [
      [0, 'lobby_opened', {}, admin.id],
      [1, 'player_joined', { userId: p1.id, username: p1.username, card: TEST_CARD }, p1.id],
      [2, 'player_joined', { userId: p2.id, username: p2.username, card: TEST_CARD }, p2.id],
      [5, 'game_started', { hideRollAnimation: false }, admin.id],
      [10, 'content_sent', sent, admin.id],
      [
        14,
        'question_answered',
        {
          contentId,
          userId: p1.id,
          username: p1.username,
          choice: opts[0]!.id,
          at: secondsAfter(start, 14),
        },
        p1.id,
      ],
      [
        16,
        'question_answered',
        {
          contentId,
          userId: p2.id,
          username: p2.username,
          choice: opts[1]!.id,
          at: secondsAfter(start, 16),
        },
        p2.id,
      ],
      [20, 'player_left', { userId: p2.id }, p2.id],
      [30, 'ball_rolled', { number: 1 }, admin.id],
      [31, 'ball_rolled', { number: 2 }, admin.id],
      [32, 'ball_rolled', { number: 3 }, admin.id],
      [
        33,
        'bingo',
        { userId: p1.id, username: p1.username, lines: ['row'], at: secondsAfter(start, 33), prize: 0 },
        p1.id,
      ],
      [60, 'game_ended', {}, admin.id],
    ]);
    page = (await suite.open()).page;
  });

  it('the admin reads each figure as a chart with its table, at 1280 and 390 px, axe-clean', async () => {
    await signInStaff(page, suite.product.url, adminEmail, TEST_PASSWORD);
    await page.getByRole('link', { name: 'Insights', exact: true }).click();
    await page.waitForURL('**/admin/insights');
    const summary = page.getByRole('table', { name: 'Games, players and attendance' });
    await poll(() => summary.innerText()).toContain('1 (50%)');
    expect(await summary.innerText()).toMatch(/\b2\b/);
    const questionsTable = page.getByRole('table', { name: 'Per question' });
    await poll(() => questionsTable.innerText()).toContain('Which way out?');
    expect(await questionsTable.innerText()).toContain('50%');
    expect(await questionsTable.innerText()).toContain('The lift (1)');
    expect(await questionsTable.innerText()).toContain('Present, no answer');
    await poll(() =>
      page.getByRole('table', { name: 'Balls to the first win per pattern' }).innerText(),
    ).toContain('Any line');
    await poll(() => page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(3);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await expectAccessible(page, `insights at ${viewport.width} px`);
    }
    await page.setViewportSize(DESKTOP);
    await screenshots(page, 'insights');
  });

  it('exports a figure as CSV', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV: Questions' }).click();
    const lines = (await readFile(await (await download).path(), 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Content,Title,Question,Asked,Present,Answers,Present without answering,Share right,Most chosen wrong answer,Players who chose it,Mean seconds',
    );
    expect(lines[1]).toContain(',Exit quiz,Which way out?,1,2,2,0,0.5,The lift,1,5');
  });

  it("the super admin also reads the product's figures, and exports one as CSV", async () => {
    const { page: operator } = await openAsSuperAdmin(suite, DESKTOP);
    await operator.goto(`${suite.product.url}/Playshop/admin/insights`);
    const orgs = operator.getByRole('table', {
      name: 'Games and players per organization, most active first',
    });
    await poll(() => orgs.innerText()).toContain('Demo Org');
    // Not the super admin's own organization (no games): the most active one, which they can change.
    await poll(() => operator.getByRole('textbox', { name: 'Organization shown' }).inputValue()).toBe(
      'Demo Org',
    );
    await poll(() => operator.getByRole('table', { name: 'Per question' }).innerText()).toContain(
      'Which way out?',
    );
    const month = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 7);
    await poll(() =>
      operator.getByRole('table', { name: 'Games and players per month' }).innerText(),
    ).toContain(month);
    // The monthly chart says which bar is which.
    const monthly = operator.getByRole('region', { name: 'Games and players per month' });
    await poll(() => monthly.locator('.recharts-legend-wrapper').innerText()).toContain('Players');
    await expectAccessible(operator, 'insights with the product figures');
    const download = operator.waitForEvent('download');
    await operator.getByRole('button', { name: 'Export CSV: Games and players per month' }).click();
    const lines = (await readFile(await (await download).path(), 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe('Month,Games,Players');
    expect(lines.some((l) => l.startsWith(`${month},`))).toBe(true);
    await screenshots(operator, 'insights-product');
  });

  it('the player sees the game on their dashboard', async () => {
    const { page: phone } = await suite.open(PHONE);
    await phone.goto(`${suite.product.url}/`);
    await phone.getByLabel('Organization').fill('Demo Org');
    await phone.getByLabel('Username').fill(player.username!);
    await phone.getByRole('button', { name: 'Submit' }).click();
    await phone.waitForURL('**/dashboard');
    const mine = phone.getByRole('table', { name: 'My latest games' });
    await poll(() => mine.innerText()).toContain('Insights room');
    await visible(phone, 'Games played');
    await expectAccessible(phone, 'player dashboard with history');
  });
});
