import { eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** Whether `column`'s table has a row holding `value` there: the existence check before a change. */
export async function hasRow(db: Db, column: PgColumn, value: string | number): Promise<boolean> {
  const [row] = await db.select({ found: sql`1` }).from(column.table).where(eq(column, value)).limit(1);
  return row !== undefined;
}
