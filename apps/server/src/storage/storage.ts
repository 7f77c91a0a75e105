import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../http/errors';

/** What a stored object is served as. */
export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  updatedAt: Date;
}

/**
 * Where files live (DESIGN §7): local disk by default; an S3 implementation fits the same shape.
 * Keys are slash-separated paths such as `content-images/3f2c….png`, always checked by `assertSafeKey`.
 */
export interface Storage {
  /** Writes a whole object from a file on local disk (tus leaves uploads there), replacing any old one. */
  putFile(key: string, sourcePath: string, contentType: string): Promise<StoredObject>;
  /** The object and a stream of its bytes, or null when there is none. */
  get(key: string): Promise<{ object: StoredObject; stream: Readable } | null>;
  delete(key: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,199}$/;

/**
 * Rejects keys that could leave the storage root or confuse a shell or browser: empty or dot
 * segments, backslashes, control characters, absolute paths, over-long names.
 */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  const ok =
    key.length <= 1000 &&
    segments.length >= 1 &&
    segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..' && !s.endsWith('.'));
  if (!ok) throw new AppError('INVALID_FILE_NAME', 400, 'Invalid file name');
}

/** Content types by extension; keys get their extension from sniffed bytes, never from a client's name. */
const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
};
export const contentTypeOf = (key: string): string =>
  TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/** Files under `root` (DATA_DIR/files), one per key. */
export function localDiskStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    const full = path.resolve(root, ...key.split('/'));
    // Belt and braces: assertSafeKey already makes this impossible.
    if (!full.startsWith(path.resolve(root) + path.sep))
      throw new AppError('INVALID_FILE_NAME', 400, 'Invalid file name');
    return full;
  };
  const describe = async (key: string, full: string): Promise<StoredObject | null> => {
    try {
      const s = await stat(full);
      if (!s.isFile()) return null;
      return { key, size: s.size, contentType: contentTypeOf(key), updatedAt: s.mtime };
    } catch {
      return null;
    }
  };

  return {
    async putFile(key, sourcePath) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      const temp = `${full}.part`;
      await pipeline(createReadStream(sourcePath), createWriteStream(temp));
      await rename(temp, full);
      return (await describe(key, full))!;
    },
    async get(key) {
      const full = resolve(key);
      const object = await describe(key, full);
      return object ? { object, stream: createReadStream(full) } : null;
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
