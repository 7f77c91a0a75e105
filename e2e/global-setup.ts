import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { TEST_BROWSER_PATH } from './support/chromium';
import { deleteRedisKeys } from './support/redis-keys';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Starts every Redis prefix of this run's deployed-shape files (`e2e-<tag>-…`, support/server.ts). */
    redisRunTag: string;
  }
}

/** Browser tests need Chromium and the built web app; without Chromium they are skipped, visibly. */
export default function setup(project: TestProject) {
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
  const tag = `${process.pid}_${Date.now()}`;
  project.provide('redisRunTag', tag);
  const redisUrl = process.env.TEST_REDIS_URL;
  if (project.config.provide?.dbKind !== 'postgres' || !redisUrl) return;
  // Each deployed-shape file deletes its own keys as it closes; what one left (it never closed) goes
  // here, counted.
  return async () => {
    const left = await deleteRedisKeys(redisUrl, `e2e-${tag}-*`);
    if (left > 0) console.warn(`[playshop] deleted ${left} Redis key(s) a browser file left behind`);
  };
}
