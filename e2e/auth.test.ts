import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../apps/server/src/db/schema';
import { createUser, TEST_PASSWORD } from '../apps/server/src/test/context';
import { extractResetLink, startSmtpServer, type TestSmtpServer } from '../apps/server/src/test/smtp';
import { expectAccessible, hasChromium, PHONE, screenshots } from './support/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server';
import { browserSuite } from './support/suite';
import { createUserIn } from './support/super-admin';

let smtp: TestSmtpServer;

beforeAll(async () => {
  if (hasChromium) smtp = await startSmtpServer();
});
const suite = browserSuite(() => ({ smtpUrl: smtp.url }));
afterAll(async () => {
  await smtp?.close();
});

const open = async (path: string, viewport = PHONE) => {
  const { page, context } = await suite.open(viewport);
  await page.goto(`${suite.product.url}${path}`);
  return { page, context };
};

async function adminLogin(page: Page, email: string, password: string) {
  await page.goto(`${suite.product.url}/admin-login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

describe.runIf(hasChromium)('signing in', () => {
  it('a player signs in by username and sees their rooms', async () => {
    const { page, context } = await open('/');
    await expect.poll(() => page.getByRole('heading', { name: 'PLAYER LOGIN' }).isVisible()).toBe(true);
    await expectAccessible(page, 'player login');
    await screenshots(page, 'player-login');

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText('Username is required').isVisible()).toBe(true);

    await page.getByLabel('Organization').fill('Demo Org');
    await page.getByLabel('Username').fill('demo-player-1');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/Demo%20Org/demo-player-1/dashboard');
    await expect.poll(() => page.getByText('Demo Room').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: /Join/ }).first().isVisible()).toBe(true);
    await expectAccessible(page, 'player dashboard');
    await screenshots(page, 'player-dashboard');

    // A reload keeps the session: the refresh cookie restores it.
    await page.reload();
    await expect.poll(() => page.getByText('Demo Room').isVisible()).toBe(true);

    await page.getByRole('link', { name: /Join/ }).first().click();
    await expect.poll(() => page.getByText('DEMO ROOM').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Welcome, demo-player-1!').isVisible()).toBe(true);
    await expectAccessible(page, 'join screen');
    await screenshots(page, 'player-join');
    await context.close();
  });

  it('the super admin signs in through ORGANIZATION and lands on their dashboard', async () => {
    const { page, context } = await open('/');
    await page.getByRole('link', { name: 'ORGANIZATION' }).click();
    await page.waitForURL('**/admin-login');
    await expectAccessible(page, 'admin login');
    await screenshots(page, 'admin-login');

    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByText('This field is required').count()).toBe(2);

    // The password can be shown and hidden.
    const password = page.getByLabel(/^Password/);
    await password.fill('wrong password');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: /show password/i }).click();
    expect(await password.getAttribute('type')).toBe('text');

    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByText(/Something went wrong/).isVisible()).toBe(true);

    await adminLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL('**/Playshop/admin/dashboard');
    await expect.poll(() => page.getByRole('heading', { name: 'Playshop', level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('No current workshops').isVisible()).toBe(true);
    await expectAccessible(page, 'admin dashboard');
    await screenshots(page, 'admin-dashboard');
    await context.close();
  });

  it("a Demo Org admin sees the organization's current workshops", async () => {
    const admin = await createUserIn(suite.product.database, 'ADMIN', 'Demo Org');
    const { page, context } = await open('/admin-login');
    await adminLogin(page, admin.email!, TEST_PASSWORD);
    await page.waitForURL('**/Demo%20Org/admin/dashboard');
    await expect.poll(() => page.getByRole('heading', { name: 'Demo Org', level: 1 }).isVisible()).toBe(true);
    const current = page.getByRole('region', { name: 'Current workshops' });
    await expect.poll(() => current.getByText('Demo Workshop').isVisible()).toBe(true);
    await context.close();
  });

  it('the demo facilitator lands on the delivery choice', async () => {
    const { page, context } = await open('/admin-login');
    await adminLogin(page, suite.product.facilitator.email, suite.product.facilitator.password);
    await page.waitForURL('**/Demo%20Org/facilitator/enter');
    await expect.poll(() => page.getByText('Traditional delivery').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Web-based game').isVisible()).toBe(true);
    await expectAccessible(page, 'facilitator enter');
    await screenshots(page, 'facilitator-enter');
    await context.close();
  });
});

describe.runIf(hasChromium)('password reset', () => {
  it('mails a link that sets a new password', async () => {
    const user = await createUserIn(suite.product.database, 'FACILITATOR', 'Demo Org');
    const { page, context } = await open('/admin-login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/requestReset');
    await expectAccessible(page, 'request reset');
    await screenshots(page, 'request-reset');

    const send = page.getByRole('button', { name: 'Send Reset Link' });
    await send.click();
    await expect.poll(() => page.getByText('Email is required').isVisible()).toBe(true);
    await page.getByLabel('Email').fill('not-an-email');
    await send.click();
    await expect.poll(() => page.getByText('Invalid email address').isVisible()).toBe(true);
    await page.getByLabel('Email').fill(user.email!);
    await send.click();
    await expect.poll(() => page.getByText('Email verified, please check your email').isVisible()).toBe(true);

    const link = extractResetLink((await smtp.waitFor(user.email!)).text);
    expect(link.startsWith(`${suite.product.url}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { name: 'Reset Password' }).isVisible()).toBe(true);
    await expectAccessible(page, 'reset password');
    await screenshots(page, 'reset-password');

    const newPassword = page.getByLabel(/^New password/);
    const confirm = page.getByLabel(/^Confirm password/);
    await newPassword.fill('short');
    await expect
      .poll(() => page.getByText('Password must be at least 8 characters long').isVisible())
      .toBe(true);
    await newPassword.fill('a fresh password');
    await confirm.fill('a different one');
    await expect.poll(() => page.getByText('The passwords do not match').isVisible()).toBe(true);
    await confirm.fill('a fresh password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText('Password reset').first().isVisible()).toBe(true);
    await page.waitForURL('**/admin-login');

    await adminLogin(page, user.email!, 'a fresh password');
    await page.waitForURL('**/facilitator/enter');

    // The link is single-use.
    const { page: again, context: c2 } = await open(new URL(link).pathname + new URL(link).search);
    await again.getByLabel(/^New password/).fill('another password');
    await again.getByLabel(/^Confirm password/).fill('another password');
    await again.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => again.getByText('Something went wrong').isVisible()).toBe(true);
    await c2.close();
    await context.close();
  });
});

describe.runIf(hasChromium)('guards, errors and logout', () => {
  it('sends visitors without a session to / and wrong roles to /unauthorized', async () => {
    const { page, context } = await open('/Demo%20Org/admin/dashboard');
    await page.waitForURL(`${suite.product.url}/`);
    await expect.poll(() => page.getByRole('heading', { name: 'PLAYER LOGIN' }).isVisible()).toBe(true);

    await page.getByLabel('Organization').fill('Demo Org');
    await page.getByLabel('Username').fill('demo-player-2');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/demo-player-2/dashboard');
    await page.goto(`${suite.product.url}/Demo%20Org/admin/dashboard`);
    await page.waitForURL('**/unauthorized');
    await expect.poll(() => page.getByRole('button', { name: 'Go Back' }).isVisible()).toBe(true);
    await expectAccessible(page, 'unauthorized');
    await screenshots(page, 'unauthorized');
    // Another player's dashboard URL is not theirs either.
    await page.goto(`${suite.product.url}/Playshop/demo-player-2/dashboard`);
    await page.waitForURL('**/unauthorized');
    await context.close();
  });

  it("shows 'Oops!' for a page that does not exist", async () => {
    const { page, context } = await open('/no/such/page/here/at/all');
    await expect.poll(() => page.getByText('Oops!').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText('Sorry, an unexpected error has occurred.').isVisible())
      .toBe(true);
    await expectAccessible(page, 'error page');
    await screenshots(page, 'error-page');
    await context.close();
  });

  it('logs out to / and stays logged out after a reload', async () => {
    const { page, context } = await open('/admin-login');
    await adminLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('button', { name: 'LOGOUT' }).click();
    await page.waitForURL(`${suite.product.url}/`);
    await expect.poll(() => page.getByRole('link', { name: 'ORGANIZATION' }).isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByRole('link', { name: 'ORGANIZATION' }).isVisible()).toBe(true);
    await page.goto(`${suite.product.url}/Playshop/admin/dashboard`);
    await page.waitForURL(`${suite.product.url}/`);
    await context.close();
  });

  it('sends the staff of an expired organization to /unauthorized', async () => {
    const org = (
      await suite.product.database.db.insert(organizations).values({ name: 'Lapsed Ltd' }).returning()
    )[0]!;
    const admin = await createUser(suite.product.database, 'ADMIN', org.id);
    await suite.product.database.db
      .update(organizations)
      .set({ expiry: '2020-01-01' })
      .where(eq(organizations.id, org.id));
    const { page, context } = await open('/admin-login');
    await adminLogin(page, admin.email!, TEST_PASSWORD);
    await page.waitForURL('**/unauthorized');
    await context.close();
    await suite.product.database.db.delete(users).where(eq(users.id, admin.id));
  });
});
