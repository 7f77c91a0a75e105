import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Replaced by the server build (apps/server/build.mjs) with the release's version and commit.
declare const __PLAYSHOP_VERSION__: string | undefined;
declare const __PLAYSHOP_COMMIT__: string | undefined;

/** Run from source (dev, tests): the root package.json and the checkout's commit. */
function fromSource(): { version: string; commit: string } {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, stdio: 'pipe' })
      .toString()
      .trim();
  } catch {
    // Not a git checkout (an unpacked archive): the version alone says enough.
  }
  return { version, commit };
}

/** What this server is: the package version (CHANGELOG.md) and the commit it was built from. */
export const BUILD_INFO: { version: string; commit: string } =
  typeof __PLAYSHOP_VERSION__ === 'string'
    ? { version: __PLAYSHOP_VERSION__, commit: __PLAYSHOP_COMMIT__ ?? 'unknown' }
    : fromSource();
