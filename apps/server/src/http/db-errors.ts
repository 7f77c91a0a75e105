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

/** Socket errors of a database that cannot be reached (node-postgres passes them through). */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
/** node-postgres's own words for a connection that went away or never came. */
const UNREACHABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended/i;

/**
 * The database is out of reach (down, restarting, the network between): PostgreSQL's connection
 * exceptions (class 08), a server shutting down or starting (57P01–57P03), too many connections,
 * or the driver's socket errors. Worth a 503 and a retry, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = pgCode(error);
  if (code && (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code))) return true;
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const { code: sysCode, message } = current as { code?: unknown; message?: unknown };
    if (typeof sysCode === 'string' && UNREACHABLE.has(sysCode)) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
