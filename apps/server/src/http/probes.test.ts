import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServerPath } from '../app';
import { createStorage } from '../storage/create-storage';
import { createTestContext, type TestContext } from '../test/context';
import { S3RVER_KEYS, startS3rver } from '../test/s3rver';

const rootVersion = async () =>
  (
    JSON.parse(await readFile(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    }
  ).version;

describe('probes', () => {
  let ctx: TestContext;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'playshop-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Playshop</title>');
    ctx = await createTestContext({ webDistDir: webDist });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('answers /livez, /readyz and /health (with the version) while the database answers', async () => {
    expect((await ctx.app.inject('/livez')).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
    const health = await ctx.app.inject('/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', version: await rootVersion() });
    expect(health.json().commit).toMatch(/^([0-9a-f]{7,40}|unknown)$/);
  });

  it('never answers operator or API paths with the SPA, but still serves client routes', async () => {
    for (const url of ['/metrics', '/api/nope', '/api', '/livez/x', '/readyz/x', '/metrics?x=1']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Not found', key: 'errors.notFound', code: 'NOT_FOUND' });
    }
    const page = await ctx.app.inject('/organization/rooms');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Playshop</title>');
    expect(isServerPath('/metricsfoo')).toBe(false);
    expect(isServerPath('/readyz?full=1')).toBe(true);
  });

  it('answers 503 draining once draining starts, while /livez stays up', async () => {
    ctx.app.startDraining();
    const res = await ctx.app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'draining', checks: { database: 'ok' } });
    expect((await ctx.app.inject('/livez')).statusCode).toBe(200);
  });

  it('answers 503 when the database is gone', async () => {
    const other = await createTestContext();
    try {
      await other.database.close();
      const res = await other.app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'down' } });
      expect((await other.app.inject('/health')).statusCode).toBe(503);
    } finally {
      // The whole context, so its database is dropped too (closing the database again is harmless).
      await other.close();
    }
  });
});

describe('readiness with Redis', () => {
  it('is down when the configured Redis refuses commands', async () => {
    // A fake Redis on loopback: it confirms the game bus's (un)subscription and refuses everything
    // else, as a Redis out of memory or still loading does.
    let subscribed!: () => void;
    const busSubscribed = new Promise<void>((resolve) => {
      subscribed = resolve;
    });
    const fake = createServer((socket) => {
      const channels = new Set<string>();
      socket.on('data', (data) => {
        const bulk = (s: string) => `$${s.length}\r\n${s}\r\n`;
        // One reply per command (ioredis pipelines its hello commands in one packet).
        for (const command of data.toString().split(/(?=\*\d+\r\n\$)/)) {
          // The command's arguments: every other line after the array header is a bulk string.
          const [name = '', ...args] = command
            .split('\r\n')
            .slice(1)
            .filter((_, i) => i % 2 === 1);
          const verb = name.toLowerCase();
          if (verb === 'subscribe' || verb === 'unsubscribe') {
            // One confirmation per channel, as Redis sends (UNSUBSCRIBE alone: every channel).
            for (const channel of args.length > 0 ? args : [...channels]) {
              if (verb === 'subscribe') channels.add(channel);
              else channels.delete(channel);
              socket.write(`*3\r\n${bulk(verb)}${bulk(channel)}:${channels.size}\r\n`);
            }
            if (verb === 'subscribe') subscribed();
          } else socket.write('-LOADING Redis is loading the dataset in memory\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const redis = new Redis((fake.address() as AddressInfo).port, '127.0.0.1', { enableReadyCheck: false });
    const ctx = await createTestContext({ redis });
    try {
      const res = await ctx.app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'down' } });
      // Closing before the bus's subscription is answered would leave it to fail unheard.
      await busSubscribed;
    } finally {
      await ctx.close();
      redis.disconnect();
      fake.close();
    }
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  it.skipIf(!redisUrl)('is ready when Redis answers', async () => {
    const redis = new Redis(redisUrl!);
    const ctx = await createTestContext({ redis, env: { REDIS_PREFIX: 'probes-test' } });
    try {
      const res = await ctx.app.inject('/readyz');
      expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
    } finally {
      await ctx.close();
      await redis.quit();
    }
  });
});

describe('readiness with S3', () => {
  it('checks the bucket: ok while the store answers, down once it is gone', async () => {
    const s3 = await startS3rver('probes');
    const env = {
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'probes',
      S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
    };
    let ctx: TestContext | undefined;
    let s3Open = true;
    try {
      // The app's own S3 store, as main.ts builds it (the test context defaults to local disk).
      const s3Config = {
        endpoint: s3.endpoint,
        region: 'us-east-1',
        bucket: 'probes',
        ...S3RVER_KEYS,
      };
      const storage = await createStorage({ dataDir: tmpdir(), s3: s3Config }, { info: () => undefined });
      ctx = await createTestContext({ env, storage });
      const up = await ctx.app.inject('/readyz');
      expect(up.json()).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok' } });
      await s3.close();
      s3Open = false;
      const down = await ctx.app.inject('/readyz');
      expect(down.statusCode).toBe(503);
      expect(down.json().checks).toEqual({ database: 'ok', storage: 'down' });
    } finally {
      await ctx?.close();
      if (s3Open) await s3.close();
    }
  }, 30_000);
});
