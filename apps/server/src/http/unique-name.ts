import type { Message } from '@playshop/shared';
import { and, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { isUniqueViolation } from './db-errors';
import { conflict } from './errors';

/**
 * A name that is unique ignoring case in its table (an organization's, a category's, a workshop's),
 * answered 409 with `taken`: `assertFree` checks it before a write (the row `exceptId` aside, when
 * it renames itself), and `write` answers a write that the unique index refused (the name taken
 * meanwhile) as the check would.
 */
export function uniqueName(nameColumn: PgColumn, idColumn: PgColumn, taken: Message) {
  return {
    async assertFree(db: Db, name: string, exceptId?: number): Promise<void> {
      const [row] = await db
        .select({ id: idColumn })
        .from(nameColumn.table)
        .where(and(sql`lower(${nameColumn}) = lower(${name})`, exceptId ? ne(idColumn, exceptId) : undefined))
        .limit(1);
      if (row) throw conflict(taken);
    },
    async write<T>(write: () => Promise<T>): Promise<T> {
      try {
        return await write();
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(taken);
        throw error;
      }
    },
  };
}
