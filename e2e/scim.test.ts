import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hasChromium } from './support/browser';
import { demoOrg } from './support/game';
import { openDemoSignInSettings } from './support/org-settings';
import { browserSuite, visible } from './support/suite';

const suite = browserSuite();
let demoOrgId: number;

beforeAll(async () => {
  if (!hasChromium) return;
  demoOrgId = (await demoOrg(suite.product)).id;
});

describe.runIf(hasChromium)('SCIM provisioning', () => {
  it('an admin generates the token in Settings, shown once; it works at the base URL; replaced, the old one stops', async () => {
    const page = await openDemoSignInSettings(suite, demoOrgId);
    const base = `${suite.product.url}/api/v1/scim/v2/${demoOrgId}`;
    await visible(page, base);
    await visible(page, 'No token: provisioning is off.');
    await page.getByRole('button', { name: 'Generate token' }).click();
    await visible(page, 'Copy this token now: it is not shown again.');
    const token = (await page.getByTestId('scim-token').textContent())!.trim();
    expect(token).toMatch(/^scim_/);
    await expectAccessible(page, 'Settings › Sign-in with a SCIM token shown');
    const users = (bearer: string) =>
      fetch(`${base}/Users`, { headers: { authorization: `Bearer ${bearer}` } });
    expect((await users(token)).status).toBe(200);

    // Shown once: after a reload only that a token exists.
    await page.reload();
    await page.getByRole('tab', { name: 'Sign-in' }).click();
    await visible(page, 'Replace token');
    expect(await page.getByTestId('scim-token').count()).toBe(0);
    expect(await page.content()).not.toContain(token);

    await page.getByRole('button', { name: 'Replace token' }).click();
    await visible(page, 'Copy this token now: it is not shown again.');
    const next = (await page.getByTestId('scim-token').textContent())!.trim();
    expect(next).not.toBe(token);
    expect((await users(token)).status).toBe(401);
    expect((await users(next)).status).toBe(200);

    await page.getByRole('button', { name: 'Revoke token' }).click();
    await visible(page, 'No token: provisioning is off.');
    expect((await users(next)).status).toBe(401);
    await expectAccessible(page, 'Settings › Sign-in without a SCIM token');
  });
});
