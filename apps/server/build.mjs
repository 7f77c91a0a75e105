// Bundles the server (and the shared package's TypeScript) into dist/; npm packages stay external.
// dist/main.js is the server (dist/projector-worker.js its Insights worker thread), dist/migrate.js
// applies migrations, dist/db-export.js copies a PGlite database into PostgreSQL. The release's
// version and commit are written in (BUILD_INFO).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const root = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@playshop/'));

/** GIT_COMMIT (the image build passes it: .git is not in its context), else the checkout's HEAD. */
function commit() {
  if (process.env.GIT_COMMIT) return process.env.GIT_COMMIT.slice(0, 12);
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { stdio: 'pipe' }).toString().trim();
  } catch {
    return 'unknown';
  }
}

const src = (file) => new URL(`./src/${file}`, import.meta.url).pathname;
await build({
  entryPoints: {
    main: src('main.ts'),
    migrate: src('db/migrate-cli.ts'),
    'db-export': src('db/export-cli.ts'),
    // The Insights projector's worker thread, started from main.js by its file name beside it.
    'projector-worker': src('insights/projector-worker.ts'),
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22', // the oldest Node that package.json's engines allow
  sourcemap: true,
  external,
  define: {
    __PLAYSHOP_VERSION__: JSON.stringify(root.version),
    __PLAYSHOP_COMMIT__: JSON.stringify(commit()),
  },
  logLevel: 'warning',
});
