/**
 * Against a real Redis this test starts and stops itself (redis-server on a free
 * port): a REDIS_URL that answers nothing fails the start naming REDIS_URL; Redis gone mid-run does
 * not end the process, /health reports unready, sign-in still answers (never 500), and all recovers
 * when Redis is back.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { connectRedis } from './redis';
import { createOrg, createTestContext, createUser, TEST_PASSWORD, type TestContext } from './test/context';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedisServer) console.warn('[playshop] Redis outage test skipped: no redis-server on PATH.');

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('redis-server did not start')), 10_000);
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
  });
}
const stopRedis = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

async function until(check: () => Promise<boolean> | boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not met in time');
}

describe.runIf(hasRedisServer)('Redis faults', () => {
  let redisProcess: ChildProcess | undefined;
  let ctx: TestContext | undefined;
  afterAll(async () => {
    await ctx?.close();
    if (redisProcess) await stopRedis(redisProcess);
  });

  it('a REDIS_URL that answers nothing fails the start, naming REDIS_URL', async () => {
    const port = await freePort();
    const attempt = connectRedis(`redis://:secret@127.0.0.1:${port}`);
    await expect(attempt).rejects.toThrow(ConfigError);
    await expect(attempt).rejects.toThrow(/REDIS_URL/);
    await expect(attempt).rejects.not.toThrow(/secret/);
  });

  it('survives an outage mid-run: unready, sign-in answers, and recovers', { timeout: 90_000 }, async () => {
    const port = await freePort();
    redisProcess = await startRedis(port);
    const redis = await connectRedis(`redis://127.0.0.1:${port}`);
    ctx = await createTestContext({
      redis,
      env: { REDIS_PREFIX: `outage-${port}` },
      loginThrottle: { freeAttempts: 1, baseDelayMs: 60_000 },
    });
    const org = await createOrg(ctx.database);
    const admin = await createUser(ctx.database, 'ADMIN', org.id);
    const app = ctx.app;
    const health = () => app.inject({ url: '/health' });
    const signIn = (password: string) =>
      app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: admin.email, password } });

    expect((await health()).json()).toMatchObject({ status: 'ok', redis: 'ok' });
    expect((await signIn(TEST_PASSWORD)).statusCode).toBe(200);

    await stopRedis(redisProcess);
    await until(() => redis.status !== 'ready');
    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'unavailable', redis: 'unavailable' });
    // Sign-in still works (the throttle kept in memory meanwhile), and a wrong password is still a 401.
    expect((await signIn(TEST_PASSWORD)).statusCode).toBe(200);
    expect((await signIn('not the password')).statusCode).toBe(401);
    // The throttle still counts, in memory: one free try, the next opens a wait, the third meets it.
    expect((await signIn('not the password')).statusCode).toBe(401);
    expect((await signIn('not the password')).statusCode).toBe(429);
    // The library's fixed windows count in memory too: three reset mails to one address within 15
    // minutes, and the fourth is refused.
    const requestReset = () =>
      app.inject({ method: 'POST', url: '/api/v1/requestReset', payload: { email: admin.email } });
    for (let i = 0; i < 3; i++) expect((await requestReset()).statusCode).toBe(200);
    expect((await requestReset()).statusCode).toBe(429);

    redisProcess = await startRedis(port);
    await until(async () => (await health()).statusCode === 200);
    expect((await health()).json()).toMatchObject({ status: 'ok', redis: 'ok' });
    expect((await signIn(TEST_PASSWORD)).statusCode).toBe(200);
    // The limiter is back on Redis: its keys appear there again.
    expect((await redis.keys(`outage-${port}-*`)).length).toBeGreaterThan(0);
  });
});
