import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answerYoutubeImages, expectAccessible, hasChromium, PHONE, screenshots } from './support/browser';
import { browserSuite, follow, visible } from './support/suite';
import { openAsSuperAdmin } from './support/super-admin';

const suite = browserSuite();

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function fillBase(page: Page, type: string, title: string, category = 'Safety') {
  // The library's filter has Type and Category selects too: wait until the Add Content page is shown.
  await page.waitForURL('**/content/add-content');
  await page.getByRole('heading', { name: 'Add Content' }).waitFor();
  await page.getByLabel('Type', { exact: true }).selectOption({ label: type });
  await page.getByLabel('Category', { exact: true }).selectOption({ label: category });
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill(`${title}: the description`);
  await page.getByLabel('Script', { exact: true }).fill(`${title}: what the facilitator says. `.repeat(6));
}

async function saveContent(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await visible(page, 'Content created successfully');
  await page.waitForURL('**/admin/content');
}

describe.runIf(hasChromium)('content library', () => {
  it('creates one item of each type, filters, previews and edits them', async () => {
    const { page, context } = await openAsSuperAdmin(suite);
    await follow(page, 'Content', '**/Playshop/admin/content', true);
    await expect.poll(() => page.getByRole('article').count()).toBe(4);
    await expectAccessible(page, 'content library');
    await screenshots(page, 'content-library');

    // Add Content: the type first, then the spec's texts for what is missing.
    await follow(page, 'Add Content', '**/content/add-content');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page, 'Please select a type');
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Other' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page, 'Title is required.');
    await visible(page, 'Description is required.');
    await visible(page, 'Please select a category');
    await expectAccessible(page, 'add content');
    await screenshots(page, 'content-add');

    await fillBase(page, 'Other', 'E2E Other item');
    await saveContent(page);

    await page.getByRole('link', { name: 'Add Content' }).click();
    await fillBase(page, 'Video', 'E2E Video item', 'Teamwork');
    await page.getByLabel('Video URL', { exact: true }).fill('https://www.youtube.com/watch?v=wtl5UrrgU8c');
    await saveContent(page);

    await page.getByRole('link', { name: 'Add Content' }).click();
    await fillBase(page, 'Image', 'E2E Image item', 'Teamwork');
    // Over 5 MB is refused before a byte is sent.
    await page.locator('input[type=file]').setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
    });
    await visible(page, 'File size too large');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => page.getByRole('img', { name: 'Image preview' }).isVisible()).toBe(true);
    await saveContent(page);

    await page.getByRole('link', { name: 'Add Content' }).click();
    await fillBase(page, 'Question', 'E2E Question item');
    await page.getByLabel('Question', { exact: true }).fill('Which exit is nearest?');
    await page.getByLabel('Answer 1', { exact: true }).fill('The back door');
    await page.getByLabel('Answer 2', { exact: true }).fill('The front door');
    // Ticking one answer makes it the only correct one.
    await page.getByLabel('Answer 2 is correct').check();
    expect(await page.getByLabel('Answer 1 is correct').isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Add answer' }).click();
    await page
      .locator('input[type=file]')
      .nth(2)
      .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => page.getByRole('img', { name: 'Answer 3 image preview' }).isVisible()).toBe(true);
    await expectAccessible(page, 'add question');
    await screenshots(page, 'content-add-question');
    await saveContent(page);

    await expect.poll(() => page.getByRole('article').count()).toBe(8);

    // Filters combine: type, category and search term (title or question text).
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Question' });
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(2);
    await page.getByLabel('Search', { exact: true }).fill('nearest');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await expect.poll(() => page.getByRole('article', { name: 'E2E Question item' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Teamwork' });
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(4);
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(8);

    // A card expands to its description, media and a 100-character script preview.
    const card = page.getByRole('article', { name: 'E2E Other item' });
    await card.getByRole('button', { name: 'Show details' }).click();
    await expect.poll(() => card.getByText('E2E Other item: the description').isVisible()).toBe(true);
    await expect.poll(() => card.getByText(/Script:.*…$/).isVisible()).toBe(true);
    await screenshots(page, 'content-library-expanded');

    // Each content view, previewed: the question answers, the script is collapsed until asked.
    await page.getByRole('button', { name: 'Preview E2E Question item' }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByRole('heading', { name: 'Which exit is nearest?' }).isVisible())
      .toBe(true);
    expect(await dialog.getByText(/what the facilitator says/).isVisible()).toBe(false);
    await dialog.getByRole('button', { name: 'Show script' }).click();
    await expect.poll(() => dialog.getByText(/what the facilitator says/).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'The back door' }).click();
    await expect.poll(() => dialog.getByText('Wrong answer!').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'The front door' }).click();
    await expect.poll(() => dialog.getByText('Correct answer!').isVisible()).toBe(true);
    await expectAccessible(page, 'question view');
    await screenshots(page, 'content-view-question');
    await page.keyboard.press('Escape');

    // No internet here: a stub stands in for YouTube's embed and, once asked to report (as the real
    // embed does when the page sends 'listening'), says the video ended.
    await answerYoutubeImages(context);
    await context.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><title>Video</title></head><body><p>Video</p><script>
          addEventListener('message', (e) => {
            if (JSON.parse(e.data).event === 'listening')
              setTimeout(() => parent.postMessage(JSON.stringify({ event: 'onStateChange', info: 0 }), '*'), 500);
          });</script></body></html>`,
      }),
    );
    for (const [title, check, shot] of [
      ['E2E Image item', () => dialog.getByRole('img', { name: 'E2E Image item' }).isVisible(), 'image'],
      ['E2E Video item', () => dialog.locator('iframe').isVisible(), 'video'],
      ['E2E Other item', () => dialog.getByText('E2E Other item: the description').isVisible(), 'other'],
    ] as const) {
      await page.getByRole('button', { name: `Preview ${title}` }).click();
      await expect.poll(check).toBe(true);
      await expectAccessible(page, `${shot} view`);
      await screenshots(page, `content-view-${shot}`);
      if (shot === 'video') {
        // SPEC §2 Video view: when the video ends it shows 'Waiting for Facilitator...'.
        await expect.poll(() => dialog.getByText('Waiting for Facilitator...').isVisible()).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
    }

    // Edit, reached by keyboard focus on the card's Edit button.
    await page.getByRole('link', { name: 'Edit E2E Other item' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/content\/edit-content\/\d+$/);
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('E2E Other item');
    await expectAccessible(page, 'edit content');
    await screenshots(page, 'content-edit');
    await page.getByLabel('Title', { exact: true }).fill('E2E Other item (edited)');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page, 'Content updated successfully');
    await page.waitForURL('**/admin/content');
    await expect
      .poll(() => page.getByRole('article', { name: 'E2E Other item (edited)' }).isVisible())
      .toBe(true);

    // Deleting content a session uses is refused with the session's name.
    await page.getByRole('button', { name: 'Delete Fire safety check' }).click();
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await visible(page, /used by sessions: Demo Workshop › Warm-up/);
    await page.getByRole('button', { name: 'No', exact: true }).click();

    await page.goto(`${suite.product.url}/Playshop/admin/content/edit-content/abc`);
    await visible(page, 'Content not found');
    await page.goto(`${suite.product.url}/Playshop/admin/content/edit-content/999999`);
    await visible(page, 'Content not found');
    await context.close();
  });
});

describe.runIf(hasChromium)('workshop builder', () => {
  it('builds a two-session workshop in the wizard, reopens it and reorders a session', async () => {
    const { page, context } = await openAsSuperAdmin(suite);
    await follow(page, 'Workshops', '**/Playshop/admin/workshops', true);
    await expect
      .poll(() => page.getByRole('cell', { name: 'Demo Workshop', exact: true }).isVisible())
      .toBe(true);
    await expectAccessible(page, 'workshop list');
    await screenshots(page, 'workshop-list');

    await follow(page, 'Add Workshop', '**/workshops/add-workshop');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await visible(page, 'This field is required');
    await page.getByLabel('Workshop Name', { exact: true }).fill('Wizard Workshop');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await visible(page, 'Successfully created Workshop');

    // Session one: name, Create, then pick content from the selector.
    await page.getByLabel('Session Name', { exact: true }).fill('Opening');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Add Welcome to the workshop' }).isVisible())
      .toBe(true);
    await page.getByLabel('Search', { exact: true }).fill('Fire');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Add / }).count()).toBe(1);
    await page.getByRole('button', { name: 'Add Fire safety check' }).click();
    await visible(page, 'Content added to the list');
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await page.getByRole('button', { name: 'Add Welcome to the workshop' }).click();
    const list = page.getByRole('list', { name: 'Content List' });
    await expect
      .poll(() => list.getByRole('listitem').allInnerTexts())
      .toEqual([
        expect.stringContaining('Fire safety check'),
        expect.stringContaining('Welcome to the workshop'),
      ]);
    await expectAccessible(page, 'wizard session step');
    await screenshots(page, 'workshop-wizard-session');

    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Session Review' }).isVisible()).toBe(true);
    await expectAccessible(page, 'wizard review step');
    await screenshots(page, 'workshop-wizard-review');
    await page.getByRole('button', { name: 'Save Session', exact: true }).click();
    await visible(page, 'Session saved');

    // Session two: nothing selected is refused, then one item.
    await page.getByRole('button', { name: 'Add Another Session?' }).click();
    await expect.poll(() => page.getByLabel('Session Name', { exact: true }).inputValue()).toBe('');
    await page.getByLabel('Session Name', { exact: true }).fill('Closing');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Save Session', exact: true }).click();
    await visible(page, 'Please select content to save');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('button', { name: 'Add Strong teams' }).click();
    await page.getByRole('button', { name: 'Add Why feedback matters' }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Save Session', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Finish Workshop' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Finish Workshop' }).click();

    // Reopened: two sessions in order, content expandable.
    await page.waitForURL(/\/workshops\/edit\/\d+$/);
    await expect.poll(() => page.getByRole('button', { name: '1. Opening' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: '2. Closing' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: '2. Closing' }).click();
    await expectAccessible(page, 'edit workshop');
    await screenshots(page, 'workshop-edit');

    // Edit Session: move by keyboard, save, and the order survives a reload.
    await follow(page, 'Edit Session Closing', /\/session\/\d+$/);
    const sessionList = page.getByRole('list', { name: 'Session content' });
    await expect.poll(() => sessionList.getByRole('listitem').count()).toBe(2);
    await page.getByRole('button', { name: 'Move Why feedback matters up' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => sessionList.getByRole('listitem').first().innerText())
      .toContain('Why feedback matters');
    await expectAccessible(page, 'edit session');
    await screenshots(page, 'workshop-edit-session');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page, 'Session updated successfully');
    await page.reload();
    await expect
      .poll(() => sessionList.getByRole('listitem').first().innerText())
      .toContain('Why feedback matters');
    await expect.poll(() => sessionList.getByRole('listitem').nth(1).innerText()).toContain('Strong teams');

    // Drag works too: the mouse drags the second item's handle above the first.
    const dragBy = async (title: string, dy: number) => {
      const box = await page.getByRole('button', { name: `Drag ${title}` }).boundingBox();
      if (!box) throw new Error(`no drag handle for ${title}`);
      return { x: box.x + box.width / 2, y: box.y + box.height / 2, to: box.y + box.height / 2 + dy };
    };
    const mouse = await dragBy('Strong teams', -60);
    await page.mouse.move(mouse.x, mouse.y);
    await page.mouse.down();
    await page.mouse.move(mouse.x, mouse.to, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => sessionList.getByRole('listitem').first().innerText()).toContain('Strong teams');

    // And a finger: touch events through the DevTools protocol, as a phone sends them.
    const cdp = await page.context().newCDPSession(page);
    const finger = await dragBy('Why feedback matters', -60);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: finger.x, y }],
      });
    await touch('touchStart', finger.y);
    for (let i = 1; i <= 12; i++) await touch('touchMove', finger.y + ((finger.to - finger.y) * i) / 12);
    await touch('touchEnd', finger.to);
    await expect
      .poll(() => sessionList.getByRole('listitem').first().innerText())
      .toContain('Why feedback matters');

    // Rename the workshop and find it by search.
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await page.getByLabel('Workshop Name', { exact: true }).fill('Wizard Workshop Renamed');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page, 'Successfully updated Workshop name');
    await page.getByRole('link', { name: 'Back to workshops' }).click();
    await page.getByRole('textbox', { name: 'Search workshops' }).fill('renamed');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await expect
      .poll(() => page.getByRole('cell', { name: 'Wizard Workshop Renamed', exact: true }).isVisible())
      .toBe(true);

    await page.goto(`${suite.product.url}/Playshop/admin/workshops/edit/999999`);
    await visible(page, 'Error loading workshop.');
    await context.close();
  });

  it('fits a phone: the wizard and the library at 390 px', async () => {
    const { page, context } = await openAsSuperAdmin(suite, PHONE);
    await page.goto(`${suite.product.url}/Playshop/admin/workshops/add-workshop`);
    await expect.poll(() => page.getByLabel('Workshop Name', { exact: true }).isVisible()).toBe(true);
    await expectAccessible(page, 'wizard on a phone');
    const width = Number(await page.evaluate('document.documentElement.scrollWidth'));
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.goto(`${suite.product.url}/Playshop/admin/content`);
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
    expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(
      PHONE.width,
    );
    await context.close();
  });
});
