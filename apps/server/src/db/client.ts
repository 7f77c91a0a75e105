import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the server's address, for connections of their own (room ownership locks). */
  url?: string;
  /** Applies the committed migrations; instances that may start together call it inside `exclusive`. */
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding the startup lock (a PostgreSQL advisory lock), so of several instances
   * starting together on one database only one migrates and seeds at a time; the others wait, then
   * find the work done. PGlite is one process's own database: `fn` simply runs.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (the tests' template). */
  dumpDataDir?(): Promise<Blob>;
}

/** The advisory lock key of migrations and the first-start seed (any constant, the same everywhere). */
const STARTUP_LOCK_KEY = 7_264_001;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir unset keeps the database in memory; loadDataDir starts from a dump (tests' template). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** The committed drizzle-kit migrations, found from src/db (dev, tests) or dist (built). */
function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the drizzle migrations folder');
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection that the server drops (a restart, a failover) must not crash the process:
    // the pool discards it and the next query opens a new one.
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      url: options.url,
      migrate: () => migratePg(db, { migrationsFolder: migrationsFolder() }),
      async exclusive(fn) {
        // A connection of its own, outside the pool (which may be a single connection), so `fn`
        // keeps every pooled connection.
        const lock = new pg.Client({ connectionString: options.url });
        await lock.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await fn();
        } finally {
          // Ending the session releases the lock, even if the unlock is never reached.
          await lock.end();
        }
      },
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    exclusive: (fn) => fn(),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
