import { describe, expect, it } from 'vitest';
import { hasChromium, PHONE } from './support/browser';
import { browserSuite } from './support/suite';

// Access tokens that live two seconds, so a test can wait one out.
const suite = browserSuite({ accessTokenTtlSeconds: 2 });

describe.runIf(hasChromium)('an expired access token', () => {
  it('is renewed once through /refresh and the request retried, unseen by the user', async () => {
    const { page, context } = await suite.open(PHONE);
    const calls: string[] = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith('/api/v1/')) calls.push(`${res.status()} ${url.pathname}`);
    });
    await page.goto(`${suite.product.url}/`);
    await page.getByLabel('Organization').fill('Demo Org');
    await page.getByLabel('Username').fill('demo-player-3');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText('Demo Room').isVisible()).toBe(true);

    await page.waitForTimeout(2500);
    calls.length = 0;
    await page.getByRole('link', { name: /Join/ }).first().click();
    await expect.poll(() => page.getByText('Welcome, demo-player-3!').isVisible()).toBe(true);

    const roomCalls = calls.filter((c) => c.includes('/getroombyid/'));
    expect(roomCalls[0]).toMatch(/^401 /);
    expect(roomCalls.at(-1)).toMatch(/^200 /);
    expect(calls.filter((c) => c.endsWith('/refresh'))).toEqual(['200 /api/v1/refresh']);
    expect(await page.getByText(/Unauthorized/).count()).toBe(0);
    await context.close();
  });
});
