import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

const HOUR_MS = 60 * 60_000;

interface HousekeepingOptions {
  intervalMs?: number;
  /**
   * A clean-up of what all instances share (the database, the file store): with PostgreSQL it runs
   * under an advisory lock, so one instance does it at a time and the others skip that round.
   * Leave unset for what lives on this instance's own disk (unfinished uploads).
   */
  shared?: Database;
}

/**
 * Runs `work` holding PostgreSQL advisory lock `name` for as long as it runs, or not at all when
 * another instance holds it (`ran: false`). PGlite serves one process, so there it always runs.
 */
export async function runExclusively<T>(
  database: Database,
  name: string,
  work: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  if (database.kind !== 'postgres') return { ran: true, result: await work() };
  // A transaction-level lock: it goes with the transaction, whatever happens to this process.
  return database.db.transaction(async (tx) => {
    const { rows } = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext(${`playshop:${name}`})) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!rows[0]?.locked) return { ran: false as const };
    return { ran: true as const, result: await work() };
  });
}

/**
 * Runs a clean-up when the server is ready and then every hour until it closes (leftover uploads,
 * images nobody saved). A failure is logged and tried again at the next run; `ENOENT` (nothing was
 * ever written there) is not a failure.
 */
export function scheduleHousekeeping(
  app: FastifyInstance,
  what: string,
  run: () => Promise<number>,
  { intervalMs = HOUR_MS, shared }: HousekeepingOptions = {},
): void {
  const once = async () => {
    try {
      const outcome = shared
        ? await runExclusively(shared, `housekeeping:${what}`, run)
        : { ran: true as const, result: await run() };
      if (!outcome.ran) app.log.debug(`${what}: another instance is removing them`);
      else if (outcome.result > 0) app.log.info({ removed: outcome.result }, `removed ${what}`);
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
