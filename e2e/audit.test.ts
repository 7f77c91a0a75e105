/**
 * The audit log page (issue 30 item 3): an organization's admin reads who signed in, who was refused
 * and what changed (before → after), filters it, pages through it and exports it as CSV.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../apps/server/src/test/context';
import { expectAccessible, hasChromium, screenshots, signInStaff } from './support/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server';
import { browserSuite, poll, visible } from './support/suite';
import { createUserIn, orgNamed } from './support/super-admin';

const suite = browserSuite();

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
    await poll(() => rows.nth(1).innerText()).toContain('auth.login');
    expect(await rows.nth(1).innerText()).toContain(adminEmail);
    expect(await rows.nth(2).innerText()).toContain('auth.login_refused');
    expect(await rows.nth(2).innerText()).toContain('INVALID_CREDENTIALS');
    const change = await rows.nth(3).innerText();
    expect(change).toContain(ADMIN_EMAIL);
    expect(change).toContain('PATCH /edit-org');
    expect(change).toMatch(/phone: "555 0111"\s*→\s*"555 0112"/);
    await expectAccessible(page, 'audit log');
    await screenshots(page, 'audit-log');

    await page.getByRole('button', { name: /next/i }).click();
    await visible(page, 'Page 2 of 2');
    await poll(() => page.getByText('"555 0101"').first().isVisible()).toBe(true);
  });

  it('filters by action and exports what the filter shows as CSV', async () => {
    await page.getByRole('textbox', { name: 'Action' }).fill('auth.login_refused');
    await visible(page, 'Page 1 of 1');
    await poll(() => page.getByRole('row').count()).toBe(2);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const lines = (await readFile(file, 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe(
      'at,actor,role,action,target type,target id,target,changes,address,organization id',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(adminEmail);
    expect(lines[1]).toContain('auth.login_refused');
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
    await page.getByRole('textbox', { name: 'Action' }).fill('org.export');
    await poll(() => page.getByRole('row').count()).toBe(2);
  });
});
