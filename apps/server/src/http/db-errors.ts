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
