import {
  type CreateSessionWithContentInput,
  type EditSessionInput,
  message,
  pageMeta,
  type SessionContentReply,
  type SessionReply,
  type WorkshopListItem,
  type WorkshopPage,
  type WorkshopReply,
} from '@playshop/shared';
import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { ContentService } from '../content/service';
import type { Db } from '../db/client';
import { hasRow } from '../db/has-row';
import { content, rooms, sessionContent, sessions, workshops } from '../db/schema';
import { type Actor, workshopInScope } from '../http/actor';
import { isForeignKeyViolation, isUniqueViolation } from '../http/db-errors';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import { ilikeLiteral } from '../http/pagination';

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
function fromDbError(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(message('workshops.duplicateName'));
  if (isForeignKeyViolation(error)) throw badRequest(message('content.contentNotFound'), 'sessionContent');
  throw error;
}

export function workshopsService(db: Db, contentSvc: ContentService) {
  /** Tenancy inside the query: staff read only workshops linked to their organization. */
  const visibleTo = (actor: Actor): SQL | undefined => workshopInScope(db, actor, workshops.id);

  async function findWorkshop(actor: Actor, id: number) {
    const [row] = await db
      .select({ id: workshops.id, name: workshops.name })
      .from(workshops)
      .where(and(eq(workshops.id, id), visibleTo(actor)))
      .limit(1);
    if (!row) throw notFound(message('workshops.workshopNotFound'));
    return row;
  }

  /** A session the actor may read, or 404 (another organization's session reveals nothing). */
  async function findSession(actor: Actor, id: number) {
    const [row] = await db
      .select({ id: sessions.id, workshopId: sessions.workshopId })
      .from(sessions)
      .innerJoin(workshops, eq(workshops.id, sessions.workshopId))
      .where(and(eq(sessions.id, id), visibleTo(actor)))
      .limit(1);
    if (!row) throw notFound(message('workshops.sessionNotFound'));
    return row;
  }

  async function presentSessionContent(sessionIds: number[]): Promise<SessionContentReply[]> {
    if (sessionIds.length === 0) return [];
    const rows = await db
      .select()
      .from(sessionContent)
      .where(inArray(sessionContent.sessionId, sessionIds))
      .orderBy(asc(sessionContent.sessionId), asc(sessionContent.orderIndex));
    const items = await contentSvc.present([...new Set(rows.map((r) => r.contentId))]);
    const byId = new Map(items.map((c) => [c.id, c]));
    return rows.map((r) => ({
      id: r.id,
      orderIndex: r.orderIndex,
      sessionId: r.sessionId,
      contentBaseId: r.contentId,
      content: byId.get(r.contentId)!,
    }));
  }

  async function presentSessions(where: SQL): Promise<SessionReply[]> {
    const rows = await db
      .select()
      .from(sessions)
      .where(where)
      .orderBy(asc(sessions.workshopId), asc(sessions.orderIndex), asc(sessions.id));
    const entries = await presentSessionContent(rows.map((s) => s.id));
    return rows.map((s) => ({
      id: s.id,
      name: s.name,
      orderIndex: s.orderIndex,
      workshopId: s.workshopId,
      sessionContent: entries.filter((e) => e.sessionId === s.id),
    }));
  }

  async function assertNameFree(name: string, exceptId?: number) {
    const [taken] = await db
      .select({ id: workshops.id })
      .from(workshops)
      .where(
        and(
          sql`lower(${workshops.name}) = lower(${name})`,
          exceptId ? ne(workshops.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (taken) throw conflict(message('workshops.duplicateName'));
  }

  /** Checks a content list: every item exists, none twice. Returns content ids in their order. */
  async function checkContent(entries: ContentEntry[]): Promise<number[]> {
    const ids = normaliseOrder(entries);
    if (new Set(ids).size !== ids.length)
      throw badRequest(message('workshops.duplicateContent'), 'sessionContent');
    if (ids.length) {
      const found = await db.select({ id: content.id }).from(content).where(inArray(content.id, ids));
      if (found.length !== ids.length) throw badRequest(message('content.contentNotFound'), 'sessionContent');
    }
    return ids;
  }

  /** Serialises changes to one workshop's sessions (orderIndex bookkeeping) with a row lock. */
  async function lockWorkshop(tx: Db, id: number) {
    const [row] = await tx
      .select({ id: workshops.id })
      .from(workshops)
      .where(eq(workshops.id, id))
      .for('update');
    if (!row) throw notFound(message('workshops.workshopNotFound'));
  }

  /** Renumbers a workshop's sessions 0..n-1 in their current order. */
  async function renumberSessions(tx: Db, workshopId: number, orderedIds?: number[]) {
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

  return {
    async list(actor: Actor, search?: string): Promise<WorkshopListItem[]> {
      return db
        .select({ id: workshops.id, name: workshops.name })
        .from(workshops)
        .where(and(visibleTo(actor), search ? ilikeLiteral(workshops.name, search) : undefined))
        .orderBy(asc(workshops.name), asc(workshops.id));
    },

    async page(actor: Actor, pageNo: number, size: number, search?: string): Promise<WorkshopPage> {
      const where = and(visibleTo(actor), search ? ilikeLiteral(workshops.name, search) : undefined);
      const [[{ total }], rows] = (await Promise.all([
        db.select({ total: count() }).from(workshops).where(where),
        db
          .select({ id: workshops.id, name: workshops.name })
          .from(workshops)
          .where(where)
          .orderBy(asc(workshops.name), asc(workshops.id))
          .limit(size)
          .offset((pageNo - 1) * size),
      ])) as [[{ total: number }], WorkshopListItem[]];
      return { ...pageMeta(pageNo, size, total), workshops: rows };
    },

    async count(actor: Actor): Promise<{ count: number }> {
      const [row] = await db.select({ count: count() }).from(workshops).where(visibleTo(actor));
      return { count: row?.count ?? 0 };
    },

    async get(actor: Actor, id: number): Promise<WorkshopReply> {
      const workshop = await findWorkshop(actor, id);
      return { ...workshop, sessions: await presentSessions(eq(sessions.workshopId, id)) };
    },

    async create(name: string): Promise<WorkshopListItem> {
      await assertNameFree(name);
      try {
        const [row] = await db
          .insert(workshops)
          .values({ name })
          .returning({ id: workshops.id, name: workshops.name });
        return row!;
      } catch (error) {
        return fromDbError(error);
      }
    },

    /** Rename and, when `sessionOrder` lists every session id, reorder the sessions. */
    async edit(id: number, name: string, sessionOrder?: number[]): Promise<WorkshopListItem> {
      await assertNameFree(name, id);
      await db
        .transaction(async (tx) => {
          await lockWorkshop(tx, id);
          await tx.update(workshops).set({ name }).where(eq(workshops.id, id));
          if (!sessionOrder) return;
          const current = await tx
            .select({ id: sessions.id })
            .from(sessions)
            .where(eq(sessions.workshopId, id));
          const same =
            sessionOrder.length === current.length &&
            new Set(sessionOrder).size === sessionOrder.length &&
            current.every((s) => sessionOrder.includes(s.id));
          if (!same) throw badRequest(message('validation.sessionsListEverySession'), 'sessions');
          await renumberSessions(tx, id, sessionOrder);
        })
        .catch(fromDbError);
      return { id, name };
    },

    async remove(id: number): Promise<void> {
      if (!(await hasRow(db, workshops.id, id))) throw notFound(message('workshops.workshopNotFound'));
      const used = await db
        .select({ name: rooms.name })
        .from(rooms)
        .where(eq(rooms.workshopId, id))
        .orderBy(asc(rooms.name));
      if (used.length) {
        throw new AppError(
          'WORKSHOP_IN_USE',
          409,
          message('errors.workshopInUseBy', { names: used.map((r) => r.name).join(', ') }),
        );
      }
      // Sessions, their content entries and organization links go with it (cascades).
      await db.delete(workshops).where(eq(workshops.id, id));
    },

    // ---- Sessions ----------------------------------------------------------------------------

    /** A new session with its ordered content, placed after the workshop's last session. */
    async createSession(input: CreateSessionWithContentInput): Promise<SessionReply> {
      const ids = await checkContent(input.content);
      const sessionId = await db
        .transaction(async (tx) => {
          await lockWorkshop(tx, input.workshopId);
          const [{ n }] = (await tx
            .select({ n: count() })
            .from(sessions)
            .where(eq(sessions.workshopId, input.workshopId))) as [{ n: number }];
          const [row] = await tx
            .insert(sessions)
            .values({ workshopId: input.workshopId, name: input.name, orderIndex: n })
            .returning({ id: sessions.id });
          if (ids.length) {
            await tx
              .insert(sessionContent)
              .values(ids.map((contentId, orderIndex) => ({ sessionId: row!.id, contentId, orderIndex })));
          }
          return row!.id;
        })
        .catch(fromDbError);
      return (await presentSessions(eq(sessions.id, sessionId)))[0]!;
    },

    async sessionsOf(actor: Actor, workshopId: number): Promise<SessionReply[]> {
      await findWorkshop(actor, workshopId);
      return presentSessions(eq(sessions.workshopId, workshopId));
    },

    async getSession(actor: Actor, id: number): Promise<SessionReply> {
      await findSession(actor, id);
      return (await presentSessions(eq(sessions.id, id)))[0]!;
    },

    /** Rename and/or replace the whole ordered content list (renumbered from 0). */
    async editSession(id: number, input: EditSessionInput): Promise<SessionReply> {
      const ids = input.sessionContent ? await checkContent(input.sessionContent) : undefined;
      await db
        .transaction(async (tx) => {
          const [row] = await tx
            .select({ id: sessions.id })
            .from(sessions)
            .where(eq(sessions.id, id))
            .for('update');
          if (!row) throw notFound(message('workshops.sessionNotFound'));
          if (input.name !== undefined)
            await tx.update(sessions).set({ name: input.name }).where(eq(sessions.id, id));
          if (ids) {
            await tx.delete(sessionContent).where(eq(sessionContent.sessionId, id));
            if (ids.length) {
              await tx
                .insert(sessionContent)
                .values(ids.map((contentId, orderIndex) => ({ sessionId: id, contentId, orderIndex })));
            }
          }
        })
        .catch(fromDbError);
      return (await presentSessions(eq(sessions.id, id)))[0]!;
    },

    /** Deletes a session; the workshop's other sessions close the gap. */
    async removeSession(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ workshopId: sessions.workshopId })
          .from(sessions)
          .where(eq(sessions.id, id))
          .limit(1);
        if (!row) throw notFound(message('workshops.sessionNotFound'));
        await lockWorkshop(tx, row.workshopId);
        await tx.delete(sessions).where(eq(sessions.id, id));
        await renumberSessions(tx, row.workshopId);
      });
    },

    async sessionContentOf(actor: Actor, sessionIds: number[]): Promise<SessionContentReply[]> {
      for (const id of sessionIds) await findSession(actor, id);
      return presentSessionContent(sessionIds);
    },
  };
}

export type WorkshopsService = ReturnType<typeof workshopsService>;
