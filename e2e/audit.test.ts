/**
 * The audit log page (issue 30 item 3, issue 42): an organization's admin reads who signed in, who
 * was refused and what changed, in words with before → after, filters it, pages through it and
 * exports it as CSV. E-mail addresses are taken as the browser's own type=email takes them.
 */
import { readFile } from 'node:fs/promises';
import { EMAIL_ADDRESS } from '@playshop/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../apps/server/src/test/context';
import { expectAccessible, hasChromium, screenshots, signInStaff } from './support/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server';
import { browserSuite, poll, visible } from './support/suite';
import { createUserIn, orgNamed } from './support/super-admin';

const suite = browserSuite();

/** Picks an action in the log's filter by its words. */
async function chooseAction(page: Page, words: string) {
  await page.getByRole('textbox', { name: 'Action' }).fill(words);
  await page.getByRole('option', { name: words, exact: true }).click();
}

describe.runIf(hasChromium)('audit log', () => {
  let page: Page;
  let adminEmail: string;

  beforeAll(async () => {
    if (!hasChromium) return;
    const { database, url } = suite.product;
    const admin = await createUserIn(database, 'ADMIN', 'Demo Org');
    adminEmail = admin.email!;
    const demo = await orgNamed(database, 'Demo Org');
    // The super admin changes Demo Org's phone twelve times (through the API, as the Settings page does).
    const login = await fetch(`${url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    for (let i = 1; i <= 12; i++) {
      const res = await fetch(`${url}/api/v1/edit-org`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ id: demo.id, phone: `555 01${String(i).padStart(2, '0')}` }),
      });
      expect(res.status).toBe(200);
    }
    const opened = await suite.open();
    page = opened.page;
  });

  it("the organization's admin, after one wrong password, reads the log: sign-ins, the refusal, changes before → after", async () => {
    await page.goto(`${suite.product.url}/admin-login`);
    await page.getByLabel('Email').fill(adminEmail);
    await page.getByLabel(/^Password/).fill('not my password');
    await page.getByRole('button', { name: 'Login' }).click();
    await visible(page, 'Invalid email or password');
    await signInStaff(page, suite.product.url, adminEmail, TEST_PASSWORD);

    await page.getByRole('link', { name: 'Audit log', exact: true }).click();
    await page.waitForURL('**/admin/audit-log');
    await visible(page, 'Page 1 of 2');
    const rows = page.getByRole('row');
    // Newest first: the admin's own sign-in, then the refusal, then the super admin's last change.
    await poll(() => rows.nth(1).innerText()).toContain('Signed in');
    expect(await rows.nth(1).innerText()).toContain(adminEmail);
    expect(await rows.nth(2).innerText()).toContain('Sign-in refused');
    expect(await rows.nth(2).innerText()).toContain('INVALID_CREDENTIALS');
    const change = await rows.nth(3).innerText();
    expect(change).toContain(ADMIN_EMAIL);
    expect(change).toContain("Changed an organization's settings");
    expect(change).toContain('Organization: Demo Org');
    expect(change).toMatch(/Phone: 555 0111\s*→\s*555 0112/);
    await expectAccessible(page, 'audit log');
    await screenshots(page, 'audit-log');

    await page.getByRole('button', { name: /next/i }).click();
    await visible(page, 'Page 2 of 2');
    await poll(() => page.getByText('555 0101', { exact: true }).first().isVisible()).toBe(true);
  });

  it('filters by action and exports what the filter shows as CSV', async () => {
    await chooseAction(page, 'Sign-in refused');
    await visible(page, 'Page 1 of 1');
    await poll(() => page.getByRole('row').count()).toBe(2);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const lines = (await readFile(file, 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe(
      'at,actor,role,action,target type,target id,target,changes,address,organization id,action key',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(adminEmail);
    expect(lines[1]).toContain(',Sign-in refused,');
    expect(lines[1]).toMatch(/,auth\.login_refused$/);
  });

  it("downloads the organization's data as one zip from Settings, and the log shows the export", async () => {
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.waitForURL('**/admin/settings');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download all data' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('Demo-Org.zip');
    const bytes = await readFile(await saved.path());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    await page.getByRole('link', { name: 'Audit log', exact: true }).click();
    await chooseAction(page, "Downloaded the organization's data");
    await poll(() => page.getByRole('row').count()).toBe(2);
  });

  it('the admin adds anna@lernwerk.koeln with the form and makes her an admin: the log says so in words', async () => {
    await page.getByRole('link', { name: 'Admins', exact: true }).click();
    await page.waitForURL('**/admin/admin-users');
    await page.getByRole('button', { name: 'Add Admin' }).click();
    await page.getByRole('textbox', { name: 'First Name' }).fill('Anna');
    await page.getByRole('textbox', { name: 'Last Name' }).fill('Lernwerk');
    await page.getByRole('textbox', { name: 'Email' }).fill('anna@lernwerk.koeln');
    await page.getByRole('textbox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Facilitator', exact: true }).click();
    await page.getByLabel(/^Password/).fill('amber meadow lantern');
    await page.getByLabel(/^Confirm Password/).fill('amber meadow lantern');
    await page.getByRole('button', { name: 'Add Admin' }).click();
    await visible(page, 'Successfully created User');
    await page
      .getByRole('button', { name: /^Edit .*Anna/ })
      .first()
      .click();
    await page.getByRole('textbox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Admin', exact: true }).click();
    await page.getByRole('button', { name: /^(Save|Edit Admin)$/ }).click();
    await visible(page, 'Successfully updated User');

    await page.getByRole('link', { name: 'Audit log', exact: true }).click();
    await page.waitForURL('**/admin/audit-log');
    await chooseAction(page, "Changed a user's role");
    await poll(() => page.getByRole('row').count()).toBe(2);
    const entry = await page.getByRole('row').nth(1).innerText();
    expect(entry).toContain('User: anna@lernwerk.koeln');
    expect(entry).toMatch(/Role: Facilitator\s*→\s*Admin/);
  });

  it("takes and refuses e-mail addresses exactly as Chromium's own <input type=email> does", async () => {
    const addresses = [
      'anna@lernwerk.koeln',
      'x@studio.photography',
      'o.brien+tag@sub.example.co.uk',
      'a@b',
      'no-at-sign',
      'anna@',
      'anna lena@lernwerk.koeln',
      'anna@lernwerk..koeln',
      'anna@-lernwerk.koeln',
      'anna@lern_werk.koeln',
      `anna@${'a'.repeat(64)}.koeln`,
    ];
    const browser = await page.evaluate((list) => {
      const input = document.createElement('input');
      input.type = 'email';
      return list.map((value) => {
        input.value = value;
        return input.checkValidity();
      });
    }, addresses);
    expect(browser).toEqual(addresses.map((a) => EMAIL_ADDRESS.test(a)));
    expect(browser.filter(Boolean)).toHaveLength(4);
  });
});
