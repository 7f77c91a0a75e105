import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { beforeEach, expect } from 'vitest';
import { TEST_BROWSER_PATH } from './chromium';

export { hasChromium } from './chromium';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: TEST_BROWSER_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * One Chromium for every browser test file of the run: the files run one after another in one
 * worker thread (vitest.config.ts), and a launch per file cost seconds. Kept on `globalThis` so it
 * is shared whatever the module registry does between files; each file closes the contexts it
 * opened (`browserSuite`), and the browser ends with the test process (its pipe closes). A browser
 * that crashed or failed to start is launched anew on the next call.
 */
export function sharedBrowser(): Promise<Browser> {
  const holder = globalThis as { playshopBrowser?: Promise<Browser> };
  holder.playshopBrowser ??= launchBrowser().then(
    (browser) => {
      browser.on('disconnected', () => {
        holder.playshopBrowser = undefined;
      });
      return browser;
    },
    (error: unknown) => {
      holder.playshopBrowser = undefined; // the next file tries again
      throw error;
    },
  );
  return holder.playshopBrowser;
}

/**
 * A fresh browser profile (cookies and all), like a separate person on a separate device; `options`
 * for more of the device (its language, another profile's cookies).
 */
export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...options, viewport });
  // A page load may take 60 s, not Playwright's 30: with two browser files at once beside the API
  // files, ten phones loading together (training-day) passed 30 s on a loaded 2-core machine.
  context.setDefaultNavigationTimeout(60_000);
  const page = await context.newPage();
  return { context, page };
}

/** Waits (at most 3 s) until nothing but endless animations (spinners) is moving. */
async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) =>
              a.playState !== 'running' ||
              a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
}

/**
 * Fails on any serious or critical axe violation, listing them. Measures the settled page: a dialog
 * fading in has its colours at part opacity. A toast can start fading out while axe runs (they close
 * after 2 s), so a failing check is repeated on the settled page; a real violation fails every time.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  let summary: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    await settle(page);
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    summary = bad.map(
      (v) => `${v.id} (${v.impact}): ${v.help} @ ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    if (summary.length === 0) return;
    await page.waitForTimeout(500);
  }
  expect(summary, `axe on ${label}`).toEqual([]);
}

export const SHOTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/**
 * Pictures to look at are taken only with E2E_SCREENSHOTS=1; a failed test's pictures always are
 * (`browserSuite`). No test reads them, and they were a cost of every run: ~140 a run, a full-page
 * pair at two widths ~0.75 s on the shared 2-core machine (docs/decisions.md, "The test suite").
 */
export const takesPictures = process.env.E2E_SCREENSHOTS === '1';

/** The page as it is now, as e2e/screenshots/<name>.png (git-ignored), with E2E_SCREENSHOTS=1. */
export async function picture(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (!takesPictures) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), ...options });
}

/** Screenshots at phone and desktop width into e2e/screenshots, to look at (E2E_SCREENSHOTS=1). */
export async function screenshots(page: Page, name: string): Promise<void> {
  if (!takesPictures) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${viewport.width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** Where staff land after signing in: the admin dashboard or the facilitator's entry. */
const STAFF_LANDING = /\/(admin\/dashboard|facilitator\/enter)$/;

/** Signs a staff member in on the admin login page, as a person would, and waits for the landing page. */
export async function signInStaff(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
  landing: string | RegExp = STAFF_LANDING,
): Promise<void> {
  await page.goto(`${baseUrl}/admin-login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(typeof landing === 'string' ? `**${landing}` : landing);
}

/** Leaves a picture of `page()` in e2e/screenshots when a test of the suite fails, to look at. */
export function screenshotOnFailure(page: () => Page | undefined): void {
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      await mkdir(SHOTS_DIR, { recursive: true });
      await page()?.screenshot({
        path: path.join(SHOTS_DIR, `failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}.png`),
      });
    });
  });
}

/** A 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * There is no internet here. The video embeds first load an image from YouTube's image host to learn
 * whether YouTube can be reached (apps/web/src/ui/guarded-embed.tsx); this answers it, as a site with
 * internet would. Without it the pages show their 'cannot be played here' message.
 */
export async function answerYoutubeImages(context: BrowserContext): Promise<void> {
  await context.route('https://i.ytimg.com/**', (route) =>
    route.fulfill({ contentType: 'image/gif', body: PIXEL }),
  );
}
