import type { FastifyInstance } from 'fastify';

const HOUR_MS = 60 * 60_000;

/**
 * Runs a clean-up when the server is ready and then every hour until it closes (leftover uploads,
 * images nobody saved). A failure is logged and tried again at the next run; `ENOENT` (nothing was
 * ever written there) is not a failure.
 */
export function scheduleHousekeeping(
  app: FastifyInstance,
  what: string,
  run: () => Promise<number>,
  intervalMs = HOUR_MS,
): void {
  const once = async () => {
    try {
      const removed = await run();
      if (removed > 0) app.log.info({ removed }, `removed ${what}`);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') app.log.warn({ err }, `could not remove ${what}`);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await once();
    timer = setInterval(once, intervalMs).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
