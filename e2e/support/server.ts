import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { type FirstStartReport, firstStart } from '../../apps/server/src/first-start/first-start';
import { openTestDatabase } from '../../apps/server/src/test/context';

export const ADMIN_EMAIL = 'admin@playshop.test';
export const ADMIN_PASSWORD = 'e2e-admin-password';
const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

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
  // Mail links are built from the public URL, so the port is chosen before the app is built.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
    LOG_LEVEL: 'warn',
    ...(options.asOnALaptop ? {} : { PUBLIC_URL: url }),
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    webDistDir,
    logger: false,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
  });
  await app.listen({ port, host: options.asOnALaptop ? '0.0.0.0' : '127.0.0.1' });
  return {
    url,
    app,
    database,
    report,
    facilitator: report.demo!.facilitator,
    async close() {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type Product = Awaited<ReturnType<typeof startProduct>>;

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
