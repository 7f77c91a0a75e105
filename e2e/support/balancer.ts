import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { endTogether } from '../../apps/server/src/test/tcp-proxy';

/**
 * deploy/Caddyfile's reverse proxy, on loopback, for the browser files on the deployed shape: an
 * HTTP proxy in front of several instances that passes requests and WebSocket upgrades through
 * unbuffered, keeps the Host header and adds X-Forwarded-For/-Proto/-Host (the instances run with
 * TRUST_PROXY=true, as compose starts them).
 *
 * Caddy keeps each client on one instance by its address (`lb_policy ip_hash`). On loopback every
 * browser profile has the same address, 127.0.0.1, so a real ip_hash would send everything to one
 * instance. Here each profile is a device of its own, as phones and laptops are: it carries its number
 * in its user agent (`deviceUserAgent`), and device n is always sent to instance n mod count, so a
 * device keeps its instance as a client keeps its address, and consecutive devices land on different
 * instances. A request without a device (a test's own fetch) goes to the next instance in turn.
 */
export interface Balancer {
  readonly url: string;
  /** The instances' addresses (`http://127.0.0.1:port`), once they listen. */
  route(targets: string[]): void;
  close(): Promise<void>;
}

const DEVICE = /\splayshop-device\/(\d+)$/;

/** A browser's user agent with a device number the balancer routes by. */
export const deviceUserAgent = (userAgent: string, device: number) =>
  `${userAgent} playshop-device/${device}`;

/** Connection-scoped headers, which each hop sets for itself (RFC 9110 §7.6.1). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade'];

function forwardedHeaders(req: IncomingMessage, upgrade: boolean): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = { ...req.headers };
  if (!upgrade) for (const name of HOP_BY_HOP) delete headers[name];
  const from = req.socket.remoteAddress ?? '127.0.0.1';
  headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${from}` : from;
  headers['x-forwarded-proto'] = 'http';
  if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
  return headers;
}

/** The request line and headers of an upgrade, as the instance must receive them. */
function upgradeHead(req: IncomingMessage): string {
  const lines = [`${req.method} ${req.url} HTTP/1.1`];
  for (const [name, value] of Object.entries(forwardedHeaders(req, true))) {
    for (const one of Array.isArray(value) ? value : [value])
      if (one !== undefined) lines.push(`${name}: ${one}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** `port`: where it listens (0, the default: any free port). */
export async function startBalancer(port = 0): Promise<Balancer> {
  let targets: URL[] = [];
  let turn = 0;
  const sockets = new Set<Socket>();
  const agent = new http.Agent({ keepAlive: true });

  /** The instance for this request; none before `route`. */
  const pick = (req: IncomingMessage): URL | undefined => {
    if (targets.length === 0) return undefined;
    const device = DEVICE.exec(req.headers['user-agent'] ?? '');
    const index = device ? Number(device[1]) % targets.length : turn++ % targets.length;
    return targets[index]!;
  };

  const server = http.createServer((req, res) => {
    const target = pick(req);
    if (!target) return void res.writeHead(502, { 'content-type': 'text/plain' }).end('no instance');
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: forwardedHeaders(req, false),
        agent,
      },
      (answer) => {
        const headers = { ...answer.headers };
        for (const name of HOP_BY_HOP) delete headers[name];
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
        // Written as it arrives, as Caddy's `flush_interval -1`.
        res.flushHeaders();
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
    });
    req.on('error', () => upstream.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const target = pick(req);
    if (!target) return void client.destroy();
    const upstream = connect(Number(target.port), target.hostname);
    endTogether(client, upstream, sockets);
    upstream.once('connect', () => {
      upstream.write(upgradeHead(req));
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${listening}`,
    route(urls) {
      targets = urls.map((u) => new URL(u));
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
