import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { type FirstStartReport, firstStart } from '../apps/server/src/first-start/first-start';
import { root } from './bench-server';

/** The real product on loopback: built SPA, API and the first start's demo data, in memory. */
export async function startProduct() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'playshop-web-bench-'));
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const report = (await firstStart(database.db, {
    adminEmail: 'admin@bench.local',
    demoData: true,
  })) as FirstStartReport;
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'w'.repeat(40),
    }),
    database,
    webDistDir: path.join(root, 'apps/web/dist'),
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    database,
    facilitator: report.demo!.facilitator,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
