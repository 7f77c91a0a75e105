import { type Message, message } from '@playshop/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { content, sessions, workshops } from '../db/schema';
import { isForeignKeyViolation, isUniqueViolation } from '../http/db-errors';
import { badRequest, conflict, notFound } from '../http/errors';
import { uniqueName } from '../http/unique-name';

/**
 * What every write of a workshop or its sessions shares: the checks before it, the lock and the
 * order bookkeeping inside it, and a race after it answered as the check would.
 */

type ContentEntry = { contentBaseId: number; orderIndex?: number | undefined };

/**
 * Orders entries by their orderIndex (entries without one keep their place after those with one)
 * and renumbers them 0..n-1, so a session's order never has gaps or ties.
 */
export function normaliseOrder(entries: ContentEntry[]): number[] {
  return entries
    .map((e, i) => ({ ...e, i }))
    .sort(
      (a, b) =>
        (a.orderIndex ?? Number.MAX_SAFE_INTEGER) - (b.orderIndex ?? Number.MAX_SAFE_INTEGER) || a.i - b.i,
    )
    .map((e) => e.contentBaseId);
}

/** Races the checks cannot see (a name taken, content deleted meanwhile), answered as the checks would. */
export function fromDbError(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(message('workshops.duplicateName'));
  if (isForeignKeyViolation(error)) throw badRequest(message('content.contentNotFound'), 'sessionContent');
  throw error;
}

const workshopName = uniqueName(workshops.name, workshops.id, message('workshops.duplicateName'));

/** 409 when another workshop (not `exceptId`) has this name, ignoring case. */
export const assertNameFree = (db: Db, name: string, exceptId?: number) =>
  workshopName.assertFree(db, name, exceptId);

/** Checks a content list: every item exists, none twice. Returns content ids in their order. */
export async function checkContent(db: Db, entries: ContentEntry[]): Promise<number[]> {
  const ids = normaliseOrder(entries);
  if (new Set(ids).size !== ids.length)
    throw badRequest(message('workshops.duplicateContent'), 'sessionContent');
  if (ids.length) {
    const found = await db.select({ id: content.id }).from(content).where(inArray(content.id, ids));
    if (found.length !== ids.length) throw badRequest(message('content.contentNotFound'), 'sessionContent');
  }
  return ids;
}

/** Locks the row whose `idColumn` is `id` until the transaction ends; 404 with `missing` if none. */
export async function lockRow(tx: Db, idColumn: PgColumn, id: number, missing: Message) {
  const [row] = await tx.select({ found: sql`1` }).from(idColumn.table).where(eq(idColumn, id)).for('update');
  if (!row) throw notFound(missing);
}

/** Serialises changes to one workshop's sessions (orderIndex bookkeeping) with a row lock. */
export const lockWorkshop = (tx: Db, id: number) =>
  lockRow(tx, workshops.id, id, message('workshops.workshopNotFound'));

/** Renumbers a workshop's sessions 0..n-1 in their current order. */
export async function renumberSessions(tx: Db, workshopId: number, orderedIds?: number[]) {
  const ids =
    orderedIds ??
    (
      await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.workshopId, workshopId))
        .orderBy(asc(sessions.orderIndex), asc(sessions.id))
    ).map((s) => s.id);
  for (const [orderIndex, id] of ids.entries()) {
    await tx.update(sessions).set({ orderIndex }).where(eq(sessions.id, id));
  }
}
