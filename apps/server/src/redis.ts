import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { ConfigError } from './config';

/** How long the start waits for Redis before giving up with a message naming REDIS_URL. */
const CONNECT_TIMEOUT_MS = 5000;

/** The longest wait between two reconnection attempts. */
const RETRY_MAX_MS = 1000;

/** The address without its password, for messages. */
function redactRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'REDIS_URL';
  }
}

/** True while the client is connected and answering commands. */
export const isRedisReady = (redis: Redis): boolean => redis.status === 'ready';

/**
 * Logs a client's outages once each (lost, then back) instead of ioredis's unhandled 'error' event,
 * which would end the process. ioredis keeps reconnecting on its own; nothing else is needed to recover.
 */
export function watchRedis(
  redis: Redis,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  name = 'Redis',
): Redis {
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: { message: err.message } }, `${name} unavailable; reconnecting`);
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info(`${name} reachable again`);
  });
  return redis;
}

/**
 * Connects to REDIS_URL before the server starts: a Redis that does not answer within
 * CONNECT_TIMEOUT_MS fails the start with a ConfigError naming REDIS_URL, not an ioredis error later.
 * The client keeps an 'error' listener, so a later outage never ends the process; buildApp adds the
 * logging one (watchRedis).
 */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Back within a second of Redis returning (ioredis's default waits up to 2 s between tries).
    retryStrategy: (times) => Math.min(times * 50, RETRY_MAX_MS),
  });
  let lastError: Error | undefined;
  redis.on('error', (err: Error) => {
    lastError = err;
  });
  try {
    await Promise.race([
      redis.connect().then(() => redis.ping()),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('no answer')), CONNECT_TIMEOUT_MS).unref(),
      ),
    ]);
  } catch (err) {
    redis.disconnect();
    const reason = lastError ?? (err as Error);
    throw new ConfigError(
      `Cannot reach Redis at REDIS_URL (${redactRedisUrl(url)}): ${reason.message || reason.name}. ` +
        'Start Redis there, correct REDIS_URL, or unset it to run a single instance without Redis.',
    );
  }
  return redis;
}
