import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { inject } from 'vitest';
import { buildApp } from '../../apps/server/src/app';
import { type Config, loadConfig } from '../../apps/server/src/config';
import { type Database, openDatabase } from '../../apps/server/src/db/client';
import { databaseOptions } from '../../apps/server/src/db/options';
import { type FirstStartReport, firstStart } from '../../apps/server/src/first-start/first-start';
import { connectRedis } from '../../apps/server/src/redis';
import { openTestDatabase } from '../../apps/server/src/test/context';
import { type Balancer, deviceUserAgent, startBalancer } from './balancer';
import { deleteRedisKeys } from './redis-keys';

export const ADMIN_EMAIL = 'admin@playshop.test';
export const ADMIN_PASSWORD = 'e2e-admin-password';
const JWT_SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e-secret';
const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

/**
 * The project's shape (vitest.config.ts): `e2e` serves one instance on the file's PGlite, as a laptop
 * runs it; `e2e-deployed` serves compose.yaml's shape (PostgreSQL, Redis, two instances behind a proxy).
 */
export const deployedShape = inject('dbKind') === 'postgres';

/**
 * The real product (built SPA, API, database with the first-start data) on a loopback port,
 * in this process so a test can also reach into its database.
 */
export interface ProductOptions {
  smtpUrl?: string;
  accessTokenTtlSeconds?: number;
  /** More configuration, as environment variables (e.g. YOUTUBE_API_URL of a fake API). */
  env?: Record<string, string>;
  /** Listen on every interface with no PUBLIC_URL, as `npm start` does on a laptop. */
  asOnALaptop?: boolean;
}

export async function startProduct(options: ProductOptions = {}) {
  const { database, drop } = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'playshop-e2e-'));
  const report = (await firstStart(database.db, {
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    demoData: true,
  })) as FirstStartReport;
  const env = {
    DATA_DIR: dataDir,
    JWT_SECRET,
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.env,
  };
  const served = deployedShape
    ? await serveDeployed(database, env, options)
    : await serveOnALaptop(database, env, options);
  return {
    ...served,
    database,
    report,
    facilitator: report.demo!.facilitator,
    async close() {
      await served.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type Product = Awaited<ReturnType<typeof startProduct>>;

interface Served {
  /** Where the browser goes: the instance, or the proxy in front of the instances. */
  url: string;
  /** An instance, for `inject` (the first of two on the deployed shape). */
  app: FastifyInstance;
  /** The balancer in front of the instances (deployed shape only). */
  balancer?: Balancer;
  /** What a new browser profile needs to be one more device (its user agent, on the deployed shape). */
  device(browser: Browser): Promise<BrowserContextOptions>;
  close(): Promise<void>;
}

/** One instance on the file's database, in this process. */
async function serveOnALaptop(
  database: Database,
  env: Record<string, string>,
  options: ProductOptions,
): Promise<Served> {
  // Mail links are built from the public URL, so the port is chosen before the app is built.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    ...(options.asOnALaptop ? {} : { PUBLIC_URL: url }),
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    webDistDir,
    logger: false,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
  });
  await app.listen({ port, host: options.asOnALaptop ? '0.0.0.0' : '127.0.0.1' });
  return { url, app, device: async () => ({}), close: () => app.close() };
}

/**
 * compose.yaml with `--profile scale` on loopback: two instances (app, app2) configured as compose
 * configures them (production, TRUST_PROXY, DATABASE_URL, REDIS_URL and one REDIS_PREFIX, one DATA_DIR
 * as their shared volume), each with its own database pool and Redis connections, behind the balancer
 * (balancer.ts) as PUBLIC_URL. They run in this process, as the API suite's multi-instance tests run
 * theirs: what they share is only what two containers share (PostgreSQL, Redis, the files).
 * Closing drops the file's Redis keys (its own prefix); the database goes with `startProduct`'s drop.
 */
async function serveDeployed(
  database: Database,
  env: Record<string, string>,
  options: ProductOptions,
): Promise<Served> {
  if (options.asOnALaptop) throw new Error('asOnALaptop is a laptop shape: not for e2e-deployed');
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!redisUrl || !database.url) throw new Error('e2e-deployed needs TEST_DATABASE_URL and TEST_REDIS_URL');
  // Of this run (global-setup's tag, whose teardown drops what a file left) and of this file alone.
  const redisPrefix = `e2e-${inject('redisRunTag')}-${randomBytes(4).toString('hex')}`;
  const balancer = await startBalancer();
  const config: Config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: balancer.url,
    TRUST_PROXY: 'true',
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    // The test identity providers listen on loopback over http: the operator's switch for a provider
    // inside the network (docs/operations.md), refused in production otherwise.
    SSO_ALLOW_PRIVATE_ISSUERS: 'true',
    // Only what went wrong (a 500's error), on the test's output.
    LOG_LEVEL: 'error',
    ...env,
  });
  const instances: { app: FastifyInstance; close(): Promise<void> }[] = [];
  let devices = 0;
  const close = async () => {
    await balancer.close();
    await Promise.all(instances.map((instance) => instance.close()));
    await deleteRedisKeys(redisUrl, `${redisPrefix}*`);
  };
  try {
    for (let i = 0; i < 2; i++) {
      const redis = await connectRedis(redisUrl);
      const pool = await openDatabase(databaseOptions(config));
      const app = await buildApp({
        config,
        database: pool,
        redis,
        webDistDir,
        accessTokenTtlSeconds: options.accessTokenTtlSeconds,
      });
      instances.push({
        app,
        async close() {
          // As main.ts's shutdown: the app, then Redis, then the database.
          await app.close();
          await redis.quit();
          await pool.close();
        },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
    }
  } catch (error) {
    await close();
    throw error;
  }
  balancer.route(
    instances.map(({ app }) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`),
  );
  return {
    url: balancer.url,
    app: instances[0]!.app,
    balancer,
    device: async (browser) => ({ userAgent: deviceUserAgent(await userAgentOf(browser), devices++) }),
    close,
  };
}

/** The browser's own user agent (read once per browser from a blank page). */
const userAgents = new WeakMap<Browser, Promise<string>>();
function userAgentOf(browser: Browser): Promise<string> {
  let userAgent = userAgents.get(browser);
  if (!userAgent) {
    userAgent = (async () => {
      const context = await browser.newContext();
      try {
        return await (await context.newPage()).evaluate(() => navigator.userAgent);
      } finally {
        await context.close();
      }
    })();
    userAgents.set(browser, userAgent);
  }
  return userAgent;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
