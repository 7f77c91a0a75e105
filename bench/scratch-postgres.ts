import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client';

/**
 * Runs `use` on a fresh database created on the PostgreSQL server at `url` (BENCH_DATABASE_URL),
 * dropped afterwards whatever happens: a bench never writes into a database it did not make.
 */
export async function withScratchPostgres(url: string, prefix: string, use: (db: Database) => Promise<void>) {
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const postgres = await openDatabase({ kind: 'postgres', url: u.toString(), poolSize: 4 });
  try {
    await use(postgres);
  } finally {
    await postgres.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
