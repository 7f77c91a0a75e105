import {
  type AnswerInput,
  API_PREFIX,
  type BaseContentInput,
  type ContentInput,
  type ContentReply,
  FILES_PATH,
  message,
  UPLOAD_FOLDERS,
} from '@playshop/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { hasRow } from '../db/has-row';
import {
  answers,
  categories,
  content,
  images,
  questions,
  sessionContent,
  sessions,
  videos,
  workshops,
} from '../db/schema';
import { isForeignKeyViolation } from '../http/db-errors';
import { AppError, badRequest, notFound } from '../http/errors';
import type { Storage } from '../storage/storage';
import { contentReader } from './reading';

/** Where uploaded images are served from: only these addresses are ours to delete. */
const FILES_PREFIX = `${API_PREFIX}${FILES_PATH}/`;

/**
 * `storage`, when given, loses the uploaded images an edit or delete leaves unused (an image still
 * named by another item or answer stays), and `sweepUnusedImages` those never saved at all.
 */
export function contentService(db: Db, storage?: Pick<Storage, 'delete' | 'list'>) {
  /** Uploaded-image addresses of some items: their image and their answers' images. */
  async function uploadedUrls(contentIds: number[]): Promise<string[]> {
    const [imageRows, answerRows] = await Promise.all([
      db.select({ url: images.url }).from(images).where(inArray(images.contentId, contentIds)),
      db
        .select({ url: answers.url })
        .from(answers)
        .innerJoin(questions, eq(questions.id, answers.questionId))
        .where(inArray(questions.contentId, contentIds)),
    ]);
    return [
      ...new Set(
        [...imageRows, ...answerRows].flatMap((r) => (r.url?.startsWith(FILES_PREFIX) ? [r.url] : [])),
      ),
    ];
  }

  /**
   * Deletes the files of `urls` that nothing names any more (an image, an answer, a video address);
   * returns how many. A failed delete is skipped, never fatal: the next sweep tries again.
   */
  async function releaseFiles(urls: string[]): Promise<number> {
    if (!storage || urls.length === 0) return 0;
    let released = 0;
    // In slices, so a sweep over thousands of files stays within the driver's parameter limit.
    for (let start = 0; start < urls.length; start += 500) {
      const slice = urls.slice(start, start + 500);
      const [stillImages, stillAnswers, stillVideos] = await Promise.all([
        db.select({ url: images.url }).from(images).where(inArray(images.url, slice)),
        db.select({ url: answers.url }).from(answers).where(inArray(answers.url, slice)),
        db.select({ url: videos.url }).from(videos).where(inArray(videos.url, slice)),
      ]);
      const inUse = new Set([...stillImages, ...stillAnswers, ...stillVideos].map((r) => r.url));
      for (const url of slice) {
        if (inUse.has(url)) continue;
        const deleted = await storage
          .delete(url.slice(FILES_PREFIX.length))
          .then(() => true)
          .catch(() => false);
        if (deleted) released++;
      }
    }
    return released;
  }

  async function assertCategory(categoryId: number) {
    if (!(await hasRow(db, categories.id, categoryId)))
      throw badRequest(message('content.categoryNotFound'), 'categoryId');
  }

  function baseValues(input: BaseContentInput) {
    return {
      title: input.title,
      description: input.description,
      script: input.script ?? null,
      categoryId: input.categoryId,
    };
  }

  /** Replaces the type-specific rows of an item with those of `input` (question, image or video). */
  async function writeDetails(tx: Db, contentId: number, input: ContentInput) {
    if (input.type !== 'QUESTION') await tx.delete(questions).where(eq(questions.contentId, contentId));
    if (input.type !== 'IMAGE') await tx.delete(images).where(eq(images.contentId, contentId));
    if (input.type !== 'VIDEO') await tx.delete(videos).where(eq(videos.contentId, contentId));
    if (input.type === 'IMAGE') {
      await tx
        .insert(images)
        .values({ contentId, url: input.image })
        .onConflictDoUpdate({ target: images.contentId, set: { url: input.image } });
    }
    if (input.type === 'VIDEO') {
      await tx
        .insert(videos)
        .values({ contentId, url: input.url })
        .onConflictDoUpdate({ target: videos.contentId, set: { url: input.url } });
    }
    if (input.type === 'QUESTION') await writeQuestion(tx, contentId, input.question, input.answers);
  }

  /** The question of an item and its answers; answers are replaced as a whole. */
  async function writeQuestion(tx: Db, contentId: number, text: string, answerList?: AnswerInput[]) {
    const [q] = await tx
      .insert(questions)
      .values({ contentId, question: text })
      .onConflictDoUpdate({ target: questions.contentId, set: { question: text } })
      .returning({ id: questions.id });
    if (!answerList) return;
    await tx.delete(answers).where(eq(answers.questionId, q!.id));
    await tx.insert(answers).values(
      answerList.map((a) => ({
        questionId: q!.id,
        name: a.name,
        url: a.url ?? null,
        isCorrect: a.isCorrect,
      })),
    );
  }
  const reader = contentReader(db);
  const { present } = reader;

  return {
    ...reader,

    /**
     * Removes uploaded content and answer images created before `olderThan` that no item names: an
     * image uploaded in a form that was never saved. Returns how many went.
     */
    async sweepUnusedImages(olderThan: Date): Promise<number> {
      if (!storage) return 0;
      const stored = (await Promise.all(UPLOAD_FOLDERS.map((folder) => storage.list(`${folder}/`)))).flat();
      const stale = stored.filter((object) => object.createdAt < olderThan);
      return releaseFiles(stale.map((object) => `${FILES_PREFIX}${object.key}`));
    },

    /** The item ids of a kind's rows (question, image, video id → content id), for the per-kind paths. */
    async contentIdOf(kind: 'question' | 'image' | 'video', id: number): Promise<number> {
      const table = kind === 'question' ? questions : kind === 'image' ? images : videos;
      const [row] = await db
        .select({ contentId: table.contentId })
        .from(table)
        .where(eq(table.id, id))
        .limit(1);
      if (!row) throw notFound(message('content.contentNotFound'));
      return row.contentId;
    },

    async create(input: ContentInput): Promise<ContentReply> {
      await assertCategory(input.categoryId);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(content)
          .values({ ...baseValues(input), type: input.type })
          .returning({ id: content.id });
        await writeDetails(tx, row!.id, input);
        return row!.id;
      });
      return (await present([id]))[0]!;
    },

    /** The whole item, replaced: base fields, type and the type's details. */
    async update(id: number, input: ContentInput): Promise<ContentReply> {
      await assertCategory(input.categoryId);
      const before = await uploadedUrls([id]);
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(content)
          .set({ ...baseValues(input), type: input.type })
          .where(eq(content.id, id))
          .returning({ id: content.id });
        if (updated.length === 0) throw notFound(message('content.contentNotFound'));
        await writeDetails(tx, id, input);
      });
      await releaseFiles(before);
      return (await present([id]))[0]!;
    },

    async updateQuestion(
      contentId: number,
      text: string,
      base?: BaseContentInput,
      answerList?: AnswerInput[],
    ): Promise<ContentReply> {
      if (base) await assertCategory(base.categoryId);
      const before = await uploadedUrls([contentId]);
      await db.transaction(async (tx) => {
        if (base) await tx.update(content).set(baseValues(base)).where(eq(content.id, contentId));
        await writeQuestion(tx, contentId, text, answerList);
      });
      await releaseFiles(before);
      return (await present([contentId]))[0]!;
    },

    async updateMedia(
      kind: 'image' | 'video',
      contentId: number,
      url: string,
      base?: BaseContentInput,
    ): Promise<ContentReply> {
      if (base) await assertCategory(base.categoryId);
      const table = kind === 'image' ? images : videos;
      const before = kind === 'image' ? await uploadedUrls([contentId]) : [];
      await db.transaction(async (tx) => {
        if (base) await tx.update(content).set(baseValues(base)).where(eq(content.id, contentId));
        await tx.update(table).set({ url }).where(eq(table.contentId, contentId));
      });
      await releaseFiles(kind === 'image' ? before : []);
      return (await present([contentId]))[0]!;
    },

    /**
     * Deletes an item. Content that a session uses is refused, naming the sessions, so a workshop
     * never loses a step silently (docs/decisions.md).
     */
    async remove(id: number): Promise<void> {
      if (!(await hasRow(db, content.id, id))) throw notFound(message('content.contentNotFound'));
      const uses = await db
        .selectDistinct({ workshop: workshops.name, session: sessions.name })
        .from(sessionContent)
        .innerJoin(sessions, eq(sessions.id, sessionContent.sessionId))
        .innerJoin(workshops, eq(workshops.id, sessions.workshopId))
        .where(eq(sessionContent.contentId, id))
        .orderBy(asc(workshops.name), asc(sessions.name));
      if (uses.length > 0) {
        const names = uses.map((u) => `${u.workshop} › ${u.session}`).join(', ');
        throw new AppError('CONTENT_IN_USE', 409, message('errors.contentInUseBy', { names }));
      }
      const files = await uploadedUrls([id]);
      try {
        await db.delete(content).where(eq(content.id, id));
      } catch (error) {
        // A session took the item between the check and the delete: the foreign key refuses it.
        if (isForeignKeyViolation(error)) {
          throw new AppError('CONTENT_IN_USE', 409, message('errors.contentInUse'));
        }
        throw error;
      }
      await releaseFiles(files);
    },
  };
}

export type ContentService = ReturnType<typeof contentService>;
