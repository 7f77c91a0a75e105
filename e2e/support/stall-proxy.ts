import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { endTogether } from '../../apps/server/src/test/tcp-proxy';

/**
 * A TCP relay in front of the product that can stall like a phone's Wi-Fi: while stalled, no byte
 * moves either way and new connections wait, but nothing is closed (no FIN, no RST), so a WebSocket
 * through it stays open and simply goes silent. Browser offline emulation cannot do this: it leaves
 * open WebSockets working. When the stall ends, what was held is delivered in order, as TCP would
 * retransmit it.
 *
 * The page must be loaded through `url`: its socket then comes from the same host and port as the
 * page, which the server's origin check lets in.
 */
export interface StallProxy {
  readonly url: string;
  stall(): void;
  resume(): void;
  close(): Promise<void>;
}

/** One direction of a relayed connection: holds what arrives while stalled. */
function relay(from: Socket, to: Socket, isStalled: () => boolean) {
  const held: Buffer[] = [];
  let ended = false;
  from.on('data', (chunk: Buffer) => {
    if (isStalled()) held.push(chunk);
    else to.write(chunk);
  });
  from.on('end', () => {
    if (isStalled()) ended = true;
    else to.end();
  });
  return () => {
    for (const chunk of held.splice(0)) to.write(chunk);
    if (ended) to.end();
  };
}

export async function startStallProxy(target: string): Promise<StallProxy> {
  const { hostname, port } = new URL(target);
  let stalled = false;
  const isStalled = () => stalled;
  const sockets = new Set<Socket>();
  const flushes: (() => void)[] = [];
  const waiting: (() => void)[] = [];

  const connect = (client: Socket) => {
    const upstream = createConnection({ host: hostname, port: Number(port) });
    flushes.push(relay(client, upstream, isStalled), relay(upstream, client, isStalled));
    endTogether(client, upstream, sockets);
    client.resume();
  };

  const server: Server = createServer((client) => {
    sockets.add(client);
    // Nothing is read until the upstream exists.
    client.pause();
    if (stalled) waiting.push(() => connect(client));
    else connect(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the stall proxy has no port');

  return {
    url: `http://127.0.0.1:${address.port}`,
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
      for (const flush of flushes) flush();
      for (const start of waiting.splice(0)) start();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
