import { API_PREFIX, FILES_PATH, UPLOAD_FOLDERS } from '@playshop/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { answers, images, questions, videos } from '../db/schema';
import type { Storage } from '../storage/storage';

/** Where uploaded images are served from: only these addresses are ours to delete. */
const FILES_PREFIX = `${API_PREFIX}${FILES_PATH}/`;

/**
 * The uploaded images of the content library: which an item names, and their release once nothing
 * names them. Without `storage` nothing is ever deleted.
 */
export function contentImageFiles(db: Db, storage?: Pick<Storage, 'delete' | 'list'>) {
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

  /**
   * Removes uploaded content and answer images created before `olderThan` that no item names: an
   * image uploaded in a form that was never saved. Returns how many went.
   */
  async function sweepUnusedImages(olderThan: Date): Promise<number> {
    if (!storage) return 0;
    const stored = (await Promise.all(UPLOAD_FOLDERS.map((folder) => storage.list(`${folder}/`)))).flat();
    const stale = stored.filter((object) => object.createdAt < olderThan);
    return releaseFiles(stale.map((object) => `${FILES_PREFIX}${object.key}`));
  }

  return { uploadedUrls, releaseFiles, sweepUnusedImages };
}

export type ContentImageFiles = ReturnType<typeof contentImageFiles>;
