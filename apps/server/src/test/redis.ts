import { Redis } from 'ioredis';
import { afterAll } from 'vitest';

/**
 * Clients of the test Redis for one describe block: `connect` opens one and waits for its ping;
 * after the block the keys under `prefix` are deleted (other runs may share the server) and every
 * client quits.
 */
export function testRedis(url: string, prefix: string) {
  const clients: Redis[] = [];
  afterAll(async () => {
    const keys = await clients[0]!.keys(`${prefix}*`);
    if (keys.length) await clients[0]!.del(...keys);
    await Promise.all(clients.map((c) => c.quit()));
  });
  return {
    async connect() {
      const redis = new Redis(url);
      clients.push(redis);
      await redis.ping();
      return redis;
    },
    /** The keys matching `pattern`, as the first client sees them. */
    keys: (pattern: string) => clients[0]!.keys(pattern),
  };
}
