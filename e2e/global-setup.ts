import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_BROWSER_PATH } from './support/chromium';

/** Browser tests need Chromium and the built web app; without Chromium they are skipped, visibly. */
export default function setup() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build --workspace apps/web` (npm test does it).');
  }
  if (!existsSync(TEST_BROWSER_PATH)) {
    if (process.env.REQUIRE_BROWSER)
      throw new Error(`${TEST_BROWSER_PATH} not found and REQUIRE_BROWSER is set`);
    console.warn(
      `\n[playshop] Browser tests skipped: ${TEST_BROWSER_PATH} not found (apt-get install -y chromium chromium-headless-shell).\n`,
    );
  }
}
