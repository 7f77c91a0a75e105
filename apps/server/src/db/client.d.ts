import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
export type Schema = typeof schema;
/** The one database type the services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export interface Database {
    db: Db;
    kind: 'pglite' | 'postgres';
    migrate(): Promise<void>;
    close(): Promise<void>;
    /** PGlite only: the whole data directory as a tarball (the tests' template). */
    dumpDataDir?(): Promise<Blob>;
}
export type DatabaseOptions = {
    kind: 'postgres';
    url: string;
    poolSize?: number;
}
/** dataDir unset keeps the database in memory; loadDataDir starts from a dump (tests' template). */
 | {
    kind: 'pglite';
    dataDir?: string;
    loadDataDir?: Blob;
};
/** The committed drizzle-kit migrations, found from src/db (dev, tests) or dist (built). */
export declare function migrationsFolder(): string;
export declare function openDatabase(options: DatabaseOptions): Promise<Database>;
