import type { AddressInfo } from 'node:net';
import { WS_PATH } from '@playshop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createOrg, createTestContext, signInNewUser, type TestContext } from '../test/context';

let ctx: TestContext;
let port: number;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
  const org = await createOrg(ctx.database);
  token = (await signInNewUser(ctx, 'PLAYER', org.id)).body.accessToken;
});
afterAll(() => ctx.close());

/** Opens the game socket as a page of `origin` would; resolves with the upgrade's outcome. */
function open(origin: string, host?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}?token=${encodeURIComponent(token)}`, {
      headers: { origin, ...(host ? { host } : {}) },
    });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', reject);
  });
}

describe('the game WebSocket origin check', () => {
  it('accepts a page loaded from the address the socket is opened on, with no setting', async () => {
    // Not PUBLIC_URL (localhost:3000) nor a listed origin: the phone used the server's own address.
    expect(await open(`http://127.0.0.1:${port}`)).toBe(101);
    expect(await open(`http://192.168.1.20:${port}`, `192.168.1.20:${port}`)).toBe(101);
  });

  it('refuses a page of another origin with 403', async () => {
    expect(await open('http://evil.example')).toBe(403);
    expect(await open(`http://192.168.1.20:${port + 1}`, `192.168.1.20:${port}`)).toBe(403);
  });
});
