import { readFile } from 'node:fs/promises';
import { english } from '@playshop/messages/english';
import { ROLES, type TrainingSettings, ZContentInput } from '@playshop/shared';
import { and, eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentService } from '../apps/server/src/content/service';
import { categories, content, gameEvents, games, rooms } from '../apps/server/src/db/schema';
import { DEMO_ORG, DEMO_VIDEO_URL } from '../apps/server/src/first-start/first-start';
import { trainingService } from '../apps/server/src/training/service';
import type { YoutubeClient } from '../apps/server/src/training/youtube';
import { expectAccessible, hasChromium, screenshots } from './support/browser';
import { browserSuite, poll, visible } from './support/suite';
import { openAsSuperAdmin, orgNamed } from './support/super-admin';

/**
 * The screens a super admin meets: the game report, the demo
 * video and the message where a video cannot load, Rooms for another organization, the content,
 * user and category forms, and the folder rename.
 */
let context: BrowserContext;
let page: Page;

const suite = browserSuite();
beforeAll(async () => {
  if (!hasChromium) return;
  ({ context, page } = await openAsSuperAdmin(suite));
});

/** Picks `item` from Demo Room's download menu: the file's suggested name and its text. */
async function downloadRoomReport(item: string): Promise<[string, string]> {
  await page.getByRole('button', { name: 'Download report for Demo Room' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: item }).click(),
  ]);
  return [download.suggestedFilename(), await readFile((await download.path())!, 'utf8')];
}

async function demoOrgId(): Promise<number> {
  return (await orgNamed(suite.product.database, DEMO_ORG)).id;
}

async function contentId(title: string): Promise<number> {
  const [row] = await suite.product.database.db
    .select({ id: content.id })
    .from(content)
    .where(eq(content.title, title));
  return row!.id;
}

describe.runIf(hasChromium)('reports, embeds and admin screens', () => {
  it('item 10: a super admin picks an organization on Rooms and creates a room there', async () => {
    await page.goto(`${suite.product.url}/Playshop/admin/rooms`);
    const choice = page.getByRole('textbox', { name: 'Organization' });
    await poll(() => choice.inputValue()).toBe('Playshop');
    await choice.click();
    await page.getByRole('option', { name: DEMO_ORG, exact: true }).click();
    await page.waitForURL(`**/${encodeURIComponent(DEMO_ORG)}/admin/rooms`);
    await poll(() => page.getByRole('row').filter({ hasText: 'Demo Room' }).isVisible()).toBe(true);

    await page.getByRole('textbox', { name: 'Name' }).fill('Super admin room');
    await page.getByRole('textbox', { name: 'Workshop' }).click();
    await page.getByRole('option', { name: 'Demo Workshop' }).click();
    await page.getByRole('button', { name: 'Create Room' }).click();
    await poll(() => page.getByRole('row').filter({ hasText: 'Super admin room' }).isVisible()).toBe(true);
    const [room] = await suite.product.database.db
      .select({ orgId: rooms.orgId })
      .from(rooms)
      .where(eq(rooms.name, 'Super admin room'));
    expect(room?.orgId).toBe(await demoOrgId());
    await expectAccessible(page, 'rooms of another organization');
    await screenshots(page, 'screens-rooms-org-choice');
  });

  it('item 8: the report reads per round: players with card and bingo, balls, content by title, winners', async () => {
    const db = suite.product.database.db;
    const [room] = await db
      .select({ id: rooms.id })
      .from(rooms)
      .where(and(eq(rooms.name, 'Demo Room'), eq(rooms.orgId, await demoOrgId())));
    const quizId = await contentId('Fire safety check');
    const card = [0, 1, 2, 3, 4].map((r) =>
      [0, 1, 2, 3, 4].map((c) => (r === 2 && c === 2 ? 0 : c * 15 + r + 1)),
    );
    const [game] = await db.insert(games).values({ roomId: room!.id, lastSeq: 6 }).returning();
    await db.insert(gameEvents).values(
      [
        { type: 'lobby_opened', payload: {} },
        { type: 'player_joined', payload: { userId: 1, username: 'demo-player-1', card } },
        { type: 'game_started', payload: { hideRollAnimation: false } },
        { type: 'ball_rolled', payload: { number: 7 } },
        { type: 'content_sent', payload: { contentId: quizId, contentType: 'QUESTION' } },
        {
          type: 'bingo',
          payload: { userId: 1, username: 'demo-player-1', lines: ['col-0'], at: '2026-11-23T10:00:00.000Z' },
        },
      ].map((e, i) => ({ ...e, gameId: game!.id, seq: i + 1 })),
    );

    const [reportName, report] = await downloadRoomReport('Game report (CSV)');
    expect(reportName).toBe('Demo-Room-report.csv');
    expect(report).toContain('Room,Demo Room');
    expect(report).toContain('Players (1)');
    expect(report).toMatch(/demo-player-1,[^,]+ UTC,Yes,2026-11-23 10:00:00 UTC,B: 1 2 3 4 5 \|/);
    expect(report).toMatch(/1,B 7,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    expect(report).toMatch(/UTC,Fire safety check,QUESTION/);
    expect(report).toContain('demo-player-1,2026-11-23 10:00:00 UTC,Any line,column B');
    expect(report).not.toContain('lobby_opened');

    const [rawName, raw] = await downloadRoomReport('Raw event log (CSV)');
    expect(rawName).toBe('Demo-Room-event-log.csv');
    expect(raw.split('\r\n')[0]).toBe('game,seq,time,event,by,detail');
    expect(raw).toContain(',lobby_opened,');
  });

  it('item 9: the demo video is the suite.product’s own file and plays without internet', async () => {
    const served = await fetch(`${suite.product.url}${DEMO_VIDEO_URL}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain('video/mp4');
    await page.goto(`${suite.product.url}/Playshop/admin/content`);
    await page.getByRole('button', { name: 'Preview Why feedback matters' }).click();
    const video = page.getByRole('dialog').locator('video');
    await poll(() => video.getAttribute('src')).toBe(DEMO_VIDEO_URL);
    // Metadata loaded: the suite.browser could fetch and decode the file.
    await poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && v.duration > 5)).toBe(true);
    await screenshots(page, 'screens-demo-video');
    await page.keyboard.press('Escape');
  });

  it('items 9 and 18.7: a video that cannot load says so with its title and link, in content and training', async () => {
    await contentService(suite.product.database.db).create(
      ZContentInput.parse({
        title: 'Offsite keynote',
        description: 'A talk on YouTube',
        type: 'VIDEO',
        categoryId: (await suite.product.database.db.select().from(categories).limit(1))[0]!.id,
        url: 'https://www.youtube.com/watch?v=wtl5UrrgU8c',
      }),
    );
    // A site without internet: YouTube's hosts do not answer.
    await context.route(/^https:\/\/([a-z0-9-]+\.)*(youtube(-nocookie)?\.com|ytimg\.com)\//, (route) =>
      route.abort(),
    );
    await page.goto(`${suite.product.url}/Playshop/admin/content`);
    await page.getByRole('button', { name: 'Preview Offsite keynote' }).click();
    const dialog = page.getByRole('dialog');
    await poll(() => dialog.getByText('This video cannot be played here').isVisible()).toBe(true);
    expect(await dialog.locator('iframe').count()).toBe(0);
    const link = dialog.getByRole('link', { name: 'Open "Offsite keynote" in a new tab' });
    expect(await link.getAttribute('href')).toBe('https://www.youtube.com/watch?v=wtl5UrrgU8c');
    await expectAccessible(page, 'video that cannot load');
    await screenshots(page, 'screens-video-fallback');
    await page.keyboard.press('Escape');

    const videos = [{ title: 'Welcome, admins', url: 'https://youtu.be/wtl5UrrgU8c' }];
    const settings = Object.fromEntries(
      ROLES.map((role) => [role, { kind: 'videos', videos }]),
    ) as TrainingSettings;
    await trainingService(suite.product.database.db, {} as YoutubeClient).saveSettings(settings);
    await page.goto(`${suite.product.url}/Playshop/admin/training`);
    await visible(page, 'This video cannot be played here');
    expect(
      await page.getByRole('link', { name: 'Open "Welcome, admins" in a new tab' }).getAttribute('href'),
    ).toBe('https://youtu.be/wtl5UrrgU8c');
    expect(await page.locator('iframe').count()).toBe(0);
    await screenshots(page, 'screens-training-fallback');
    await context.unrouteAll({ behavior: 'ignoreErrors' });
  });

  it('item 11: Edit Content shows the item’s category, and saving keeps it', async () => {
    const id = await contentId('Fire safety check');
    const [before] = await suite.product.database.db
      .select({ categoryId: content.categoryId })
      .from(content)
      .where(eq(content.id, id));
    await page.goto(`${suite.product.url}/Playshop/admin/content/edit-content/${id}`);
    const category = page.getByRole('combobox', { name: 'Category' });
    await poll(() => category.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toBe(
      'Safety',
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL('**/Playshop/admin/content');
    const [after] = await suite.product.database.db
      .select({ categoryId: content.categoryId })
      .from(content)
      .where(eq(content.id, id));
    expect(after?.categoryId).toBe(before?.categoryId);
  });

  it("item 12: an empty Add Content form names the type and the category; 'Passwords do not match' on blur", async () => {
    await page.goto(`${suite.product.url}/Playshop/admin/content/add-content`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page, 'Please select a type');
    await visible(page, 'Please select a category');
    await screenshots(page, 'screens-add-content-empty');

    await page.goto(`${suite.product.url}/Playshop/admin/admin-users`);
    await page.getByRole('button', { name: 'Add Admin' }).click();
    await page
      .getByLabel(/^Password/)
      .first()
      .fill('a long password');
    await page.getByLabel(/^Confirm Password/).fill('another password');
    await page.getByLabel(/^Confirm Password/).blur();
    await visible(page, 'Passwords do not match');
    await screenshots(page, 'screens-admin-form-mismatch');
  });

  it('item 13: the categories screen shows only the last refusal, in place, and clears it on success', async () => {
    await page.goto(`${suite.product.url}/Playshop/admin/categories`);
    const name = page.getByRole('textbox', { name: 'Category name' });
    await name.fill('Brand new');
    await page.getByRole('button', { name: 'Add' }).click();
    await poll(() => page.getByRole('button', { name: 'Remove Brand new' }).isVisible()).toBe(true);
    await name.fill('Safety');
    await page.getByRole('button', { name: 'Add' }).click();
    await visible(page, `Error: ${english('categories.duplicate')}`);
    // A later action that succeeds (a remove) clears the earlier refusal.
    await page.getByRole('button', { name: 'Remove Brand new' }).click();
    await poll(() => page.getByRole('button', { name: 'Remove Brand new' }).count()).toBe(0);
    await poll(() => page.getByText(english('categories.duplicate')).count()).toBe(0);

    await page.getByRole('button', { name: 'Remove Safety' }).click();
    const alert = page.getByRole('alert').filter({ hasText: english('categories.inUse') });
    await poll(() => alert.isVisible()).toBe(true);
    expect(await alert.textContent()).toContain('Safety was not removed');
    await expectAccessible(page, 'categories with a refused remove');
    await screenshots(page, 'screens-categories-in-use');
    // A later success clears it.
    await name.fill('Another new');
    await page.getByRole('button', { name: 'Add' }).click();
    await poll(() => page.getByRole('button', { name: 'Remove Another new' }).isVisible()).toBe(true);
    await poll(() => alert.count()).toBe(0);
  });

  it("item 13: renaming a folder never shows 'Folder not found' on the way", async () => {
    await page.goto(`${suite.product.url}/Playshop/admin/materials/upload`);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'Agenda.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1'),
    });
    await page.getByRole('textbox', { name: 'New folder' }).fill('Rename me');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await visible(page, 'File uploaded successfully');
    await page.goto(`${suite.product.url}/Playshop/admin/materials/Rename%20me`);
    await page.getByRole('link', { name: 'Rename folder' }).click();
    const field = page.getByRole('textbox', { name: 'Folder name' });
    await poll(() => field.inputValue()).toBe('Rename me');
    // Records whether 'Folder not found' is ever on screen, however briefly.
    await page.evaluate(() => {
      const w = window as unknown as { sawNotFound: boolean };
      w.sawNotFound = false;
      new MutationObserver(() => {
        if (document.body.textContent?.includes('Folder not found')) w.sawNotFound = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await field.fill('Renamed folder');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/materials/Renamed%20folder');
    await visible(page, 'Agenda.pdf');
    expect(await page.evaluate(() => (window as unknown as { sawNotFound: boolean }).sawNotFound)).toBe(
      false,
    );
  });
});
