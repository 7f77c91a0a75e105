import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** `column`'s value in the row of its table whose `key` column holds `value`; undefined when there is none. */
export async function valueAt<C extends PgColumn>(db: Db, column: C, key: PgColumn, value: string | number) {
  const [row] = await db.select({ value: column }).from(column.table).where(eq(key, value)).limit(1);
  return row?.value;
}
