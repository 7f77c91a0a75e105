/**
 * `npm run bench:import`: imports 5,000 players through POST /import-players (the whole app on an
 * embedded PGlite, in this process) and reports the time beside the target of 10 s.
 * Writes the figure into docs/performance.md.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { firstStart } from '../apps/server/src/first-start/first-start';
import { writePerformanceBlock } from './bench-server';

const ROWS = 5000;
const TARGET_MS = 10_000;

const dataDir = await mkdtemp(path.join(tmpdir(), 'playshop-import-bench-'));
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
try {
  await database.migrate();
  await firstStart(database.db, {
    adminEmail: 'admin@bench.local',
    adminPassword: 'bench admin password',
    demoData: false,
  });
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'b'.repeat(40),
    }),
    database,
    logger: false,
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email: 'admin@bench.local', password: 'bench admin password' },
  });
  const { accessToken, orgId } = login.json() as { accessToken: string; orgId: number };
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    firstName: `First${i}`,
    lastName: `Last ${i}`,
    username: `imported-player-${i}`,
  }));
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/import-players',
    headers: { authorization: `Bearer ${accessToken}` },
    payload: { organizationId: orgId, rows },
  });
  const ms = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`import failed: ${res.statusCode} ${res.body}`);
  await app.close();
  const line = `Measured by \`npm run bench:import\` on ${new Date().toISOString().slice(0, 10)} (${process.platform}, Node ${process.version}, embedded PGlite): **${ROWS.toLocaleString('en')} rows imported in ${(ms / 1000).toFixed(2)} s** (target: under ${TARGET_MS / 1000} s), one request: every row checked with the shared schema, the usernames looked up in slices of 5,000, then one transaction of inserts of 1,000 rows each.`;
  await writePerformanceBlock('import', 'Players CSV import (`npm run bench:import`)', line);
  console.log(line);
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
