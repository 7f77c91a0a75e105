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

// One runner, several projects: `npm test` runs them all; `vitest run --project server` runs one.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
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
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts', 'e2e/global-setup.ts'],
          provide: { dbKind: 'pglite' },
          // A whole browser test is bounded loosely: each of its steps already fails on its own
          // wait (15 s polls). 60 s failed the longest workflows (content-workshops' library and
          // wizard, ~60 s) whenever the machine was shared, without anything being wrong.
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // A bare expect.poll gives up after 1 s by default: too short for a page that loads while
          // the other projects keep both cores busy (CI's content-library check failed so).
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // One browser test file at a time, in a worker thread of its own: the threads pool runs
          // beside the forks pool of the other projects, so the browser tests overlap the rest. The
          // files share the thread's loaded modules and one Chromium (e2e/support/browser.ts).
          pool: 'threads' as const,
          poolOptions: { threads: { singleThread: true, isolate: false } },
        },
      },
    ],
  },
});
