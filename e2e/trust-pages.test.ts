/**
 * The security page, the accessibility report and /.well-known/security.txt in a browser that never
 * signed in: readable, axe-clean (every rule at any impact, WCAG 2.2's target size included) at 1280
 * and 320 px, and walked by keyboard alone.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WCAG_22_AA } from '../apps/server/src/trust/accessibility-report';
import { DESKTOP, hasChromium, screenshots } from './support/browser';
import { browserSuite } from './support/suite';

const suite = browserSuite({ env: { SECURITY_CONTACT: 'security@example.org', AUDIT_RETENTION_DAYS: '90' } });

/** Stricter than expectAccessible: these pages are plain HTML, so nothing at all may be flagged. */
async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  const found = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} @ ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found, `axe on ${label}`).toEqual([]);
  // WCAG 2.2's target size (2.5.8) is off in axe by default: make sure it ran.
  expect(results.passes.map((rule) => rule.id)).toContain('target-size');
}

/**
 * Axe-clean at 1280 px, then at 320 px, where the page gets no wider than the screen; then the
 * page's picture, `shot`.
 */
async function expectFitsBothWidths(page: Page, label: string, shot: string) {
  await expectNoAxeViolations(page, `${label} at 1280 px`);
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoAxeViolations(page, `${label} at 320 px`);
  await screenshots(page, shot);
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe.runIf(hasChromium)('the trust pages, before anyone signs in', () => {
  it('the security page says what is kept and how to report a vulnerability, axe-clean at 1280 and 320 px', async () => {
    const { page } = await suite.open(DESKTOP);
    await page.goto(`${suite.product.url}/security`);
    await expect(page.title()).resolves.toBe('Security · Playshop');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Security');
    const table = page.getByRole('table', { name: /What this installation stores/ });
    expect(await table.getByRole('row').count()).toBe(11);
    expect(await page.getByText('90 days (the operator’s AUDIT_RETENTION_DAYS)').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'security@example.org' }).getAttribute('href')).toBe(
      'mailto:security@example.org',
    );
    // The table scrolls inside its own region; the page itself does not get wider than the screen.
    await expectFitsBothWidths(page, 'security page', 'trust-security');
  });

  it('the accessibility report lists every criterion, axe-clean at 1280 and 320 px', async () => {
    const { page } = await suite.open(DESKTOP);
    await page.goto(`${suite.product.url}/accessibility`);
    const table = page.getByRole('table', { name: /Each WCAG 2.2 success criterion/ });
    const headers = await table.getByRole('rowheader').allTextContents();
    expect(headers).toEqual(WCAG_22_AA.map((c) => c.criterion));
    // A fixed row and a row with an exception that remains.
    const level = (name: RegExp) => table.getByRole('row', { name }).getByRole('cell').first().textContent();
    await expect(level(/2\.1\.1 Keyboard/)).resolves.toBe('Supports');
    await expect(level(/2\.4\.11 Focus Not Obscured/)).resolves.toBe('Partially Supports');
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: /^Partially Supports:/ })
        .textContent(),
    ).resolves.toBe(
      `Partially Supports: ${WCAG_22_AA.filter((c) => c.conformance === 'Partially Supports').length} criteria`,
    );
    await expectFitsBothWidths(page, 'accessibility report', 'trust-accessibility');
  });

  it('is walked by keyboard: skip link, the navigation, the report and back', async () => {
    const { page } = await suite.open(DESKTOP);
    await page.goto(`${suite.product.url}/security`);
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    // From the top again: past the skip link and the product's name to the report's link.
    await page.goto(`${suite.product.url}/security`);
    for (const expected of ['Skip to main content', 'Playshop', 'Security', 'Accessibility']) {
      await page.keyboard.press('Tab');
      expect(await focusedText(page)).toBe(expected);
    }
    await Promise.all([page.waitForURL('**/accessibility'), page.keyboard.press('Enter')]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Accessibility conformance report',
    );
    // The report's table is a scrolling region the keyboard can reach, and the link back to security.
    const region = page.getByRole('region', { name: 'WCAG 2.2 Report: Levels A and AA' });
    await region.focus();
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('security page');
    await Promise.all([page.waitForURL('**/security#report'), page.keyboard.press('Enter')]);
  });

  it('the sign-in page’s footer links both pages, which load from the server, not the web app', async () => {
    const { page } = await suite.open(DESKTOP);
    await page.goto(`${suite.product.url}/`);
    const footer = page.getByRole('contentinfo');
    await Promise.all([
      page.waitForURL('**/security'),
      footer.getByRole('link', { name: 'Security' }).click(),
    ]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Security');
    await page.goto(`${suite.product.url}/admin-login`);
    await Promise.all([
      page.waitForURL('**/accessibility'),
      page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click(),
    ]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Accessibility conformance report',
    );
  });

  it('serves /.well-known/security.txt as plain text with the contact', async () => {
    const { page } = await suite.open(DESKTOP);
    const res = await page.request.get(`${suite.product.url}/.well-known/security.txt`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text).toContain('Contact: mailto:security@example.org\n');
    expect(text).toContain(`Policy: ${suite.product.url}/security\n`);
  });
});
