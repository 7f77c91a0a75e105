import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, TEST_PASSWORD } from '../apps/server/src/test/context';
import { DESKTOP, expectAccessible, hasChromium, PHONE, screenshots, signInStaff } from './support/browser';
import { demoFacilitator } from './support/demo-room';
import { browserSuite, poll, visible } from './support/suite';
import { openAsSuperAdmin } from './support/super-admin';

const suite = browserSuite();

/** A 3 MB PDF: a real header and trailer around random bytes, so every byte is checked on download. */
const GUIDE_PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
  randomBytes(3 * 1024 * 1024 - 32),
  Buffer.from('\n%%EOF\n', 'latin1'),
]);

const ROOT = '/Playshop/admin/materials';
const folderCards = (page: Page, list = 'Folders') =>
  page.getByRole('list', { name: list }).getByRole('link');

async function uploadFile(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  folder: { newFolder?: string; newSubfolder?: string } = {},
) {
  await page.locator('input[type="file"]').setInputFiles(file);
  if (folder.newFolder) await page.getByRole('textbox', { name: 'New folder' }).fill(folder.newFolder);
  if (folder.newSubfolder)
    await page.getByRole('textbox', { name: 'New subfolder' }).fill(folder.newSubfolder);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
}

// One story in order: the super admin fills the library, then facilitators use it.
describe.runIf(hasChromium)('materials library', () => {
  let admin: Page;
  // Closed with the file's other pages by the suite.
  beforeAll(async () => {
    if (hasChromium) admin = (await openAsSuperAdmin(suite)).page;
  });

  it('the super admin starts from an empty library and checks the upload form', async () => {
    await admin.getByRole('link', { name: 'Materials' }).click();
    await admin.waitForURL(`**${ROOT}`);
    await visible(admin, 'No folders found');
    await expectAccessible(admin, 'materials, empty');

    await admin.getByRole('link', { name: 'Upload', exact: true }).click();
    await admin.waitForURL(`**${ROOT}/upload`);
    await admin.getByRole('button', { name: 'Upload', exact: true }).click();
    await visible(admin, 'Please select a file to upload.');
    await visible(admin, 'Please select or create a folder.');
    await expectAccessible(admin, 'upload form with errors');
    await screenshots(admin, 'materials-upload-form');

    // Over 5 MB is refused in the suite.browser, before a byte is sent.
    let uploadRequests = 0;
    const countUploads = (request: Request) => {
      if (request.url().includes('/material-uploads')) uploadRequests += 1;
    };
    admin.on('request', countUploads);
    await uploadFile(
      admin,
      { name: 'Huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) },
      { newFolder: 'Demo Workshop' },
    );
    await visible(admin, 'File size too large');
    await admin.waitForTimeout(300);
    admin.off('request', countUploads);
    expect(uploadRequests).toBe(0);
  });

  it('uploads a 3 MB PDF into a new folder and subfolder, pausing and resuming it', async () => {
    // Each chunk (1 MB) waits 1.5 s on its way, so Pause lands while a chunk is under way.
    const patchOffsets: number[] = [];
    let headsAfterPause = 0;
    let isPaused = false;
    await admin.route('**/api/v1/material-uploads/**', async (route) => {
      const request = route.request();
      if (request.method() === 'HEAD' && isPaused) headsAfterPause += 1;
      if (request.method() === 'PATCH') {
        patchOffsets.push(Number(await request.headerValue('upload-offset')));
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      // A paused (aborted) request can no longer be continued.
      await route.continue().catch(() => undefined);
    });

    const firstChunkStored = admin.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.status() === 204,
    );
    await uploadFile(
      admin,
      { name: 'Guide.pdf', mimeType: 'application/pdf', buffer: GUIDE_PDF },
      { newFolder: 'Demo Workshop', newSubfolder: 'Handouts' },
    );
    const progress = admin.getByRole('progressbar', { name: 'Upload progress of Guide.pdf' });
    // Wait for the first chunk to be stored, then pause while the second is held on its way.
    await firstChunkStored;
    await poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(33);
    await admin.getByRole('button', { name: 'Pause' }).click();
    isPaused = true;
    await visible(admin, /^Paused at \d+%$/);
    const pausedAt = Number(await progress.getAttribute('aria-valuenow'));
    expect(pausedAt).toBeGreaterThan(0);
    expect(pausedAt).toBeLessThan(100);
    await expectAccessible(admin, 'upload paused');
    await screenshots(admin, 'materials-upload-paused');
    // Paused means paused: nothing moves for a while.
    await admin.waitForTimeout(2000);
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBe(pausedAt);

    await admin.getByRole('button', { name: 'Resume' }).click();
    await visible(admin, 'File uploaded successfully');
    await admin.waitForURL(`**${ROOT}/Demo%20Workshop/Handouts`);
    // One upload, one toast (a pause and a resume do not finish it twice).
    await admin.waitForTimeout(300);
    expect(await admin.getByText('File uploaded successfully').count()).toBe(1);
    await admin.unroute('**/api/v1/material-uploads/**');

    // Resumed where it stopped: the server was asked for its offset, and no chunk was sent from 0 again.
    expect(headsAfterPause).toBeGreaterThanOrEqual(1);
    expect(patchOffsets.filter((offset) => offset === 0)).toHaveLength(1);
    expect(Math.max(...patchOffsets)).toBeGreaterThanOrEqual(2 * 1024 * 1024);

    const row = admin.getByRole('row').filter({ hasText: 'Guide.pdf' });
    await poll(() => row.isVisible()).toBe(true);
    await poll(() => row.getByText('3.0 MB').isVisible()).toBe(true);
    await poll(() => row.getByText('PDF', { exact: true }).isVisible()).toBe(true);
    await expectAccessible(admin, 'subfolder with a file');
    await screenshots(admin, 'materials-subfolder');
  });

  it('adds a file to the folder itself and a spare folder, then deletes the file and the folder', async () => {
    await admin
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Demo Workshop' })
      .click();
    await admin.waitForURL(`**${ROOT}/Demo%20Workshop`);
    await admin.getByRole('link', { name: 'Upload here' }).click();
    await admin.waitForURL(`**${ROOT}/upload?folder=Demo+Workshop`);
    await uploadFile(admin, {
      name: 'Old notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('old notes\n'),
    });
    await visible(admin, 'File uploaded successfully');
    await admin.waitForURL(`**${ROOT}/Demo%20Workshop`);
    await poll(() => folderCards(admin, 'Subfolders').allTextContents()).toEqual(['Handouts']);
    await expectAccessible(admin, 'folder with subfolder and file');
    await screenshots(admin, 'materials-folder');

    await admin.getByRole('button', { name: 'Delete Old notes.txt' }).click();
    const fileDialog = admin.getByRole('dialog');
    await poll(() => fileDialog.getByText('Are you sure you want to delete this file?').isVisible()).toBe(
      true,
    );
    await fileDialog.getByRole('button', { name: 'Yes' }).click();
    await visible(admin, 'File deleted successfully');
    await poll(() => admin.getByRole('row').filter({ hasText: 'Old notes.txt' }).count()).toBe(0);

    // A spare folder, deleted with the warning that its files go too.
    await admin.goto(`${suite.product.url}${ROOT}/upload`);
    await uploadFile(
      admin,
      { name: 'Spare.txt', mimeType: 'text/plain', buffer: Buffer.from('spare\n') },
      { newFolder: 'Spare Folder' },
    );
    await admin.waitForURL(`**${ROOT}/Spare%20Folder`);
    await admin.getByRole('button', { name: 'Delete folder' }).click();
    const folderDialog = admin.getByRole('dialog', { name: 'Delete folder' });
    await poll(() =>
      folderDialog.getByText('All files inside this folder will be deleted.').isVisible(),
    ).toBe(true);
    await expectAccessible(admin, 'delete folder dialog');
    await folderDialog.getByRole('button', { name: 'Yes' }).click();
    await visible(admin, 'Folder deleted successfully');
    await admin.waitForURL(`**${ROOT}`);
    await poll(() => folderCards(admin).allTextContents()).toEqual(['Demo Workshop']);
  });

  it('sorts the folder grid by name both ways', async () => {
    await admin.goto(`${suite.product.url}${ROOT}/upload`);
    await uploadFile(
      admin,
      { name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('a\n') },
      { newFolder: 'Archive' },
    );
    await admin.waitForURL(`**${ROOT}/Archive`);
    await admin
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Materials' })
      .click();
    await poll(() => folderCards(admin).allTextContents()).toEqual(['Archive', 'Demo Workshop']);
    await admin.getByRole('button', { name: 'Sort: Name A–Z' }).click();
    await poll(() => folderCards(admin).allTextContents()).toEqual(['Demo Workshop', 'Archive']);
    await expectAccessible(admin, 'materials folders');
    await screenshots(admin, 'materials-folders');
  });

  it('renames the subfolder; the same name just goes back', async () => {
    await admin.goto(`${suite.product.url}${ROOT}/Demo%20Workshop/Handouts`);
    await admin.getByRole('link', { name: 'Rename folder' }).click();
    await admin.waitForURL(`**${ROOT}/Demo%20Workshop/Handouts/edit`);
    const name = admin.getByRole('textbox', { name: 'Folder name' });
    await poll(() => name.inputValue()).toBe('Handouts');
    await expectAccessible(admin, 'rename folder');
    await screenshots(admin, 'materials-rename');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL(`**${ROOT}/Demo%20Workshop/Handouts`);

    await admin.getByRole('link', { name: 'Rename folder' }).click();
    await admin.getByRole('textbox', { name: 'Folder name' }).fill('Printouts');
    await admin.getByRole('button', { name: 'Save' }).click();
    await visible(admin, 'Folder renamed successfully');
    await admin.waitForURL(`**${ROOT}/Demo%20Workshop/Printouts`);
    await poll(() => admin.getByRole('row').filter({ hasText: 'Guide.pdf' }).isVisible()).toBe(true);
    // The old address is gone.
    await admin.goto(`${suite.product.url}${ROOT}/Demo%20Workshop/Handouts`);
    await visible(admin, 'Folder not found');
  });

  it('a facilitator of Demo Org finds the folder online and on paper, and downloads the file', async () => {
    const page = await demoFacilitator(suite, PHONE, '/facilitator/enter');
    await page.getByRole('main').getByRole('link', { name: 'Web-based game' }).click();
    await page.waitForURL('**/Demo%20Org/facilitator/online');
    await poll(() => page.getByRole('heading', { level: 1, name: 'Web-based game' }).isVisible()).toBe(true);
    await expectAccessible(page, 'online info page');
    await screenshots(page, 'facilitator-online-info');

    await page.getByRole('main').getByRole('link', { name: 'Materials' }).click();
    await page.waitForURL('**/facilitator/online/materials');
    await poll(() => folderCards(page).allTextContents()).toEqual(['Demo Workshop']);
    await expectAccessible(page, 'facilitator materials');
    await screenshots(page, 'facilitator-online-materials');
    await folderCards(page).first().click();
    await page.getByRole('link', { name: 'Printouts' }).click();
    await page.waitForURL('**/facilitator/online/materials/Demo%20Workshop/Printouts');
    // Read-only: no upload, rename or delete.
    await poll(() => page.getByRole('button', { name: 'Download Guide.pdf' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /Rename|Upload/ }).count()).toBe(0);
    await expectAccessible(page, 'facilitator subfolder');
    await screenshots(page, 'facilitator-online-subfolder');

    const downloadStarted = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Guide.pdf' }).click();
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toBe('Guide.pdf');
    const saved = await readFile(await download.path());
    expect(saved.equals(GUIDE_PDF)).toBe(true);

    // Traditional delivery: the same library without the sidebar.
    await page.goto(`${suite.product.url}/Demo%20Org/facilitator/enter`);
    await page.getByRole('main').getByRole('link', { name: 'Traditional delivery' }).click();
    await page.waitForURL('**/Demo%20Org/facilitator/traditional');
    await poll(() => page.getByRole('heading', { level: 1, name: 'Traditional delivery' }).isVisible()).toBe(
      true,
    );
    await expectAccessible(page, 'traditional info page');
    await screenshots(page, 'facilitator-traditional-info');
    await page.getByRole('main').getByRole('link', { name: 'Materials' }).click();
    await page.waitForURL('**/facilitator/traditional/materials');
    await folderCards(page).first().click();
    await page.waitForURL('**/facilitator/traditional/materials/Demo%20Workshop');
    await poll(() => folderCards(page, 'Subfolders').allTextContents()).toEqual(['Printouts']);
    await expectAccessible(page, 'traditional folder');
    await screenshots(page, 'facilitator-traditional-folder');
    // The way back to the delivery page, since there is no sidebar here.
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Traditional delivery' })
      .click();
    await page.waitForURL('**/Demo%20Org/facilitator/traditional');
    await page.context().close();
  });

  it('a facilitator of an organization without the workshop sees no folder and cannot reach it', async () => {
    const other = await createOrg(suite.product.database, { name: 'Other Org' });
    const stranger = await createUser(suite.product.database, 'FACILITATOR', other.id);
    const { page, context } = await suite.open(DESKTOP);
    await signInStaff(page, suite.product.url, stranger.email!, TEST_PASSWORD, '/facilitator/enter');
    await page.goto(`${suite.product.url}/Other%20Org/facilitator/online/materials`);
    await visible(page, 'No folders found');
    expect(await folderCards(page).count()).toBe(0);
    await page.goto(
      `${suite.product.url}/Other%20Org/facilitator/traditional/materials/Demo%20Workshop/Printouts`,
    );
    await visible(page, 'Folder not found');
    await expectAccessible(page, 'folder not found');

    // The API itself, with the stranger's token.
    const loginReply = await fetch(`${suite.product.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: stranger.email, password: TEST_PASSWORD }),
    });
    const { accessToken } = (await loginReply.json()) as { accessToken: string };
    const call = (path: string, body?: unknown) =>
      fetch(`${suite.product.url}/api/v1${path}`, {
        method: body ? 'POST' : 'GET',
        headers: {
          authorization: `Bearer ${accessToken}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    const folders = (await (await call('/materials/folders')).json()) as { folders: unknown[] };
    expect(folders.folders).toEqual([]);
    expect([403, 404]).toContain((await call('/materials/folders/Demo%20Workshop')).status);
    expect([403, 404]).toContain((await call('/materials/folders/Demo%20Workshop/Printouts')).status);
    expect([403, 404]).toContain(
      (await call('/materials/download-link', { filePath: 'documents/Demo Workshop/Printouts/Guide.pdf' }))
        .status,
    );
    expect(
      (await call('/delete-file', { filePath: 'documents/Demo Workshop/Printouts/Guide.pdf' })).status,
    ).toBe(403);
    await context.close();
  });
});
