import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { DESKTOP, hasChromium, newPage, SHOTS_DIR, sharedBrowser } from './browser';
import { type Product, type ProductOptions, startProduct } from './server';

/** What one test file drives: the real product on loopback and the run's Chromium, with the pages it opened. */
export interface BrowserSuite {
  readonly product: Product;
  readonly browser: Browser;
  /**
   * A fresh profile (a separate person on a separate device), closed with the file: before the
   * product, whose close waits for the connections its pages hold. When a test fails, every page
   * opened this way is left as a picture in e2e/screenshots.
   */
  open(
    viewport?: { width: number; height: number },
    options?: BrowserContextOptions,
  ): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * Starts the product before the file's tests and closes it after, with every profile the file opened
 * in the run's Chromium (`sharedBrowser`). Options may be a function when they depend on something
 * an earlier `beforeAll` started (a fake YouTube, an SMTP server). Hooks the file registers after
 * this call run after the product is up.
 */
export function browserSuite(options: ProductOptions | (() => ProductOptions) = {}): BrowserSuite {
  let product: Product | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    if (!hasChromium) return;
    product = await startProduct(typeof options === 'function' ? options() : options);
    browser = await sharedBrowser();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    await mkdir(SHOTS_DIR, { recursive: true });
    const name = task.name.slice(0, 40).replace(/\W+/g, '-');
    const pages = contexts.flatMap((context) => context.pages());
    for (const [i, page] of pages.entries())
      await page.screenshot({ path: `${SHOTS_DIR}/failed-${name}-${i}.png` }).catch(() => {});
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await product?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the browser suite has not started (is Chromium missing?)');
    return value;
  };
  return {
    get product() {
      return started(product);
    },
    get browser() {
      return started(browser);
    },
    async open(viewport = DESKTOP, options = {}) {
      // On the deployed shape each profile is a device of its own, which the proxy routes by.
      const device = await started(product).device(started(browser));
      const opened = await newPage(started(browser), viewport, { ...device, ...options });
      contexts.push(opened.context);
      return opened;
    },
  };
}

/** Polls for up to 15 s: lazy screens on a machine shared with other suites take their time. */
export const poll = <T>(read: () => Promise<T> | T, message?: string, timeout = 15_000) =>
  expect.poll(read, { timeout, interval: 100, message });

/** Follows the link named `name` (only that name when `exact`) and waits until the page is at `url`. */
export async function follow(page: Page, name: string, url: string | RegExp, exact = false): Promise<void> {
  await page.getByRole('link', { name, exact }).click();
  await page.waitForURL(url);
}

/** Resolves once `text` shows on the page (the first match), failing after the poll's wait. */
export const visible = (page: Page, text: string | RegExp) =>
  poll(() => page.getByText(text).first().isVisible()).toBe(true);
