import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A TCP proxy of the test's own on loopback, in front of Redis or PostgreSQL, so a fault test can cut
 * the link as a network would: `cut()` drops every open connection and refuses new ones (the port
 * stops listening), `restore()` listens again on the same port.
 */
export interface TcpProxy {
  readonly port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<Socket>();
  const makeServer = () =>
    createServer((inbound) => {
      const outbound = tcpConnect(targetPort, targetHost);
      endTogether(inbound, outbound, open);
      inbound.pipe(outbound);
      outbound.pipe(inbound);
    });
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  let server: Server | null = makeServer();
  const port = await listen(server, 0);
  const stop = async () => {
    const s = server;
    server = null;
    for (const socket of open) socket.destroy();
    open.clear();
    if (s) await new Promise((resolve) => s.close(resolve));
  };
  return {
    port,
    cut: stop,
    async restore() {
      if (server) return;
      server = makeServer();
      await listen(server, port);
    },
    close: stop,
  };
}

/**
 * The two ends of a relayed connection, kept in `open` while they last: when either closes or
 * fails, both are destroyed and dropped from it.
 */
export function endTogether(a: Socket, b: Socket, open: Set<Socket>) {
  open.add(a);
  open.add(b);
  const end = () => {
    a.destroy();
    b.destroy();
    open.delete(a);
    open.delete(b);
  };
  a.on('error', end).on('close', end);
  b.on('error', end).on('close', end);
}

/** `url` with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString();
}
