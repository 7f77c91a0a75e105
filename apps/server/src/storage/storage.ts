import type { Readable } from 'node:stream';

export { contentTypeOf } from './content-types';
export { assertSafeKey } from './keys';

/** One stored object and what the store knows about it (SPEC §3 Uploaded file metadata). */
export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  createdAt: Date;
  updatedAt: Date;
  /** Base64 MD5 of the bytes, as cloud storage reports it; null when the store does not know it. */
  md5Hash: string | null;
  /**
   * Custom metadata given to putFile (e.g. `uploaded-by`): lowercase names, any string values, 2 KB
   * in all (`assertMetadata`). S3's list() leaves it empty: use head() or get() for it.
   */
  metadata: Record<string, string>;
}

/**
 * Where files live (DESIGN §7): local disk by default, any S3-compatible store when S3_* is set; both
 * behave the same (`storage.contract.test.ts` runs one suite against each). Keys are slash-separated
 * paths such as `content-images/3f2c….png` or `documents/Demo Workshop/Handouts/intro.pdf`, always
 * checked by `assertSafeKey`. Folders are not objects: a folder exists while something is inside it.
 */
export interface Storage {
  /** SPEC §3 `bucket`: the S3 bucket, or 'local' for the disk store. */
  readonly bucket: string;
  /** Writes a whole object from a file on local disk (tus leaves uploads there), replacing any old one. */
  putFile(
    key: string,
    sourcePath: string,
    contentType: string,
    metadata?: Record<string, string>,
  ): Promise<StoredObject>;
  /** The object and a stream of its bytes, or null when there is none. */
  get(key: string): Promise<{ object: StoredObject; stream: Readable } | null>;
  /** The object's description without its bytes, or null. */
  head(key: string): Promise<StoredObject | null>;
  /** Removes one object; no error when it is already gone. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (a folder prefix ending in '/'), at any depth, sorted by key. */
  list(prefix: string): Promise<StoredObject[]>;
  /** Removes every object under the folder prefix `prefix` (ending in '/'); returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * Moves every object under folder prefix `from` to the same relative key under `to` (both end in '/');
   * returns how many. Refuses with 409 FOLDER_EXISTS when anything already exists under `to`.
   */
  renamePrefix(from: string, to: string): Promise<number>;
}

/**
 * Wraps a store's operation so whatever it throws leaves through `translate` (each store turns its
 * own failures into StorageErrors the client can act on).
 */
export const translatingErrors =
  (translate: (error: unknown) => unknown) =>
  <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    try {
      return await run(...args);
    } catch (error) {
      throw translate(error);
    }
  };
