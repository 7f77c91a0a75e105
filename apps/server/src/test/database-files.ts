import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Relative imports (static, re-exports and dynamic) of a source file. */
const RELATIVE_IMPORT = /\bfrom\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;
/** A file that branches on the database itself. */
const NAMES_DATABASE = /\bdbKind\b|TEST_DATABASE_URL/;

/**
 * The API test files that never reach a database: nothing they import, however deep, reaches
 * `db/client.ts`, and they do not read `dbKind` or TEST_DATABASE_URL. They run the same on PGlite
 * and PostgreSQL, so the PostgreSQL project leaves them out (vitest.config.ts). Anything in doubt
 * counts as reaching the database and runs in both.
 */
export function testFilesWithoutDatabase(root: string, pattern = 'apps/server/src/**/*.test.ts'): string[] {
  const reaches = new Map<string, boolean>();
  const reachesDatabase = (file: string): boolean => {
    const known = reaches.get(file);
    if (known !== undefined) return known;
    reaches.set(file, false); // an import cycle adds nothing
    let found = file.endsWith(path.join('db', 'client.ts'));
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
