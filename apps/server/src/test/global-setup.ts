import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    dbKind: 'pglite' | 'postgres';
    pgliteTemplate: string;
    postgresTemplate: string;
    /** Names this run's test databases (`playshop_t_<tag>_…`), so the run can drop what a file left. */
    testDatabaseTag: string;
  }
}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = path.resolve(serverRoot, '../..');
const CACHE_DIR = path.join(repoRoot, 'node_modules/.cache/playshop-test');

/**
 * The migrated PGlite data directory as a tarball, kept in node_modules/.cache under a key of the
 * migrations and the PGlite version: a new PGlite runs initdb (20 s on a busy 2-core machine), so
 * the dump is made once, not once per project and run. A changed migration makes a new key.
 */
async function pgliteTemplate(): Promise<string> {
  const migrations = path.join(serverRoot, 'drizzle');
  const hash = createHash('sha256');
  for (const pkg of ['@electric-sql/pglite', 'drizzle-orm'])
    hash.update(readFileSync(path.join(repoRoot, 'node_modules', pkg, 'package.json')));
  for (const file of (await readdir(migrations, { recursive: true })).sort()) {
    if (/\.(sql|json)$/.test(file)) hash.update(file).update(readFileSync(path.join(migrations, file)));
  }
  const name = `pglite-${hash.digest('hex').slice(0, 16)}.tar`;
  const dumpFile = path.join(CACHE_DIR, name);
  if (existsSync(dumpFile)) return dumpFile;
  await mkdir(CACHE_DIR, { recursive: true });
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const dump = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
  await database.close();
  // Written aside and renamed, so a project setting up at the same time never reads half a file.
  const partial = `${dumpFile}.${process.pid}.partial`;
  await writeFile(partial, dump);
  await rename(partial, dumpFile);
  for (const old of await readdir(CACHE_DIR))
    if (old.startsWith('pglite-') && old !== name) await rm(path.join(CACHE_DIR, old), { force: true });
  return dumpFile;
}

/**
 * Migrates one database per run and hands it to every test file as a template: PGlite as a data
 * directory dump (cached across runs, see pgliteTemplate), PostgreSQL as a template database.
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', await pgliteTemplate());

  let dropPostgres: (() => Promise<void>) | undefined;
  const url = process.env.TEST_DATABASE_URL;
  if (project.config.provide?.dbKind === 'postgres' && url) {
    const tag = `${process.pid}_${Date.now()}`;
    const name = `playshop_tpl_${tag}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const tplUrl = withDatabase(url, name);
    const tpl = await openDatabase({ kind: 'postgres', url: tplUrl, poolSize: 1 });
    await tpl.migrate();
    await tpl.close();
    project.provide('postgresTemplate', name);
    project.provide('testDatabaseTag', tag);
    dropPostgres = async () => {
      // The template first: its drop waits for a `create database` from it still under way (the
      // next file's database, made ahead by test/context.ts), so the list below misses none.
      await admin.query(`drop database if exists ${name} with (force)`);
      // A file that never closed its context leaves its database behind (named by its comment): drop
      // it, and say so. The one made ahead for a next file that never came has no comment.
      const { rows } = await admin.query<{ datname: string; file: string | null }>(
        `select datname, shobj_description(oid, 'pg_database') as file
         from pg_database where datname like $1`,
        [`playshop_t_${tag}_%`],
      );
      const left = rows.filter((row) => row.file !== null);
      if (left.length > 0)
        console.warn(
          `[playshop] dropping ${left.length} test database(s) left open by: ${left.map((r) => r.file).join(', ')}`,
        );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
    };
  }

  return async () => {
    await dropPostgres?.();
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
