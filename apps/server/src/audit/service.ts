import { english } from '@playshop/messages/english';
import {
  AUDIT_ACTION_MESSAGES,
  type AuditEntry,
  type AuditFilter,
  auditActionKey,
  auditActionsMatching,
  inScope,
  isAuditActionKey,
  pageMeta,
} from '@playshop/shared';
import { and, count, desc, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import { type Actor, orgScope } from '../http/actor';
import { toCsv } from '../http/csv';
import { escapeLike } from '../http/pagination';

/** Who did it: a signed-in user, or (a refused sign-in) the email that was tried. */
export interface AuditActor {
  userId: number | null;
  role: string | null;
  /** Their email or username at the time (entries outlive users). */
  label: string;
  orgId: number | null;
}

/** What it was done to. `orgId` files the entry under that organization (null: product-wide). */
export interface AuditTarget {
  type: string | null;
  id?: string | number | null;
  label?: string | null;
  orgId: number | null;
}

/** `{ field: [before, after] }`, changed fields only. */
export type AuditChanges = Record<string, [unknown, unknown]>;

/** An actor of the access token, as the audit log names them. */
export const auditActorOf = (actor: Actor): AuditActor => ({
  userId: actor.userId,
  role: actor.role,
  label: actor.username,
  orgId: actor.orgId,
});

/** The fields whose values differ between two snapshots of one thing; null when none did. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  ignore: readonly string[] = ['id', 'createdAt', 'updatedAt'],
): AuditChanges | null {
  const changes: AuditChanges = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (ignore.includes(key)) continue;
    const a = before[key] ?? null;
    const b = after[key] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[key] = [a, b];
  }
  return Object.keys(changes).length ? changes : null;
}

const DAY_MS = 24 * 60 * 60_000;
/** The most rows one CSV export holds (newest first). */
export const AUDIT_EXPORT_MAX = 100_000;

/** The entries a caller may read that match the filter. */
const where = (actor: Actor, filter: AuditFilter): SQL | undefined => {
  // The organization filter is the super admin's: anyone else's asks for another still see their own.
  const asked = filter.orgId !== undefined && inScope(actor, filter.orgId) ? filter.orgId : undefined;
  const scope = orgScope(actor, auditLog.orgId, asked);
  const term = filter.q ? `%${escapeLike(filter.q)}%` : undefined;
  return and(
    scope,
    // A key matches the routes older entries were stored with too (a route, its key's entries).
    filter.action
      ? inArray(auditLog.action, auditActionsMatching(auditActionKey(filter.action, null)))
      : undefined,
    term ? or(ilike(auditLog.actorLabel, term), ilike(auditLog.targetLabel, term)) : undefined,
    filter.from ? gte(auditLog.at, new Date(`${filter.from}T00:00:00Z`)) : undefined,
    filter.to ? lt(auditLog.at, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + DAY_MS)) : undefined,
  );
};

const toEntry = (row: typeof auditLog.$inferSelect): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  orgId: row.orgId,
  actorId: row.actorId,
  actor: row.actorLabel,
  actorRole: row.actorRole,
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  target: row.targetLabel,
  changes: (row.changes as AuditEntry['changes']) ?? null,
  address: row.address,
});

/** An entry's action in English words (an older entry's route read as its key); else as stored. */
function actionWords(e: AuditEntry): string {
  const key = auditActionKey(e.action, e.changes);
  return isAuditActionKey(key) ? english(AUDIT_ACTION_MESSAGES[key]) : e.action;
}

/**
 * Entries as CSV, newest first as given, one line each: the action in words (its key in the last
 * column, for filters and scripts), the changes as `field: before → after`.
 */
function auditCsv(entries: AuditEntry[]): string {
  const lines = entries.map((e) => [
    e.at,
    e.actor,
    e.actorRole ?? '',
    actionWords(e),
    e.targetType ?? '',
    e.targetId ?? '',
    e.target ?? '',
    e.changes
      ? Object.entries(e.changes)
          .map(([field, [a, b]]) => `${field}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`)
          .join('; ')
      : '',
    e.address ?? '',
    e.orgId === null ? '' : String(e.orgId),
    auditActionKey(e.action, e.changes),
  ]);
  return toCsv([
    [
      'at',
      'actor',
      'role',
      'action',
      'target type',
      'target id',
      'target',
      'changes',
      'address',
      'organization id',
      'action key',
    ],
    ...lines,
  ]);
}

/**
 * The audit log: `record` appends an entry (the only write besides the retention purge: a trigger
 * refuses UPDATE and DELETE otherwise); `page` and `csv` read it, scoped to the caller's
 * organization unless they are the super admin.
 */
export function auditService(db: Db, now: () => Date = () => new Date()) {
  return {
    /** Appends one entry. */
    async record(
      actor: AuditActor,
      action: string,
      target: AuditTarget,
      changes: AuditChanges | null = null,
      address: string | null = null,
    ): Promise<void> {
      await db.insert(auditLog).values({
        at: now(),
        orgId: target.orgId,
        actorId: actor.userId,
        actorLabel: actor.label,
        actorRole: actor.role,
        action,
        targetType: target.type,
        targetId: target.id == null ? null : String(target.id),
        targetLabel: target.label ?? null,
        changes,
        address,
      });
    },

    async page(actor: Actor, filter: AuditFilter, page: number, size: number) {
      const condition = where(actor, filter);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(condition)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(size)
          .offset((page - 1) * size),
        db.select({ n: count() }).from(auditLog).where(condition),
      ]);
      return { ...pageMeta(page, size, total?.n ?? 0), items: rows.map(toEntry) };
    },

    async csv(actor: Actor, filter: AuditFilter): Promise<string> {
      const rows = await db
        .select()
        .from(auditLog)
        .where(where(actor, filter))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(AUDIT_EXPORT_MAX);
      return auditCsv(rows.map(toEntry));
    },

    /**
     * Removes entries older than `days`: the one DELETE the append-only trigger lets through, in a
     * transaction that says so (`playshop.audit_purge`, local to it).
     */
    async purge(days: number): Promise<number> {
      const cutoff = new Date(now().getTime() - days * DAY_MS);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('playshop.audit_purge', 'on', true)`);
        const gone = await tx.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
        return gone.length;
      });
    },
  };
}

export type AuditService = ReturnType<typeof auditService>;
