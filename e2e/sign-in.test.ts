import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgSignIn, users } from '../apps/server/src/db/schema';
import { createOrg, createUser, TEST_PASSWORD } from '../apps/server/src/test/context';
import { startOidcProvider, type TestOidcProvider } from '../apps/server/src/test/oidc-provider';
import { hasChromium, signInStaff } from './support/browser';
import { demoOrg } from './support/game';
import { openDemoSignInSettings } from './support/org-settings';
import { browserSuite, poll, visible } from './support/suite';

const suite = browserSuite();
let provider: TestOidcProvider;
let demoOrgId: number;

beforeAll(async () => {
  if (!hasChromium) return;
  // The provider knows the product's callback, so it starts once the product's address is known.
  provider = await startOidcProvider([`${suite.product.url}/sso/callback`]);
  demoOrgId = (await demoOrg(suite.product)).id;
});
afterAll(async () => {
  await provider?.close();
});

/** The current code of an authenticator app holding `secret`, for a time step not used before. */
function authenticator(secret: string) {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const step = Math.max(last + 1, Math.floor(Date.now() / 30_000));
    last = step;
    return totp.generate({ timestamp: step * 30_000 });
  };
}

const switchNamed = (page: Page, name: string | RegExp) => page.getByRole('switch', { name });

describe.runIf(hasChromium)('single sign-on', () => {
  it('an admin sets it up in Settings, and a new colleague signs in with the organization', async () => {
    const page = await openDemoSignInSettings(suite, demoOrgId);
    await visible(page, `${suite.product.url}/sso/callback`);
    await page.getByLabel('Issuer').fill(provider.issuer);
    await page.getByLabel('Client ID').fill(provider.clientId);
    await page.getByLabel('Client secret').fill(provider.clientSecret);
    await switchNamed(page, "Staff sign in with the organization's provider").check({ force: true });
    await switchNamed(page, /Create an account at the first sign-in/).check({ force: true });
    await page.getByRole('button', { name: 'Save sign-in settings' }).click();
    await visible(page, 'Sign-in settings saved');
    await visible(page, 'A secret is stored: leave empty to keep it.');

    // A colleague on another device follows the link the admin hands out.
    provider.addAccount({ email: 'robin.sso@demo.playshop.test', emailVerified: true, givenName: 'Robin' });
    const colleague = (await suite.open()).page;
    await colleague.goto(`${suite.product.url}/admin-login?org=Demo%20Org`);
    await colleague.getByRole('button', { name: 'Sign in with Demo Org' }).click();
    await colleague.waitForURL(`${provider.issuer}/interaction/**`);
    await colleague.getByLabel('Email').fill('robin.sso@demo.playshop.test');
    await colleague.getByRole('button', { name: 'Continue' }).click();
    await colleague.waitForURL('**/Demo%20Org/facilitator/enter');
    const [created] = await suite.product.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'robin.sso@demo.playshop.test'));
    expect(created).toMatchObject({ role: 'FACILITATOR', orgId: demoOrgId, firstName: 'Robin' });

    // Next time this browser offers the organization at once.
    await colleague.goto(`${suite.product.url}/admin-login`);
    await poll(() => colleague.getByRole('button', { name: 'Sign in with Demo Org' }).isVisible()).toBe(true);
  });
});

describe.runIf(hasChromium)('two-factor sign-in', () => {
  it('a facilitator sets it up with the QR code, then signs in with a code and remembers the device', async () => {
    const facilitator = await createUser(suite.product.database, 'FACILITATOR', demoOrgId);
    const { page } = await suite.open();
    await signInStaff(page, suite.product.url, facilitator.email!, TEST_PASSWORD);
    await page.goto(`${suite.product.url}/two-factor`);
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await poll(() => page.getByRole('img', { name: 'QR code for your authenticator app' }).isVisible()).toBe(
      true,
    );
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
    const app = authenticator(secret);
    await page.getByLabel('Code from the app').fill(app());
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await visible(page, 'Save your recovery codes');
    const codes = await page.getByLabel('Recovery codes').locator('code').allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await visible(page, 'Recovery codes left: 10');

    // Another device: the password, then a code.
    const other = (await suite.open()).page;
    await other.goto(`${suite.product.url}/admin-login`);
    await other.getByLabel('Email').fill(facilitator.email!);
    await other.getByLabel(/^Password/).fill(TEST_PASSWORD);
    await other.getByRole('button', { name: 'Login' }).click();
    await other.waitForURL('**/two-factor-sign-in');
    await other.getByLabel('Code').fill('000000');
    await other.getByRole('button', { name: 'Verify' }).click();
    await visible(other, /That code is not valid/);
    await other.getByLabel('Code').fill(app());
    await other.getByLabel('Remember this device for 30 days').check();
    await other.getByRole('button', { name: 'Verify' }).click();
    await other.waitForURL('**/Demo%20Org/facilitator/enter');

    // Signed out and in again on the remembered device: no code asked.
    await other.getByRole('button', { name: 'LOGOUT' }).click();
    await signInStaff(other, suite.product.url, facilitator.email!, TEST_PASSWORD);
  });

  it('an admin of an organization that requires it sets it up at sign-in before getting in', async () => {
    const org = await createOrg(suite.product.database);
    await suite.product.database.db
      .insert(orgSignIn)
      .values({ orgId: org.id, requireTwoFactorForAdmins: true });
    const admin = await createUser(suite.product.database, 'ADMIN', org.id);
    const { page } = await suite.open();
    await page.goto(`${suite.product.url}/admin-login`);
    await page.getByLabel('Email').fill(admin.email!);
    await page.getByLabel(/^Password/).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/two-factor-sign-in');
    await visible(page, 'Your organization requires a code from your phone at sign-in.');
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
    await page.getByLabel('Code from the app').fill(authenticator(secret)());
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await visible(page, 'Save your recovery codes');
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
  });
});
