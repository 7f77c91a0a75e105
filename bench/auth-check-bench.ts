/**
 * The cost of checking an access token against the database on every request:
 * the access token check (users by primary key joined to its organization: token version, role,
 * organization, expiry) against the organization-only read it replaced, on PGlite and, when
 * BENCH_DATABASE_URL is set, on PostgreSQL; then whole authenticated requests through fastify.inject.
 * Run: npx tsx bench/auth-check-bench.ts
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { organizations, users } from '../apps/server/src/db/schema';
import { groupedAccessTokenCheck } from '../apps/server/src/sessions/authenticate';
import { accessTokens } from '../apps/server/src/sessions/tokens';
import { BENCH_SECRET, benchApp } from './bench-app';
import { benchSessions } from './bench-sessions';
import { withScratchPostgres } from './scratch-postgres';

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
  const [sessionId] = await benchSessions(database.db, [{ userId: user!.id, orgId: org!.id }]);
  const claims = await accessTokens(BENCH_SECRET).verify(
    await accessTokens(BENCH_SECRET).sign({
      userId: user!.id,
      role: 'FACILITATOR',
      orgId: org!.id,
      orgName: org!.name,
      username: 'b',
      sessionId: sessionId!,
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

  const { app, close } = await benchApp(database);
  const token = await accessTokens(BENCH_SECRET).sign({ ...claims });
  await time('whole authenticated GET /check-org-expiry (inject)', 2000, () =>
    app.inject({ url: `/api/v1/check-org-expiry/${org!.id}`, headers: { authorization: `Bearer ${token}` } }),
  );
  await close();
}

const pglite = await openDatabase({ kind: 'pglite' });
await run('PGlite (in memory)', pglite);
await pglite.close();

const url = process.env.BENCH_DATABASE_URL;
if (url) {
  await withScratchPostgres(url, 'playshop_bench', (postgres) => run('PostgreSQL (loopback)', postgres));
}
