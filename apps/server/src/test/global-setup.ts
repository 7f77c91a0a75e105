import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/**
 * Migrates one database per run and hands it to every test file as a template: PGlite as a data
 * directory dump, PostgreSQL as a template database. A test file then starts in milliseconds.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'playshop-tpl-'));
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const dumpFile = path.join(dir, 'pglite.tar');
  await writeFile(dumpFile, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', dumpFile);

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
      // A file that never closed its context leaves its database behind: drop it, and say so.
      const { rows } = await admin.query<{ datname: string; file: string | null }>(
        `select datname, shobj_description(oid, 'pg_database') as file
         from pg_database where datname like $1`,
        [`playshop_t_${tag}_%`],
      );
      if (rows.length > 0)
        console.warn(
          `[playshop] dropping ${rows.length} test database(s) left open by: ${rows.map((r) => r.file).join(', ')}`,
        );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }

  return async () => {
    await dropPostgres?.();
    await rm(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
