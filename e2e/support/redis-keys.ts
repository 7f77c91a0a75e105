import { Redis } from 'ioredis';

/** Deletes the keys matching `pattern` (SCAN, not KEYS: the Redis may be shared); how many went. */
export async function deleteRedisKeys(url: string, pattern: string): Promise<number> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  let deleted = 0;
  try {
    for await (const keys of redis.scanStream({ match: pattern, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length > 0) deleted += await redis.unlink(...keys);
    }
  } finally {
    await redis.quit();
  }
  return deleted;
}
