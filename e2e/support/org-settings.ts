import { createUser, TEST_PASSWORD } from '../../apps/server/src/test/context';
import { signInStaff } from './browser';
import { DEMO_ORG_PATH } from './game';
import type { BrowserSuite } from './suite';

/** A new admin of the Demo Org (`orgId`), signed in on a fresh profile, on Settings › Sign-in. */
export async function openDemoSignInSettings(suite: BrowserSuite, orgId: number) {
  const admin = await createUser(suite.product.database, 'ADMIN', orgId);
  const { page } = await suite.open();
  await signInStaff(page, suite.product.url, admin.email!, TEST_PASSWORD);
  await page.goto(`${suite.product.url}/${DEMO_ORG_PATH}/admin/settings`);
  await page.getByRole('tab', { name: 'Sign-in' }).click();
  return page;
}
