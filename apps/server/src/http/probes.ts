import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client';
import type { Storage } from '../storage/storage';
import { BUILD_INFO } from '../version';

interface ProbeDeps {
  database: Database;
  redis?: Redis;
  /** The file store when it is S3 (local disk needs no check: it is this machine's). */
  s3Storage?: Storage;
  /** How long one dependency may take before it counts as down. */
  timeoutMs?: number;
}

type Check = 'ok' | 'down';

/** A promise that fails after `ms`, so one hung dependency cannot hang the probe. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/livez` (the process answers), `/readyz` (the database, Redis when configured and S3 when used
 * answer, and the instance is not draining) and `/health` (the database, with the version). A load
 * balancer routes by /readyz; an orchestrator restarts by /livez. Returns `startDraining`, which
 * main.ts calls on SIGTERM so /readyz answers 503 while the sockets are still open.
 */
export function registerProbes(app: FastifyInstance, deps: ProbeDeps): { startDraining(): void } {
  const timeoutMs = deps.timeoutMs ?? 2000;
  let draining = false;
  const probe = { schema: { hide: true }, logLevel: 'warn' as const };

  const check = async (work: () => Promise<unknown>): Promise<Check> => {
    try {
      await within(timeoutMs, work());
      return 'ok';
    } catch (err) {
      app.log.warn({ err }, 'readiness check failed');
      return 'down';
    }
  };

  app.get('/livez', probe, async () => ({ status: 'ok' }));

  app.get('/readyz', probe, async (_req, reply) => {
    const checks: Record<string, Check> = {};
    const [database, redis, storage] = await Promise.all([
      check(() => deps.database.db.execute('select 1')),
      deps.redis ? check(() => deps.redis!.ping()) : undefined,
      deps.s3Storage ? check(() => deps.s3Storage!.head('readyz-probe')) : undefined,
    ]);
    checks.database = database;
    if (redis) checks.redis = redis;
    if (storage) checks.storage = storage;
    const ready = !draining && Object.values(checks).every((c) => c === 'ok');
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: draining ? 'draining' : ready ? 'ok' : 'unavailable', checks });
  });

  app.get('/health', probe, async (_req, reply) => {
    // The database and a configured Redis (unready while either does not answer), with the version.
    const health = await app.healthStatus();
    return reply
      .status(health.status === 'ok' ? 200 : 503)
      .send({ ...health, version: BUILD_INFO.version, commit: BUILD_INFO.commit });
  });

  return {
    startDraining() {
      draining = true;
    },
  };
}
