import { existsSync } from 'node:fs';

/** Debian's Chromium, the browser people run (`apt-get install -y chromium`); the benches measure it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * What the browser tests drive: the same Chromium's headless shell (`apt-get install -y
 * chromium-headless-shell`, Playwright's own default for headless runs) when it is installed, else
 * CHROMIUM_PATH. The full browser's headless mode builds a whole browser window per profile; the
 * shell renders the same pages with 25–30 % less CPU here (docs/decisions.md, "The test suite").
 */
export const TEST_BROWSER_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const hasChromium = existsSync(TEST_BROWSER_PATH);
