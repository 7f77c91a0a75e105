import Fastify, { type FastifyInstance } from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import client from 'prom-client';

/**
 * Prometheus metrics. HTTP latency by route and the process's own figures come from fastify-metrics
 * (one registry per app); the live game's figures are defined here once per process, in
 * `gameRegistry`, and moved by the small functions below, which the game code calls. They cost a
 * few additions whether or not METRICS_ENABLED exposes them. Names and meanings: docs/operations.md.
 */
const gameRegistry = new client.Registry();

/** Seconds; from a quarter millisecond (one process) to several seconds (a stalled Redis). */
const LATENCY_BUCKETS = [0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

type Collector<T> = () => T;
const openSocketCollectors = new Set<Collector<number>>();
const roomCollectors = new Set<Collector<Iterable<number>>>();

function sumOf(collectors: Set<Collector<number>>): number {
  let total = 0;
  for (const collect of collectors) total += collect();
  return total;
}

new client.Gauge({
  name: 'playshop_ws_open_sockets',
  help: 'Game WebSockets open on this instance',
  registers: [gameRegistry],
  collect() {
    this.set(sumOf(openSocketCollectors));
  },
});

new client.Gauge({
  name: 'playshop_game_rooms_live',
  help: 'Rooms with at least one socket on this instance',
  registers: [gameRegistry],
  collect() {
    let rooms = 0;
    for (const collect of roomCollectors) for (const _ of collect()) rooms++;
    this.set(rooms);
  },
});

new client.Histogram({
  name: 'playshop_game_room_players',
  help: 'Players per live room on this instance, counted at each scrape',
  buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
  registers: [gameRegistry],
  collect() {
    this.reset();
    for (const collect of roomCollectors) for (const players of collect()) this.observe(players);
  },
});

/** A histogram of the game's figures: seconds, unless other buckets are given. */
const histogram = (name: string, help: string, buckets = LATENCY_BUCKETS) =>
  new client.Histogram({ name, help, buckets, registers: [gameRegistry] });

const commands = new client.Counter({
  name: 'playshop_game_commands_total',
  help: 'Game commands received over the WebSocket, by frame type and action (rate() gives commands per second)',
  labelNames: ['type', 'action'] as const,
  registers: [gameRegistry],
});

const fanout = histogram(
  'playshop_game_fanout_seconds',
  "Time to write one bus message's frames to this instance's sockets",
);

const slowSocketCloses = new client.Counter({
  name: 'playshop_game_slow_socket_closes_total',
  help: 'Sockets closed because they fell too far behind (1013 Too slow to keep up)',
  registers: [gameRegistry],
});

const appendSeconds = histogram(
  'playshop_game_event_append_seconds',
  'Time to append one batch of game events (one transaction of the group commit)',
);

const appendBatchSize = histogram(
  'playshop_game_event_append_batch_size',
  'Commands committed together in one event-log transaction',
  [1, 2, 5, 10, 20, 50, 100, 200, 500],
);

const busLag = histogram(
  'playshop_game_bus_lag_seconds',
  'From publishing a game bus message to receiving it on this instance (Redis pub/sub or in-process)',
);

/** One command read from a socket (`type` the frame type, `action` its payload action when it has one). */
export function countGameCommand(type: string, action?: string): void {
  commands.inc({ type, action: action ?? '' });
}

/** Starts timing one fan-out; call the function it returns once every socket was written. */
export function startFanoutTimer(): () => void {
  return fanout.startTimer();
}

/** A socket closed for falling behind. */
export function countSlowSocketClose(): void {
  slowSocketCloses.inc();
}

/** One event-log transaction: how long it took and how many commands it carried. */
export function observeEventAppend(seconds: number, batchSize: number): void {
  appendSeconds.observe(seconds);
  appendBatchSize.observe(batchSize);
}

/** A bus message received, with the publisher's `Date.now()` at sending. */
export function observeBusLag(sentAtMs: number): void {
  busLag.observe(Math.max(0, Date.now() - sentAtMs) / 1000);
}

/** Counts open sockets at each scrape (summed over collectors); returns the function that removes it. */
function collectOpenSockets(collect: Collector<number>): () => void {
  openSocketCollectors.add(collect);
  return () => void openSocketCollectors.delete(collect);
}

/**
 * Reports the live rooms at each scrape: one number per room with sockets on this instance, its
 * player count. Gives `playshop_game_rooms_live` and `playshop_game_room_players`. Returns the
 * function that removes it.
 */
export function collectRooms(collect: Collector<Iterable<number>>): () => void {
  roomCollectors.add(collect);
  return () => void roomCollectors.delete(collect);
}

interface MetricsOptions {
  /** Serve /metrics on this port only; unset: on the app's own port. */
  port?: number;
  host: string;
}

/**
 * Turns metrics on for one app: route latency and process figures through fastify-metrics, and the
 * Prometheus text of those and the game's at GET /metrics, on the app or on a port of its own.
 */
export async function registerMetrics(app: FastifyInstance, options: MetricsOptions): Promise<void> {
  const appRegistry = new client.Registry();
  await app.register(fastifyMetrics, {
    promClient: client,
    endpoint: null,
    defaultMetrics: { enabled: true, register: appRegistry },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      routeBlacklist: ['/metrics', '/livez', '/readyz', '/health'],
      // The summary fastify-metrics always builds goes into no registry: the histogram says it all.
      overrides: { histogram: { registers: [appRegistry] }, summary: { registers: [] } },
    },
  });
  // The game socket is registered after this (it has to be, for its route to be timed).
  let stopCounting: (() => void) | undefined;
  app.addHook('onReady', async () => {
    if (app.hasDecorator('websocketServer'))
      stopCounting = collectOpenSockets(() => app.websocketServer.clients.size);
  });
  app.addHook('onClose', async () => stopCounting?.());
  const handler = async () => client.Registry.merge([appRegistry, gameRegistry]).metrics();
  const contentType = appRegistry.contentType;

  if (options.port === undefined) {
    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (_req, reply) =>
      reply.type(contentType).send(await handler()),
    );
    return;
  }
  // Its own port: a second, bare server (no SPA, no API), listening once the app is ready.
  const side = Fastify({ logger: false });
  side.get('/metrics', async (_req, reply) => reply.type(contentType).send(await handler()));
  side.setNotFoundHandler((_req, reply) =>
    reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' }),
  );
  app.decorate('metricsServer', side);
  app.addHook('onReady', async () => {
    await side.listen({ port: options.port, host: options.host });
    app.log.info({ address: side.listeningOrigin }, 'metrics listening');
  });
  app.addHook('onClose', async () => side.close());
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The separate /metrics server when METRICS_PORT is set. */
    metricsServer?: FastifyInstance;
  }
}
