import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgXapi } from '../apps/server/src/db/schema';
import { createOrg, createUser, TEST_PASSWORD } from '../apps/server/src/test/context';
import { type FakeLrs, fakeLrs } from '../apps/server/src/test/fake-lrs';
import { DESKTOP, expectAccessible, hasChromium, signInStaff } from './support/browser';
import { browserSuite, visible } from './support/suite';

const suite = browserSuite();
let lrs: FakeLrs;
beforeAll(async () => {
  lrs = await fakeLrs();
});
afterAll(() => lrs?.close());

describe.runIf(hasChromium)('a learning record store in Settings (issue 47 item 2)', () => {
  it('its admin fills the form, presses Send a test statement, reads the answer and saves (axe clean)', async () => {
    const { database } = suite.product;
    const org = await createOrg(database, { name: 'Lernwerk Süd' });
    const admin = await createUser(database, 'ADMIN', org.id);

    const { page } = await suite.open(DESKTOP);
    await signInStaff(page, suite.product.url, admin.email!, TEST_PASSWORD);
    await page.goto(`${suite.product.url}/${encodeURIComponent(org.name)}/admin/settings`);
    await page.getByRole('tab', { name: 'Learning records' }).click();
    await visible(page, 'No statements waiting');
    await expectAccessible(page, 'Settings › Learning records, empty');

    await page.getByRole('textbox', { name: 'Endpoint' }).fill(lrs.endpoint);
    await page.getByRole('textbox', { name: 'Key (user name)' }).fill(lrs.key);
    await page.getByLabel('Secret (password)').fill('not the secret');
    await page.getByRole('button', { name: 'Send a test statement' }).click();
    await visible(page, /refused the key and secret \(401\)/);

    await page.getByLabel('Secret (password)').fill(lrs.secret);
    await page.getByRole('button', { name: 'Send a test statement' }).click();
    await visible(page, 'The learning record store accepted the test statement (200).');
    expect(lrs.stored.size).toBe(1);
    await expectAccessible(page, 'Settings › Learning records, tested');

    await page.getByRole('switch', { name: 'Send statements' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page, 'Learning record store saved');
    await visible(page, 'A secret is stored. Leave this empty to keep it.');
    const [row] = await database.db.select().from(orgXapi).where(eq(orgXapi.orgId, org.id));
    expect(row).toMatchObject({ enabled: true, endpoint: lrs.endpoint, authKey: lrs.key });
    expect(row!.secretEncrypted).not.toContain(lrs.secret);
  });
});
