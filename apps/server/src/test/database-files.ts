import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Relative imports (static, re-exports and dynamic) of a source file. */
const RELATIVE_IMPORT = /\bfrom\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;
/** A file that branches on the project's database itself. */
const NAMES_DATABASE = /\bdbKind\b|TEST_DATABASE_URL/;

/**
 * The API test files that do not depend on the project's database: nothing they import, however
 * deep, reaches `test/context.ts` (the one place that opens the project's database, by `dbKind`),
 * and they do not read `dbKind` or TEST_DATABASE_URL themselves. They run the same on PGlite and
 * PostgreSQL (a file that opens a PGlite of its own opens it in both), so the PostgreSQL project
 * leaves them out (vitest.config.ts). Anything in doubt counts as depending and runs in both.
 */
export function testFilesWithoutProjectDatabase(
  root: string,
  pattern = 'apps/server/src/**/*.test.ts',
): string[] {
  const reaches = new Map<string, boolean>();
  const reachesDatabase = (file: string): boolean => {
    const known = reaches.get(file);
    if (known !== undefined) return known;
    reaches.set(file, false); // an import cycle adds nothing
    let found = file.endsWith(path.join('test', 'context.ts'));
    const text = found ? '' : readFileSync(file, 'utf8');
    found ||= NAMES_DATABASE.test(text);
    for (const [, from, dynamic] of text.matchAll(RELATIVE_IMPORT)) {
      if (found) break;
      const base = path.resolve(path.dirname(file), (from ?? dynamic)!.replace(/\.js$/, ''));
      const target = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((p) => existsSync(p));
      found = target ? reachesDatabase(target) : true;
    }
    reaches.set(file, found);
    return found;
  };
  return globSync(pattern, { cwd: root }).filter((file) => !reachesDatabase(path.resolve(root, file)));
}
