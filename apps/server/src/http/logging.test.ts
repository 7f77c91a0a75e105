/** What the logs must not carry, and hostile input logged once, low, without payload. */
import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords';
import { users } from '../db/schema';
import { createOrg, createTestContext, createUser, type TestContext } from '../test/context';
import { hostileInputLog, logEachRequestOnce, loggerOptions, readableLogs } from './logging';

const capture = () => {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
};

const contexts: TestContext[] = [];
afterAll(async () => {
  for (const c of contexts) await c.close();
});

describe('log redaction', () => {
  it('a failed user insert logs the query but not its values (no argon2 hash)', async () => {
    const ctx = await createTestContext();
    contexts.push(ctx);
    const org = await createOrg(ctx.database);
    const passwordHash = await hashPassword('a secret enough password');
    // Neither email nor username: the identity check refuses the row, with the hash among the values.
    const err = await ctx.database.db
      .insert(users)
      .values({ role: 'ADMIN', orgId: org.id, passwordHash })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(String((err as Error).message)).toContain(passwordHash);
    const { lines, stream } = capture();
    pino(loggerOptions('info'), stream).error({ err }, 'request failed');
    const logged = lines.join('');
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('params: [redacted]');
    expect(logged).not.toContain(passwordHash);
    expect(logged).not.toContain('$argon2id$');
  });

  it('redacts credentials by key wherever they sit', () => {
    const { lines, stream } = capture();
    pino(loggerOptions('info'), stream).info(
      { password: 'p-1', user: { passwordHash: 'h-1', email: 'x@y' }, body: { reset: { token: 't-1' } } },
      'something',
    );
    const logged = lines.join('');
    for (const secret of ['p-1', 'h-1', 't-1']) expect(logged).not.toContain(secret);
    expect(logged).toContain('x@y');
  });

  it("censors secrets in arrays and in an error's fields, and leaves the logged objects as they were", () => {
    const { lines, stream } = capture();
    const err = Object.assign(new Error('boom'), { token: 't-2', detailed: { secret: 's-2' } });
    const payload = {
      items: [{ refreshToken: 'r-2', name: 'kept' }],
      headers: { authorization: 'Bearer a-2' },
    };
    const before = structuredClone(payload);
    pino(loggerOptions('info'), stream).error({ err, ...payload }, 'failed');
    const logged = lines.join('');
    for (const secret of ['t-2', 's-2', 'r-2', 'a-2']) expect(logged).not.toContain(secret);
    expect(logged).toContain('kept');
    expect(logged).toContain('boom');
    expect(payload).toEqual(before);
    expect(err.token).toBe('t-2');
  });

  it('in production without SMTP the reset link is not logged; in development it is', async () => {
    for (const env of ['production', 'development'] as const) {
      const { lines, stream } = capture();
      const ctx = await createTestContext({
        logger: true,
        logStream: { stream },
        env: { NODE_ENV: env, LOG_LEVEL: 'info', PUBLIC_URL: 'https://playshop.example' },
      });
      contexts.push(ctx);
      const admin = await createUser(ctx.database, 'ADMIN', (await createOrg(ctx.database)).id);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/requestReset',
        payload: { email: admin.email },
      });
      expect(res.statusCode).toBe(200);
      for (let i = 0; i < 100 && !lines.some((l) => l.includes('mail written to outbox')); i += 1)
        await new Promise((r) => setTimeout(r, 50));
      const outbox = lines.find((l) => l.includes('mail written to outbox'));
      expect(outbox, env).toBeDefined();
      if (env === 'production') expect(outbox).not.toContain('reset-password?token=');
      else expect(outbox).toContain('reset-password?token=');
    }
  });
});

describe('hostile input log', () => {
  it('logs once per source and kind per window, at info, without the payload, then counts', () => {
    let now = 0;
    const { lines, stream } = capture();
    const log = hostileInputLog(pino({ level: 'info' }, stream), 60_000, () => now);
    for (let i = 0; i < 1000; i += 1) log.report('ws-frame', 42, 'invalid frame: roomId too big');
    log.report('ws-frame', 43, 'frame too large');
    expect(lines).toHaveLength(2);
    const first = JSON.parse(lines[0]!);
    expect(first).toMatchObject({ level: 30, kind: 'ws-frame', source: 42, msg: 'hostile input refused' });
    expect(first.stack).toBeUndefined();
    now += 60_000;
    log.report('ws-frame', 42, 'invalid frame');
    expect(JSON.parse(lines[2]!).suppressed).toBe(999);
  });
});

describe('readable logs (npm start in development)', () => {
  it('prints one readable line per request, not JSON, with the token out of it', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({
      logger: { ...loggerOptions('info'), ...readableLogs(stream) },
      logController: new LogController({ disableRequestLogging: true }),
    });
    logEachRequestOnce(app);
    app.get('/api/v1/ping', async () => ({ ok: true }));
    await app.inject({ url: '/api/v1/ping?token=abc.def&resume=ghi.jkl' });
    await app.inject({ url: '/api/v1/missing' });
    await app.close();
    const text = lines.join('');
    const requestLines = text.split('\n').filter((l) => l.includes('/api/v1/'));
    expect(requestLines).toHaveLength(2);
    expect(requestLines[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/v1\/ping\?token=\[redacted\]&resume=\[redacted\] 200 \d+ ms$/,
    );
    expect(requestLines[1]).toMatch(/GET \/api\/v1\/missing 404 \d+ ms$/);
    expect(text).not.toContain('abc.def');
    expect(text).not.toMatch(/^\{/m);
  });
});
