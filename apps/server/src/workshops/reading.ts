import {
  message,
  pageMeta,
  type SessionContentReply,
  type SessionReply,
  type WorkshopListItem,
  type WorkshopPage,
  type WorkshopReply,
} from '@playshop/shared';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { ContentService } from '../content/service';
import type { Db } from '../db/client';
import { sessionContent, sessions, workshops } from '../db/schema';
import { type Actor, workshopInScope } from '../http/actor';
import { notFound } from '../http/errors';
import { ilikeLiteral } from '../http/pagination';

type Presents = Pick<ContentService, 'present'>;

/** The sessions of these workshops in their order (orderIndex, then id): one query whatever the count. */
export async function sessionsInOrder(db: Db, workshopIds: number[]) {
  if (workshopIds.length === 0) return [];
  return db
    .select({
      id: sessions.id,
      name: sessions.name,
      orderIndex: sessions.orderIndex,
      workshopId: sessions.workshopId,
    })
    .from(sessions)
    .where(inArray(sessions.workshopId, workshopIds))
    .orderBy(asc(sessions.orderIndex), asc(sessions.id));
}

async function presentSessionContent(
  db: Db,
  contentSvc: Presents,
  sessionIds: number[],
): Promise<SessionContentReply[]> {
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

/** Sessions as the API presents them, each with its ordered content. */
export async function presentSessions(db: Db, contentSvc: Presents, where: SQL): Promise<SessionReply[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(where)
    .orderBy(asc(sessions.workshopId), asc(sessions.orderIndex), asc(sessions.id));
  const entries = await presentSessionContent(
    db,
    contentSvc,
    rows.map((s) => s.id),
  );
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    orderIndex: s.orderIndex,
    workshopId: s.workshopId,
    sessionContent: entries.filter((e) => e.sessionId === s.id),
  }));
}

/** Reading workshops and their sessions; tenancy inside the query: staff read only workshops linked to their organization. */
export function workshopReader(db: Db, contentSvc: Presents) {
  const visibleTo = (actor: Actor): SQL | undefined => workshopInScope(db, actor, workshops.id);
  const named = (actor: Actor, search?: string) =>
    and(visibleTo(actor), search ? ilikeLiteral(workshops.name, search) : undefined);
  const listed = () => db.select({ id: workshops.id, name: workshops.name }).from(workshops);

  async function findWorkshop(actor: Actor, id: number) {
    const [row] = await listed()
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

  return {
    async list(actor: Actor, search?: string): Promise<WorkshopListItem[]> {
      return listed().where(named(actor, search)).orderBy(asc(workshops.name), asc(workshops.id));
    },

    async page(actor: Actor, pageNo: number, size: number, search?: string): Promise<WorkshopPage> {
      const where = named(actor, search);
      const [[{ total }], rows] = (await Promise.all([
        db.select({ total: count() }).from(workshops).where(where),
        listed()
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
      return { ...workshop, sessions: await presentSessions(db, contentSvc, eq(sessions.workshopId, id)) };
    },

    async sessionsOf(actor: Actor, workshopId: number): Promise<SessionReply[]> {
      await findWorkshop(actor, workshopId);
      return presentSessions(db, contentSvc, eq(sessions.workshopId, workshopId));
    },

    async getSession(actor: Actor, id: number): Promise<SessionReply> {
      await findSession(actor, id);
      return (await presentSessions(db, contentSvc, eq(sessions.id, id)))[0]!;
    },

    async sessionContentOf(actor: Actor, sessionIds: number[]): Promise<SessionContentReply[]> {
      for (const id of sessionIds) await findSession(actor, id);
      return presentSessionContent(db, contentSvc, sessionIds);
    },
  };
}
