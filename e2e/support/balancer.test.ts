/**
 * The deployed shape's proxy (balancer.ts) in front of two fake instances on loopback: each device
 * keeps one instance and consecutive devices get different ones, as Caddy's ip_hash does for
 * clients on different addresses; requests, bodies, cookies and WebSocket upgrades pass through.
 */
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { type Balancer, deviceUserAgent, startBalancer } from './balancer';

const UA = 'Mozilla/5.0 HeadlessChrome/156.0.0.0';

/** A fake instance: answers every request with its name and what it was sent; echoes on /ws. */
async function fakeInstance(name: string) {
  const server = http.createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ name, url: req.url, method: req.method, body, headers: req.headers }));
    });
  });
  const sockets = new WebSocketServer({ server, path: '/ws' });
  sockets.on('connection', (ws, req) =>
    ws.on('message', (data) => ws.send(`${name}:${req.headers['x-forwarded-for']}:${data}`)),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      for (const ws of sockets.clients) ws.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let balancer: Balancer;
const instances: Awaited<ReturnType<typeof fakeInstance>>[] = [];
beforeAll(async () => {
  instances.push(await fakeInstance('app'), await fakeInstance('app2'));
  balancer = await startBalancer();
  balancer.route(instances.map((i) => i.url));
});
afterAll(async () => {
  await balancer.close();
  for (const i of instances) await i.close();
});

async function ask(path: string, userAgent?: string, init: RequestInit = {}) {
  const res = await fetch(`${balancer.url}${path}`, {
    ...init,
    headers: { ...(userAgent ? { 'user-agent': userAgent } : {}), ...(init.headers ?? {}) },
  });
  return {
    status: res.status,
    cookies: res.headers.getSetCookie(),
    ...((await res.json()) as {
      name: string;
      url: string;
      method: string;
      body: string;
      headers: Record<string, string>;
    }),
  };
}

describe('the deployed shape’s proxy', () => {
  it('keeps each device on one instance and sends consecutive devices to different ones', async () => {
    const names: string[][] = [];
    for (let device = 0; device < 4; device++) {
      const seen = [];
      for (let i = 0; i < 3; i++) seen.push((await ask('/', deviceUserAgent(UA, device))).name);
      names.push(seen);
    }
    expect(names).toEqual([
      ['app', 'app', 'app'],
      ['app2', 'app2', 'app2'],
      ['app', 'app', 'app'],
      ['app2', 'app2', 'app2'],
    ]);
  });

  it('spreads requests without a device over both instances in turn', async () => {
    const names = [];
    for (let i = 0; i < 4; i++) names.push((await ask('/api/v1/x')).name);
    expect(new Set(names)).toEqual(new Set(['app', 'app2']));
    expect(names[0]).not.toBe(names[1]);
  });

  it('passes the request as sent, adds the forwarded headers, and passes every cookie back', async () => {
    const answer = await ask('/api/v1/login?x=1', deviceUserAgent(UA, 1), {
      method: 'POST',
      body: JSON.stringify({ email: 'a@b.test' }),
      headers: { 'content-type': 'application/json', cookie: 'playshop_refresh=r' },
    });
    expect(answer).toMatchObject({
      status: 200,
      name: 'app2',
      method: 'POST',
      url: '/api/v1/login?x=1',
      body: '{"email":"a@b.test"}',
      cookies: ['a=1; Path=/', 'b=2; Path=/'],
    });
    const host = new URL(balancer.url).host;
    expect(answer.headers).toMatchObject({
      host,
      cookie: 'playshop_refresh=r',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': host,
    });
  });

  it('passes a WebSocket through to the device’s instance, both ways', async () => {
    for (const [device, name] of [
      [0, 'app'],
      [1, 'app2'],
    ] as const) {
      const ws = new WebSocket(`${balancer.url.replace('http', 'ws')}/ws`, {
        headers: { 'user-agent': deviceUserAgent(UA, device) },
      });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const reply = new Promise<string>((resolve) => ws.once('message', (data) => resolve(String(data))));
      ws.send('hello');
      expect(await reply).toBe(`${name}:127.0.0.1:hello`);
      ws.close();
    }
  });

  it('answers 502 when the instance is gone', async () => {
    const gone = await fakeInstance('gone');
    const alone = await startBalancer();
    alone.route([gone.url]);
    await gone.close();
    try {
      expect((await fetch(alone.url)).status).toBe(502);
    } finally {
      await alone.close();
    }
  });
});
