import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/client';

/** The secret a bench's app signs its access tokens with (sign the bench's own tokens with it too). */
export const BENCH_SECRET = 'bench-secret-that-is-long-enough-for-hs256!!';

/**
 * The whole app on `database`, ready for `inject`, with a data folder of its own; `close` closes the
 * app and removes the folder.
 */
export async function benchApp(
  database: Database,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'playshop-bench-'));
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: BENCH_SECRET,
      LOG_LEVEL: 'silent',
    }),
    database,
    logger: false,
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
