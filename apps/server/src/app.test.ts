import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/context';

let ctx: TestContext;
let webDir: string;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'playshop-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Playshop</title><div id="root"></div>',
  );
  await writeFile(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(
    path.join(webDir, 'assets', 'big.js'),
    `export const text = '${'playshop '.repeat(2000)}';`,
  );
  ctx = await createTestContext({ webDistDir: webDir });
});
afterAll(async () => {
  await ctx.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('one port for everything', () => {
  it('serves the SPA for client routes and its assets', async () => {
    for (const url of ['/', '/admin-login', '/Demo%20Org/admin/dashboard', '/reset-password?token=x']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await ctx.app.inject({ url: '/assets/app.js' });
    expect(asset.headers['content-type']).toContain('javascript');
  });

  it('sends the web files compressed when the browser accepts it (a phone on a slow network)', async () => {
    const br = await ctx.app.inject({ url: '/assets/big.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(18_000 / 10);
    const gzip = await ctx.app.inject({ url: '/assets/big.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ url: '/assets/big.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('playshop playshop');
  });

  it('answers unknown API paths with the JSON error format', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', key: 'errors.notFound', code: 'NOT_FOUND' });
  });

  it('publishes OpenAPI docs generated from the zod schemas', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const p of [
      '/api/v1/login',
      '/api/v1/participantLogin',
      '/api/v1/refresh',
      '/api/v1/logout',
      '/api/v1/requestReset',
      '/api/v1/resetPassword',
      '/api/v1/check-org-expiry/{orgId}',
      '/api/v1/getroomsbyorgname/{org}',
      '/api/v1/getroombyid/{id}',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
    expect(
      doc.paths['/api/v1/login'].post.requestBody.content['application/json'].schema.properties.email,
    ).toBeDefined();
    expect((await ctx.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('sets security headers and keeps 5xx details in the log', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/public-settings' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    // Plain http at a network address (phones on a laptop's `npm start`): the browser would ignore
    // the header and log a console error on every page, so it is not sent.
    const lan = await ctx.app.inject({ url: '/api/v1/public-settings', headers: { host: '192.0.2.2:3000' } });
    expect(lan.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(lan.headers['content-security-policy']).toContain("default-src 'self'");
    const loopback = await ctx.app.inject({
      url: '/api/v1/public-settings',
      headers: { host: '127.0.0.1:3000' },
    });
    expect(loopback.headers['cross-origin-opener-policy']).toBe('same-origin');
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(bad.body).not.toContain('at ');
  });

  it('reports health', async () => {
    expect((await ctx.app.inject({ url: '/health' })).json()).toMatchObject({ status: 'ok' });
  });

  it('serves the footer links without a token', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/public-settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      reportIssueUrl: 'mailto:admin@playshop.test',
      statusUrl: 'http://localhost:3000/health',
      trainingUrl: '',
    });
  });
});
