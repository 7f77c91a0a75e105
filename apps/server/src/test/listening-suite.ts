import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type WebSocket from 'ws';
import { createTestContext, type TestContext } from './context';

/** What `listeningSuite` sets up: filled in by its `beforeAll`, so read the fields inside tests and hooks. */
export interface ListeningSuite {
  ctx: TestContext;
  /** The game socket's address on the loopback port the app listens on. */
  wsUrl: string;
  /** Sockets the file opened: terminated before the app closes. */
  sockets: WebSocket[];
}

/**
 * A suite on an app listening on a loopback port, for tests with real WebSocket clients. Registers its
 * own `beforeAll` and `afterAll`; a suite's further setup goes in a `beforeAll` after this call.
 */
export function listeningSuite(options: Parameters<typeof createTestContext>[0] = {}): ListeningSuite {
  const suite = { sockets: [] as WebSocket[] } as ListeningSuite;
  beforeAll(async () => {
    suite.ctx = await createTestContext(options);
    await suite.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    suite.wsUrl = `ws://127.0.0.1:${(suite.ctx.app.server.address() as AddressInfo).port}/ws`;
  });
  afterAll(async () => {
    for (const ws of suite.sockets) ws.terminate();
    await suite.ctx?.close();
  });
  return suite;
}
