import { configDefaults, defineConfig } from 'vitest/config';
import { testFilesWithoutProjectDatabase } from './apps/server/src/test/database-files';

const serverProject = (name: string, dbKind: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    // A file that never opens the project's database runs the same on both: once is enough.
    exclude: [
      ...configDefaults.exclude,
      ...(dbKind === 'postgres' ? testFilesWithoutProjectDatabase(import.meta.dirname) : []),
    ],
    environment: 'node' as const,
    // The files of a project run one after another in one fork that keeps their loaded modules (the
    // app, drizzle, PGlite's WASM): importing them in a fresh fork cost each file seconds. Each file
    // still opens its own database and app; what stays is module state, which the files do not
    // depend on (docs/decisions.md, "The test suite").
    poolOptions: { forks: { singleFork: true, isolate: false } },
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    provide: { dbKind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// The API suite runs again on PostgreSQL when TEST_DATABASE_URL names a server (CI sets it).
const postgres = process.env.TEST_DATABASE_URL;
if (!postgres) console.warn('\n[playshop] PostgreSQL API suite skipped: TEST_DATABASE_URL is not set.\n');

// The browser files that write and read an organization's data run a second time on the shape
// compose.yaml deploys (PostgreSQL, Redis, two instances behind a proxy: e2e/support/server.ts).
const DEPLOYED_BROWSER_FILES = [
  'e2e/training-day.test.ts',
  'e2e/insights.test.ts',
  'e2e/auth.test.ts',
  'e2e/sign-in.test.ts',
  'e2e/audit.test.ts',
  'e2e/languages.test.ts',
  'e2e/staff-language.test.ts',
  'e2e/branding.test.ts',
  'e2e/printed-cards.test.ts',
];
const redis = process.env.TEST_REDIS_URL;
if (!postgres || !redis)
  console.warn(
    '\n[playshop] Browser files on the deployed shape (e2e-deployed) skipped: TEST_DATABASE_URL and TEST_REDIS_URL are not both set.\n',
  );

// How many browser files run at once (E2E_LANES=1 for one at a time on a machine already busy).
const browserLanes = Number(process.env.E2E_LANES ?? 2);

const browserProject = (name: string, include: string[], dbKind: 'pglite' | 'postgres') => ({
  test: {
    name,
    include,
    environment: 'node',
    globalSetup: ['apps/server/src/test/global-setup.ts', 'e2e/global-setup.ts'],
    // PGlite: one instance on the file's own database, as a laptop runs it; PostgreSQL: the deployed shape.
    provide: { dbKind },
    // A whole browser test is bounded loosely: each of its steps already fails on its own
    // wait (15 s polls). 60 s failed the longest workflows (content-workshops' library and
    // wizard, ~60 s) whenever the machine was shared, without anything being wrong.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // On CI only, a browser test that fails is run once more, and the report names it as retried:
    // with two lanes of Chromium beside the API projects on 2 cores, a page has been starved for
    // 30 s mid-step (printed-cards' fill, 5 December) without anything being wrong. A test that
    // fails twice still fails the run (docs/decisions.md, "The test suite", sixth round).
    retry: process.env.CI ? 1 : 0,
    // A bare expect.poll gives up after 1 s by default: too short for a page that loads while
    // the other projects keep both cores busy (CI's content-library check failed so).
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // Browser files run in worker threads: the threads pool runs beside the forks pool of the
    // other projects, so the browser tests overlap the API and web files. Two threads (two
    // lanes, `browserLanes` below) take the files from one queue, slowest first; each thread
    // keeps its loaded modules and its own Chromium (e2e/support/browser.ts) from file to
    // file, and each file starts its own product. Most of a browser test's time is waiting
    // (on rolls, timers, pages), so two lanes share two cores with the forks lane.
    pool: 'threads' as const,
    poolOptions: { threads: { isolate: false } },
  },
});

// One runner, several projects: `npm test` runs them all; `vitest run --project server` runs one.
export default defineConfig({
  test: {
    // The threads pool is only the browser files' (the other projects run in forks). Its size and
    // reuse are read from here, not from the project: no fresh thread per file, `browserLanes` at once.
    poolOptions: { threads: { isolate: false, maxThreads: browserLanes, minThreads: 1 } },
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts', 'packages/messages/src/**/*.test.ts'],
          environment: 'node',
          // One fork for the 13 files (each still gets a fresh module registry): a fork each cost more
          // CPU than their tests.
          poolOptions: { forks: { singleFork: true } },
        },
      },
      serverProject('server', 'pglite'),
      ...(postgres ? [serverProject('server-pg', 'postgres')] : []),
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          // jsdom with the AbortSignal that Node's fetch API accepts (see the file).
          environment: './src/test/jsdom-environment.ts',
          setupFiles: ['src/test/setup.ts'],
          // The web files run one after another in one fork and one jsdom, not a fork and a jsdom each:
          // building a jsdom and importing React, Mantine and Testing Library again cost each file
          // more than its tests (docs/decisions.md, "The test suite", fifth round). Each file still
          // gets a fresh module registry (the app's modules, its vi.mock's) and setup.ts empties
          // what a fresh window would not have (storage, cookies, stubbed globals, the document).
          // The two libraries whose module state the screens read are loaded per file with the app:
          // Lingui's catalogues and active language, Mantine's queue of notifications.
          poolOptions: { forks: { singleFork: true } },
          server: { deps: { inline: ['@lingui/core', '@mantine/notifications'] } },
          // Patience, not a speed check: beside the API and browser projects on 2 cores, one render
          // of a screen has taken seconds, and files that pass alone in 1 s failed at vitest's 5 s.
          testTimeout: 20_000,
        },
      },
      browserProject('e2e', ['e2e/**/*.test.ts'], 'pglite'),
      ...(postgres && redis ? [browserProject('e2e-deployed', DEPLOYED_BROWSER_FILES, 'postgres')] : []),
    ],
  },
});
