import path from 'node:path';
import type { Config } from '../config';
import type { DatabaseOptions } from './client';

/** PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite under DATA_DIR/pglite. */
export function databaseOptions(config: Config): DatabaseOptions {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}
