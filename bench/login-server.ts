/**
 * One server for `npm run bench:login`, in its own process: `real` is the whole app (buildApp) with
 * POST /api/v1/participantLogin as in production; `bare` is a Fastify route doing the same player
 * lookup through the same driver and database, and nothing else. Prints `PORT n` once listening.
 */
import { and, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { organizations, users } from '../apps/server/src/db/schema';

const [mode, dataDir] = process.argv.slice(2) as ['real' | 'bare', string];
const database = await openDatabase({ kind: 'pglite', dataDir: `${dataDir}/pglite` });

const app =
  mode === 'real'
    ? await buildApp({
        config: loadConfig({
          NODE_ENV: 'production',
          PUBLIC_URL: 'http://127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          JWT_SECRET: 'bench-secret-bench-secret-bench-secret-bench',
        }),
        database,
        logger: false,
        // One address sends everything here: the per-IP limit would stop the bench, not the server.
        rateLimits: { participantPerIp: { max: 1_000_000, timeWindow: 60_000 } },
      })
    : bare();

function bare() {
  const server = Fastify({ logger: false });
  server.post('/api/v1/participantLogin', async (req, reply) => {
    const { username, org } = req.body as { username: string; org: string };
    const [user] = await database.db
      .select({
        id: users.id,
        username: users.username,
        orgId: organizations.id,
        orgName: organizations.name,
      })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.orgId))
      .where(
        and(
          sql`lower(${users.username}) = ${username.toLowerCase()}`,
          eq(users.role, 'PLAYER'),
          sql`lower(${organizations.name}) = ${org.toLowerCase()}`,
        ),
      )
      .limit(1);
    if (!user)
      return reply.status(404).send({ message: 'No player with that username', code: 'UNKNOWN_PLAYER' });
    return { username: user.username, org: user.orgName, orgId: user.orgId, role: 'PLAYER', userId: user.id };
  });
  return server;
}

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
