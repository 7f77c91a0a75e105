/**
 * "Where you're signed in" (issue 43): a staff member sees every device signed in to their account
 * (this one marked), signs one out, then all the others; and an admin signs a colleague out
 * everywhere from the colleague's page. A device signed out is asked to sign in again.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInSessions } from '../apps/server/src/db/schema';
import { createUser, TEST_PASSWORD } from '../apps/server/src/test/context';
import { DESKTOP, hasChromium, signInStaff } from './support/browser';
import { demoOrg } from './support/game';
import { browserSuite, poll, visible } from './support/suite';

const suite = browserSuite();
let demoOrgId: number;

beforeAll(async () => {
  if (!hasChromium) return;
  demoOrgId = (await demoOrg(suite.product)).id;
});

/** A separate device (its own browser profile and user agent) signed in as `email`. */
async function device(email: string, userAgent: string) {
  const { page } = await suite.open(DESKTOP, { userAgent });
  await signInStaff(page, suite.product.url, email, TEST_PASSWORD);
  return page;
}

const liveSessions = (userId: number) =>
  suite.product.database.db
    .select({ id: signInSessions.id })
    .from(signInSessions)
    .where(and(eq(signInSessions.userId, userId), isNull(signInSessions.endedAt)));

/** The page, once reloaded, no longer has a session: it is back at a sign-in page. */
async function expectSignedOut(page: Page) {
  await page.reload();
  await poll(() => new URL(page.url()).pathname).toMatch(/^\/(admin-login)?$/);
}

describe.runIf(hasChromium)("where you're signed in", () => {
  it('lists the devices, this one marked; signs one out, then all others', async () => {
    const me = await createUser(suite.product.database, 'FACILITATOR', demoOrgId);
    const laptop = await device(me.email!, 'Playshop Laptop Browser');
    const phone = await device(me.email!, 'Playshop Phone Browser');
    const tablet = await device(me.email!, 'Playshop Tablet Browser');

    // From the user menu.
    await laptop.getByRole('button', { name: `Account: ${me.email}` }).click();
    await laptop.getByRole('menuitem', { name: "Where you're signed in" }).click();
    await laptop.waitForURL('**/sessions');
    const table = laptop.getByRole('table', { name: "Where you're signed in" });
    const row = (agent: string) => table.getByRole('row').filter({ hasText: agent });
    await visible(laptop, 'Playshop Phone Browser');
    await expect(row('Playshop Laptop Browser').getByText('This device').isVisible()).resolves.toBe(true);
    expect(await row('Playshop Tablet Browser').getByText('This device').count()).toBe(0);
    expect(await table.getByRole('row').count()).toBe(4);

    await row('Playshop Phone Browser').getByRole('button', { name: 'Sign out' }).click();
    await visible(laptop, 'Signed out of 1 session');
    await poll(() => row('Playshop Phone Browser').count()).toBe(0);
    await expectSignedOut(phone);

    await laptop.getByRole('button', { name: 'Sign out of all other sessions' }).click();
    await visible(laptop, 'Signed out of 1 session');
    await poll(() => table.getByRole('row').count()).toBe(2);
    await expectSignedOut(tablet);
    expect(await liveSessions(me.id)).toHaveLength(1);
    // This device is still signed in.
    await laptop.reload();
    await visible(laptop, 'Playshop Laptop Browser');
  });

  it("an admin signs a colleague out everywhere from the colleague's page", async () => {
    const admin = await createUser(suite.product.database, 'ADMIN', demoOrgId);
    const colleague = await createUser(suite.product.database, 'FACILITATOR', demoOrgId);
    const theirs = await device(colleague.email!, 'Colleague Browser');
    const page = await device(admin.email!, 'Admin Browser');
    await page.goto(`${suite.product.url}/Demo%20Org/admin/admin-users/edit-admin/${colleague.id}`);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await visible(page, 'Signed out of 1 session');
    expect(await liveSessions(colleague.id)).toHaveLength(0);
    await expectSignedOut(theirs);
  });
});
