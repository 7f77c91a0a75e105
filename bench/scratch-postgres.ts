import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client';

/**
 * Runs `use` on a fresh database created on the PostgreSQL server at `url` (BENCH_DATABASE_URL),
 * dropped afterwards whatever happens: a bench never writes into a database it did not make.
 * BENCH_KEEP_DB=1 names it `${prefix}_kept` and keeps it (made by this helper all the same), so a
 * second run can reuse a slow seed; drop it by hand when done.
 */
export async function withScratchPostgres(url: string, prefix: string, use: (db: Database) => Promise<void>) {
  const keep = process.env.BENCH_KEEP_DB === '1';
  const name = keep ? `${prefix}_kept` : `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (!exists) await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const postgres = await openDatabase({ kind: 'postgres', url: u.toString(), poolSize: 4 });
  try {
    await use(postgres);
  } finally {
    await postgres.close();
    if (!keep) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/**
 * Runs a bench on the database its first argument names: `postgres` (a scratch database on
 * BENCH_DATABASE_URL, as above) or, by default, PGlite in memory.
 */
export async function onBenchDatabase(prefix: string, run: (label: string, db: Database) => Promise<void>) {
  if ((process.argv[2] ?? 'pglite') === 'postgres') {
    const url = process.env.BENCH_DATABASE_URL;
    if (!url) throw new Error('Set BENCH_DATABASE_URL');
    await withScratchPostgres(url, prefix, (postgres) => run('PostgreSQL (loopback)', postgres));
  } else {
    const pglite = await openDatabase({ kind: 'pglite' });
    await run('PGlite (in memory)', pglite);
    await pglite.close();
  }
}
