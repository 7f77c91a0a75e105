import { eq } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** A table of one row per organization, its key the organization's id (its sign-in, SAML, xAPI, retention). */
export type OrgTable = PgTable & { orgId: PgColumn };

/** The organization's row of such a table; undefined before the organization's first save. */
export async function orgRow<T extends OrgTable>(
  db: Db,
  table: T,
  orgId: number,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.orgId, orgId))
    .limit(1);
  return row as T['$inferSelect'] | undefined;
}

/** Saves the organization's row: inserted with `values` the first time, those columns replaced after. */
export async function saveOrgRow<T extends OrgTable>(
  db: Db,
  table: T,
  orgId: number,
  values: Omit<T['$inferInsert'], 'orgId'>,
): Promise<void> {
  await db
    .insert(table)
    .values({ orgId, ...values } as PgInsertValue<T>)
    .onConflictDoUpdate({ target: table.orgId, set: values as unknown as PgUpdateSetSource<T> });
}
