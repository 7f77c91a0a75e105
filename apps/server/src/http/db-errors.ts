import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * PostgreSQL error codes, read through drizzle's wrapper (the driver's error is its `cause`), so the
 * same check works on PGlite and node-postgres.
 */
function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique index refused the row (two people saving the same name at once). */
export const isUniqueViolation = (error: unknown): boolean => pgCode(error) === '23505';
/** A foreign key refused the delete (a restricting reference) or the insert (no such row). */
export const isForeignKeyViolation = (error: unknown): boolean => pgCode(error) === '23503';

/**
 * Socket errors of a database that cannot be reached (node-postgres passes them through); a name
 * that no longer resolves too (a stopped container leaves the compose network's DNS).
 */
const UNREACHABLE = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
/**
 * node-postgres's own words for a connection that went away or never came, PostgreSQL's for a
 * database closed to connections, and PGlite's once it is closed.
 */
const UNREACHABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|not queryable|Cannot use a pool after calling end|is not currently accepting connections|PGlite is closed/i;

/**
 * The database is out of reach (down, restarting, the network between): PostgreSQL's connection
 * exceptions (class 08), a server shutting down or starting (57P01–57P03), too many connections, a
 * read-only server (a failover still under way: 25006), or the driver's socket errors. Worth a 503
 * and a retry, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = pgCode(error);
  if (code && (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300', '25006'].includes(code)))
    return true;
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const { code: sysCode, message } = current as { code?: unknown; message?: unknown };
    if (typeof sysCode === 'string' && UNREACHABLE.has(sysCode)) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The probe's bound: a database that takes longer to say `select 1` is not answering. */
const PROBE_MS = 1_000;
const probes = new WeakMap<Db, Promise<boolean>>();

/** Whether the database answers `select 1` now; concurrent askers share one probe. */
export function databaseAnswers(db: Db): Promise<boolean> {
  let probe = probes.get(db);
  if (!probe) {
    let timer: NodeJS.Timeout | undefined;
    probe = Promise.race([
      db.execute(sql`select 1`).then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), PROBE_MS);
      }),
    ])
      .catch(() => false)
      .finally(() => {
        clearTimeout(timer);
        probes.delete(db);
      });
    probes.set(db, probe);
  }
  return probe;
}

/**
 * An error seen while the database is down: one of the errors above, or any other failure while
 * the database does not answer (a driver's words this list does not know yet must still not give
 * the caller a 500 or 'Something went wrong' during an outage).
 */
export async function isDatabaseOutage(error: unknown, db: Db): Promise<boolean> {
  return isDatabaseUnavailable(error) || !(await databaseAnswers(db));
}
