import { message } from '@playshop/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { hasRow } from '../db/has-row';
import { content, images, questions, sessionContent, sessions, videos, workshops } from '../db/schema';
import { valueAt } from '../db/value-at';
import { isForeignKeyViolation } from '../http/db-errors';
import { AppError, notFound } from '../http/errors';
import type { Storage } from '../storage/storage';
import { contentImageFiles } from './image-files';
import { contentReader } from './reading';
import { contentWriter } from './writing';

/**
 * The content library: reading (reading.ts), writing (writing.ts) and removing items.
 * `storage`, when given, loses the uploaded images an edit or delete leaves unused (an image still
 * named by another item or answer stays), and `sweepUnusedImages` those never saved at all
 * (image-files.ts).
 */
export function contentService(db: Db, storage?: Pick<Storage, 'delete' | 'list'>) {
  const files = contentImageFiles(db, storage);

  return {
    ...contentReader(db),
    ...contentWriter(db, files),
    sweepUnusedImages: files.sweepUnusedImages,

    /** The item ids of a kind's rows (question, image, video id → content id), for the per-kind paths. */
    async contentIdOf(kind: 'question' | 'image' | 'video', id: number): Promise<number> {
      const table = kind === 'question' ? questions : kind === 'image' ? images : videos;
      const contentId = await valueAt(db, table.contentId, table.id, id);
      if (contentId === undefined) throw notFound(message('content.contentNotFound'));
      return contentId;
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
      const urls = await files.uploadedUrls([id]);
      try {
        await db.delete(content).where(eq(content.id, id));
      } catch (error) {
        // A session took the item between the check and the delete: the foreign key refuses it.
        if (isForeignKeyViolation(error)) {
          throw new AppError('CONTENT_IN_USE', 409, message('errors.contentInUse'));
        }
        throw error;
      }
      await files.releaseFiles(urls);
    },
  };
}

export type ContentService = ReturnType<typeof contentService>;
