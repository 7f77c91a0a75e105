import {
  type ContentFilters,
  type ContentPage,
  type ContentReply,
  message,
  pageMeta,
} from '@playshop/shared';
import { and, asc, count, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  answers,
  categories,
  content,
  images,
  orgWorkshops,
  questions,
  sessionContent,
  sessions,
  videos,
} from '../db/schema';
import { type Actor, orgScope } from '../http/actor';
import { notFound } from '../http/errors';
import { ilikeLiteral } from '../http/pagination';

/**
 * Tenancy inside the query (SPEC §6): a super admin reads every item; anyone else only items used by
 * a session of a workshop linked to their organization.
 */
export function contentVisibleTo(db: Db, actor: Actor): SQL | undefined {
  const linked = orgScope(actor, orgWorkshops.orgId);
  if (!linked) return undefined;
  return exists(
    db
      .select({ one: sql`1` })
      .from(sessionContent)
      .innerJoin(sessions, eq(sessions.id, sessionContent.sessionId))
      .innerJoin(orgWorkshops, eq(orgWorkshops.workshopId, sessions.workshopId))
      .where(and(eq(sessionContent.contentId, content.id), linked)),
  );
}

/** Content items as the API presents them: rows with their category, question (answers in order), image and video: four queries. */
export async function presentContent(db: Db, ids: number[]): Promise<ContentReply[]> {
  if (ids.length === 0) return [];
  const [rows, questionRows, imageRows, videoRows] = await Promise.all([
    db
      .select({
        id: content.id,
        title: content.title,
        description: content.description,
        script: content.script,
        type: content.type,
        categoryId: content.categoryId,
        categoryName: categories.name,
      })
      .from(content)
      .innerJoin(categories, eq(categories.id, content.categoryId))
      .where(inArray(content.id, ids)),
    db.select().from(questions).where(inArray(questions.contentId, ids)),
    db.select().from(images).where(inArray(images.contentId, ids)),
    db.select().from(videos).where(inArray(videos.contentId, ids)),
  ]);
  const answerRows = questionRows.length
    ? await db
        .select()
        .from(answers)
        .where(
          inArray(
            answers.questionId,
            questionRows.map((q) => q.id),
          ),
        )
        .orderBy(asc(answers.id))
    : [];
  const byId = new Map(
    rows.map((r) => {
      const q = questionRows.find((x) => x.contentId === r.id);
      const image = imageRows.find((x) => x.contentId === r.id);
      const video = videoRows.find((x) => x.contentId === r.id);
      const reply: ContentReply = {
        id: r.id,
        title: r.title,
        description: r.description,
        script: r.script,
        type: r.type,
        categoryId: r.categoryId,
        category: { id: r.categoryId, name: r.categoryName },
        question: q
          ? {
              id: q.id,
              question: q.question,
              contentId: r.id,
              answers: answerRows
                .filter((a) => a.questionId === q.id)
                .map((a) => ({ id: a.id, name: a.name, url: a.url, isCorrect: a.isCorrect })),
            }
          : null,
        image: image ? { id: image.id, url: image.url, contentId: r.id } : null,
        video: video ? { id: video.id, url: video.url, contentId: r.id } : null,
      };
      return [r.id, reply] as const;
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Reading the content library: one item, a list, a page, each scoped to the actor's workshops. */
export function contentReader(db: Db) {
  const present = (ids: number[]) => presentContent(db, ids);

  function filterWhere(actor: Actor, filters: ContentFilters): SQL | undefined {
    const search = filters.search?.trim();
    return and(
      contentVisibleTo(db, actor),
      filters.categoryId ? eq(content.categoryId, filters.categoryId) : undefined,
      filters.type ? eq(content.type, filters.type) : undefined,
      search
        ? or(
            ilikeLiteral(content.title, search),
            exists(
              db
                .select({ one: sql`1` })
                .from(questions)
                .where(and(eq(questions.contentId, content.id), ilikeLiteral(questions.question, search))),
            ),
          )
        : undefined,
    );
  }

  async function findOne(actor: Actor, id: number): Promise<ContentReply> {
    const [row] = await db
      .select({ id: content.id })
      .from(content)
      .where(and(eq(content.id, id), contentVisibleTo(db, actor)))
      .limit(1);
    if (!row) throw notFound(message('content.contentNotFound'));
    return (await present([row.id]))[0]!;
  }

  async function list(actor: Actor, filters: ContentFilters): Promise<ContentReply[]> {
    const rows = await db
      .select({ id: content.id })
      .from(content)
      .where(filterWhere(actor, filters))
      .orderBy(asc(content.title), asc(content.id));
    return present(rows.map((r) => r.id));
  }

  async function page(
    actor: Actor,
    filters: ContentFilters,
    pageNo: number,
    size: number,
  ): Promise<ContentPage> {
    const where = filterWhere(actor, filters);
    const [[{ total }], rows] = (await Promise.all([
      db.select({ total: count() }).from(content).where(where),
      db
        .select({ id: content.id })
        .from(content)
        .where(where)
        .orderBy(asc(content.title), asc(content.id))
        .limit(size)
        .offset((pageNo - 1) * size),
    ])) as [[{ total: number }], { id: number }[]];
    return { ...pageMeta(pageNo, size, total), content: await present(rows.map((r) => r.id)) };
  }

  return { present, list, page, findOne };
}
