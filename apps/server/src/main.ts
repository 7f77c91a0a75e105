import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { databaseOptions } from './db/options';
import { firstStart, formatFirstStartReport } from './first-start/first-start';
import { formatListening, lanAddresses } from './http/network-addresses';
import { connectRedis, isRedisReady } from './redis';
import { checkS3Bucket } from './storage/s3-storage';
import { BUILD_INFO } from './version';

/** The process entry: config, database, first start, listen, and a clean shutdown. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // Before the first start, whose generated passwords are printed only once the server listens.
  if (config.s3) await checkS3Bucket(config.s3);
  // A REDIS_URL that answers nothing stops the start here, with a message naming it.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;

  const database = await openDatabase(databaseOptions(config));
  // Two instances starting together on an empty PostgreSQL database take turns.
  const report = await database.exclusive(async () => {
    await database.migrate();
    return firstStart(database.db, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      demoData: config.demoData,
    });
  });

  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDistDir = path.resolve(here, '../../web/dist');
  const app = await buildApp({ config, database, redis, webDistDir });
  if (!existsSync(path.join(webDistDir, 'index.html')))
    app.log.warn({ webDistDir }, 'the web app is not built: only the API is served (npm run build)');

  const shutdown = shutdownOnce({ app, redis, database, drainMs: config.shutdownDrainMs });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (report) console.log(formatFirstStartReport(report, config.publicUrl));
  // PORT=0 picks a free port: print the one in use.
  const { port } = app.server.address() as AddressInfo;
  console.log(
    `Playshop is listening (version ${BUILD_INFO.version}, commit ${BUILD_INFO.commit}, database: ` +
      `${database.kind}, API docs at /api/docs):\n` +
      formatListening(port, config.host, config.publicUrl, config.publicUrlSet, lanAddresses()),
  );
}

interface ShutdownDeps {
  app: Awaited<ReturnType<typeof buildApp>>;
  redis: Awaited<ReturnType<typeof connectRedis>> | undefined;
  database: Awaited<ReturnType<typeof openDatabase>>;
  /** SIGTERM's drain (SHUTDOWN_DRAIN_MS); SIGINT has none. */
  drainMs: number;
}

/** The clean shutdown on a signal (once): drain, move the game screens, close, then Redis and the database. */
function shutdownOnce({ app, redis, database, drainMs: sigtermDrainMs }: ShutdownDeps) {
  let closing = false;
  return async (signal: string) => {
    if (closing) return;
    closing = true;
    // SIGTERM (an orchestrator, a rolling restart): /readyz answers 503 first, so the load balancer
    // stops sending new work while requests and game sockets here still run; then close.
    const drainMs = signal === 'SIGTERM' ? sigtermDrainMs : 0;
    app.log.info({ signal, drainMs }, 'shutting down');
    // Room hand-over (up to 3 s) and the game screens' moves (up to 20 s with it, game/socket.ts).
    const force = setTimeout(() => process.exit(1), drainMs + 30_000);
    force.unref();
    // Each step's time in the last log line: a slow exit says where it waited.
    const steps: Record<string, number> = {};
    let at = performance.now();
    const step = (name: string) => {
      const now = performance.now();
      steps[name] = Math.round(now - at);
      at = now;
    };
    try {
      app.startDraining();
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      step('drainMs');
      // The game's screens move to other instances first (SIGINT: within the close, shorter).
      if (signal === 'SIGTERM') await app.moveGameScreens();
      step('moveMs');
      await app.close();
      step('closeMs');
      // A Redis that is down would hold quit() until it came back: drop the connection instead.
      if (redis && isRedisReady(redis)) await redis.quit();
      else redis?.disconnect();
      step('redisMs');
      await database.close();
      step('databaseMs');
      app.log.info(steps, 'shut down');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
}

main().catch((err: unknown) => {
  // A setting found wrong after loading (the S3 bucket check): its message says what to fix.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
