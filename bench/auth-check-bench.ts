/**
 * The cost of checking an access token against the database on every request:
 * the access token check (users by primary key joined to its organization: token version, role,
 * organization, expiry) against the organization-only read it replaced, on PGlite and, when
 * BENCH_DATABASE_URL is set, on PostgreSQL; then whole authenticated requests through fastify.inject.
 * Run: npx tsx bench/auth-check-bench.ts
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { accessTokens } from '../apps/server/src/auth/tokens';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { organizations, users } from '../apps/server/src/db/schema';
import { groupedAccessTokenCheck } from '../apps/server/src/http/authenticate';
import { withScratchPostgres } from './scratch-postgres';

const SECRET = 'bench-secret-that-is-long-enough-for-hs256!!';
const N = 5000;

async function time(label: string, n: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 200; i += 1) await fn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i += 1) await fn();
  const us = Number(process.hrtime.bigint() - start) / 1000 / n;
  console.log(`${label.padEnd(58)} ${us.toFixed(1).padStart(7)} µs`);
  return us;
}

async function run(kind: string, database: Database): Promise<void> {
  await database.migrate();
  const [org] = await database.db
    .insert(organizations)
    .values({ name: `Bench ${randomUUID().slice(0, 6)}` })
    .returning();
  const [user] = await database.db
    .insert(users)
    .values({ email: `b-${randomUUID()}@x.io`, role: 'FACILITATOR', orgId: org!.id })
    .returning();
  const claims = await accessTokens(SECRET).verify(
    await accessTokens(SECRET).sign({
      userId: user!.id,
      role: 'FACILITATOR',
      orgId: org!.id,
      orgName: org!.name,
      username: 'b',
    }),
  );
  console.log(`\n${kind}`);
  const before = await time('organization expiry read (before)', N, () =>
    database.db
      .select({ expiry: organizations.expiry })
      .from(organizations)
      .where(eq(organizations.id, org!.id))
      .limit(1),
  );
  const check = groupedAccessTokenCheck(database.db);
  const after = await time('access token check: user + organization read (now)', N, () => check(claims));
  console.log(`${'difference per request'.padEnd(58)} ${(after - before).toFixed(1).padStart(7)} µs`);

  const dataDir = await mkdtemp(path.join(tmpdir(), 'playshop-bench-'));
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: SECRET, LOG_LEVEL: 'silent' }),
    database,
    logger: false,
  });
  await app.ready();
  const token = await accessTokens(SECRET).sign({ ...claims });
  await time('whole authenticated GET /check-org-expiry (inject)', 2000, () =>
    app.inject({ url: `/api/v1/check-org-expiry/${org!.id}`, headers: { authorization: `Bearer ${token}` } }),
  );
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}

const pglite = await openDatabase({ kind: 'pglite' });
await run('PGlite (in memory)', pglite);
await pglite.close();

const url = process.env.BENCH_DATABASE_URL;
if (url) {
  await withScratchPostgres(url, 'playshop_bench', (postgres) => run('PostgreSQL (loopback)', postgres));
}
