import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../apps/server/src/db/schema';
import { createUser } from '../apps/server/src/test/context';
import { startSamlIdp, type TestSamlIdp } from '../apps/server/src/test/saml-idp';
import { expectAccessible, hasChromium } from './support/browser';
import { demoOrg } from './support/game';
import { openDemoSignInSettings } from './support/org-settings';
import { browserSuite, poll, visible } from './support/suite';

const suite = browserSuite();
let idp: TestSamlIdp;
let demoOrgId: number;

beforeAll(async () => {
  if (!hasChromium) return;
  idp = await startSamlIdp();
  demoOrgId = (await demoOrg(suite.product)).id;
});
afterAll(async () => {
  await idp?.close();
});

const switchNamed = (page: Page, name: string | RegExp) => page.getByRole('switch', { name });

describe.runIf(hasChromium)('SAML single sign-on', () => {
  it('an admin sets it up in Settings from the provider’s metadata; a colleague signs in with it and out of it', async () => {
    const page = await openDemoSignInSettings(suite, demoOrgId);
    const colleague = await createUser(suite.product.database, 'FACILITATOR', demoOrgId);
    const base = `${suite.product.url}/api/v1/saml/${demoOrgId}`;
    // What to give the identity provider, and the file to download.
    await visible(page, `${base}/acs`);
    await visible(page, `${base}/metadata`);
    const download = page.getByRole('link', { name: "Download Playshop's SAML metadata" });
    expect(await download.getAttribute('href')).toBe(`${base}/metadata`);
    // The provider's metadata as the file its admin downloaded.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose the metadata file…' }).click();
    await (await chooser).setFiles({
      name: 'idp.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(idp.metadata),
    });
    await poll(() =>
      page.getByLabel("Or paste the identity provider's metadata file").inputValue(),
    ).toContain('IDPSSODescriptor');
    await switchNamed(page, 'Sign in with SAML').check({ force: true });
    await page.getByRole('button', { name: 'Save SAML settings' }).click();
    await visible(page, 'SAML settings saved');
    await visible(page, `Identity provider: ${idp.url}/metadata.`);
    await visible(page, 'It offers single logout.');
    // Or by its address, read now.
    await page.getByLabel('Identity provider metadata address').fill(idp.metadataUrl);
    await page.getByRole('button', { name: 'Save SAML settings' }).click();
    await poll(() => page.getByLabel('Identity provider metadata address').inputValue()).toBe(
      idp.metadataUrl,
    );
    await visible(page, `Identity provider: ${idp.url}/metadata.`);
    await expectAccessible(page, 'Settings › Sign-in with SAML');

    // The provider is given the service provider's metadata, as its admin would upload it.
    const spMetadata = await (await fetch(`${base}/metadata`)).text();
    idp.useServiceProvider(spMetadata);

    const other = (await suite.open()).page;
    await other.goto(`${suite.product.url}/admin-login?org=Demo%20Org`);
    await other.getByRole('button', { name: 'Sign in with Demo Org' }).click();
    await other.waitForURL(`${idp.url}/sso?**`);
    await other.getByLabel('Email').fill(colleague.email!);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.waitForURL('**/Demo%20Org/facilitator/enter');
    const entries = await suite.product.database.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.actorId, colleague.id));
    expect(entries).toContainEqual({ action: 'auth.login', actorId: colleague.id });

    // Signing out ends the session at the provider too (single logout), and comes back home.
    const atProvider = other.waitForRequest((r) => r.url().startsWith(`${idp.url}/slo?SAMLRequest=`));
    await other.getByRole('button', { name: 'LOGOUT' }).click();
    await atProvider;
    await other.waitForURL(`${suite.product.url}/`);
    const cookies = await other.context().cookies(suite.product.url);
    expect(cookies.map((c) => c.name)).not.toContain('playshop_refresh');
  });
});
