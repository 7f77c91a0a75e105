import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { databaseOptions } from './db/options';
import { firstStart, formatFirstStartReport } from './db/seed';
import { connectRedis, isRedisReady } from './redis';
import { checkS3Bucket } from './storage/storage';

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
  // Two instances starting together on an empty PostgreSQL database take turns (issue 12 item 13).
  const report = await database.exclusive(async () => {
    await database.migrate();
    return firstStart(database.db, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      demoData: config.demoData,
    });
  });

  const here = path.dirname(fileURLToPath(import.meta.url));
  const app = await buildApp({
    config,
    database,
    redis,
    webDistDir: path.resolve(here, '../../web/dist'),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      // A Redis that is down would hold quit() until it came back: drop the connection instead.
      if (redis && isRedisReady(redis)) await redis.quit();
      else redis?.disconnect();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (report) console.log(formatFirstStartReport(report, config.publicUrl));
  console.log(
    `Playshop is listening on ${config.publicUrl} (database: ${database.kind}, API docs at /api/docs)`,
  );
}

main().catch((err: unknown) => {
  // A setting found wrong after loading (the S3 bucket check): its message says what to fix.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
