import {
  type AnswerInput,
  type BaseContentInput,
  type ContentInput,
  type ContentReply,
  message,
} from '@playshop/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { hasRow } from '../db/has-row';
import { answers, categories, content, images, questions, videos } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import type { ContentImageFiles } from './image-files';
import { presentContent } from './reading';

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

/** Writing an item: a new one, the whole item replaced, or its question or media alone. */
export function contentWriter(db: Db, files: ContentImageFiles) {
  const presentOne = async (id: number) => (await presentContent(db, [id]))[0]!;
  async function assertCategory(categoryId: number) {
    if (!(await hasRow(db, categories.id, categoryId)))
      throw badRequest(message('content.categoryNotFound'), 'categoryId');
  }

  return {
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
      return presentOne(id);
    },

    /** The whole item, replaced: base fields, type and the type's details. */
    async update(id: number, input: ContentInput): Promise<ContentReply> {
      await assertCategory(input.categoryId);
      const before = await files.uploadedUrls([id]);
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(content)
          .set({ ...baseValues(input), type: input.type })
          .where(eq(content.id, id))
          .returning({ id: content.id });
        if (updated.length === 0) throw notFound(message('content.contentNotFound'));
        await writeDetails(tx, id, input);
      });
      await files.releaseFiles(before);
      return presentOne(id);
    },

    async updateQuestion(
      contentId: number,
      text: string,
      base?: BaseContentInput,
      answerList?: AnswerInput[],
    ): Promise<ContentReply> {
      if (base) await assertCategory(base.categoryId);
      const before = await files.uploadedUrls([contentId]);
      await db.transaction(async (tx) => {
        if (base) await tx.update(content).set(baseValues(base)).where(eq(content.id, contentId));
        await writeQuestion(tx, contentId, text, answerList);
      });
      await files.releaseFiles(before);
      return presentOne(contentId);
    },

    async updateMedia(
      kind: 'image' | 'video',
      contentId: number,
      url: string,
      base?: BaseContentInput,
    ): Promise<ContentReply> {
      if (base) await assertCategory(base.categoryId);
      const table = kind === 'image' ? images : videos;
      const before = kind === 'image' ? await files.uploadedUrls([contentId]) : [];
      await db.transaction(async (tx) => {
        if (base) await tx.update(content).set(baseValues(base)).where(eq(content.id, contentId));
        await tx.update(table).set({ url }).where(eq(table.contentId, contentId));
      });
      await files.releaseFiles(kind === 'image' ? before : []);
      return presentOne(contentId);
    },
  };
}
