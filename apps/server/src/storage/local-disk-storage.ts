import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type Dirent } from 'node:fs';
import { lstat, mkdir, open, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { message } from '@playshop/shared';
import { contentTypeOf } from './content-types';
import { StorageError } from './errors';
import { assertFolderPrefix, assertMetadata, assertSafeKey, compareKeys } from './keys';
import { type Storage, type StoredObject, translatingErrors } from './storage';

/**
 * What the disk cannot say about a file, kept beside it in `.{name}.meta.json`. Keys never have a
 * segment starting with '.', so a sidecar (or a `.…part` temp file) can never be mistaken for a key.
 */
interface Sidecar {
  contentType: string;
  createdAt: string;
  md5Hash: string;
  metadata: Record<string, string>;
  /** The size of the file this sidecar describes: a sidecar left over from another version is ignored. */
  size: number;
}

const sidecarPathOf = (full: string) => path.join(path.dirname(full), `.${path.basename(full)}.meta.json`);
const isBookkeeping = (name: string) => name.startsWith('.');
const errnoOf = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

const folderExists = () => new StorageError('FOLDER_EXISTS', message('materials.folderExists'));

/** Disk failures the caller can act on, as StorageErrors (codes as in materials/storage-errors.ts); others stay 500s. */
function diskError(error: unknown): unknown {
  if (error instanceof StorageError) return error;
  switch (errnoOf(error)) {
    case 'ENOSPC':
    case 'EDQUOT':
      return new StorageError('STORAGE_FULL', message('errors.storageFull'));
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new StorageError('storage/unauthorized', message('errors.storageNotWritable'));
    case 'ENOTDIR':
    case 'EISDIR':
    case 'EEXIST':
      // S3 allows 'a/b' and 'a/b/c' side by side; a disk cannot have a file and a folder of one name.
      return new StorageError('FILE_FOLDER_CONFLICT', message('errors.fileFolderConflict'));
    case 'ENAMETOOLONG':
      return new StorageError('INVALID_FILE_NAME', message('errors.invalidFileName'));
    default:
      return error;
  }
}

async function readSidecar(full: string, size: number): Promise<Sidecar | null> {
  try {
    const sidecar = JSON.parse(await readFile(sidecarPathOf(full), 'utf8')) as Partial<Sidecar>;
    const isValid =
      sidecar.size === size &&
      typeof sidecar.contentType === 'string' &&
      typeof sidecar.createdAt === 'string' &&
      typeof sidecar.md5Hash === 'string' &&
      typeof sidecar.metadata === 'object' &&
      sidecar.metadata !== null;
    return isValid ? (sidecar as Sidecar) : null;
  } catch {
    return null;
  }
}

/** Writes `data` to `target` through a temp file and a rename, so readers see the old or the new file. */
async function writeFileAtomically(target: string, data: string): Promise<void> {
  const temp = path.join(path.dirname(target), `.meta-${randomUUID()}.part`);
  try {
    await writeFile(temp, data);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

async function describeStat(
  key: string,
  full: string,
  s: { size: number; mtime: Date; birthtime: Date; birthtimeMs: number },
): Promise<StoredObject> {
  const sidecar = await readSidecar(full, s.size);
  // Without a sidecar (files copied in by hand, or written before sidecars existed) the disk still
  // knows the size and times; the md5 is not computed here because list() would read every byte.
  return {
    key,
    size: s.size,
    contentType: sidecar?.contentType ?? contentTypeOf(key),
    createdAt: sidecar ? new Date(sidecar.createdAt) : s.birthtimeMs > 0 ? s.birthtime : s.mtime,
    updatedAt: s.mtime,
    md5Hash: sidecar?.md5Hash ?? null,
    metadata: sidecar?.metadata ?? {},
  };
}

async function describe(key: string, full: string): Promise<StoredObject | null> {
  let s: Awaited<ReturnType<typeof stat>>;
  try {
    s = await stat(full);
  } catch {
    return null;
  }
  if (!s.isFile()) return null;
  return describeStat(key, full, s);
}

/** Every file under `dir` (recursively) as [key, full path], bookkeeping files left out. */
async function walk(dir: string, keyPrefix: string): Promise<[string, string][]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const found: [string, string][] = [];
  for (const entry of entries) {
    if (isBookkeeping(entry.name)) continue;
    const full = path.join(dir, entry.name);
    // Symbolic links are never followed: they could point outside the root.
    if (entry.isDirectory()) found.push(...(await walk(full, `${keyPrefix}${entry.name}/`)));
    else if (entry.isFile()) found.push([`${keyPrefix}${entry.name}`, full]);
  }
  return found;
}

/** Clears what is left in a directory that holds no object: empty folders and stray bookkeeping files. */
async function removeObjectlessTree(dir: string): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await removeObjectlessTree(full);
    else if (isBookkeeping(entry.name)) await rm(full, { force: true });
  }
  try {
    await rmdir(dir);
  } catch (error) {
    // A file arrived since list() said the folder was empty.
    if (errnoOf(error) === 'ENOTEMPTY' || errnoOf(error) === 'EEXIST') throw folderExists();
    throw error;
  }
}

/** Copies `sourcePath` to the new file `temp` in `dir`; returns the bytes' base64 MD5. */
async function copyHashing(sourcePath: string, temp: string, dir: string): Promise<string> {
  let hash = createHash('md5');
  // A concurrent delete may prune the (then empty) directory between mkdir and the write: retry once.
  for (let attempt = 1; ; attempt++) {
    await mkdir(dir, { recursive: true });
    hash = createHash('md5');
    try {
      await pipeline(
        createReadStream(sourcePath),
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            hash.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(temp, { flags: 'wx' }),
      );
      break;
    } catch (error) {
      const isDirGone =
        errnoOf(error) === 'ENOENT' &&
        (await stat(sourcePath).then(
          () => true,
          () => false,
        ));
      if (!isDirGone || attempt >= 2) throw error;
    }
  }
  return hash.digest('base64');
}

/** Writes the object at `full` from a file on local disk: its sidecar, then the file, each atomically. */
async function writeObject(
  key: string,
  full: string,
  sourcePath: string,
  contentType: string,
  metadata: Record<string, string>,
): Promise<StoredObject> {
  const dir = path.dirname(full);
  const temp = path.join(dir, `.put-${randomUUID()}.part`);
  try {
    const md5Hash = await copyHashing(sourcePath, temp, dir);
    const written = await stat(temp);
    const now = new Date();
    const sidecar: Sidecar = {
      contentType,
      // Replacing a file makes a new object, as in S3 and cloud storage: its creation time is now.
      createdAt: now.toISOString(),
      md5Hash,
      metadata: { ...metadata },
      size: written.size,
    };
    // Sidecar first: until the file's rename, the old file's size check ignores the new sidecar.
    await writeFileAtomically(sidecarPathOf(full), JSON.stringify(sidecar));
    await rename(temp, full);
    return describeStat(key, full, written);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** The file of `key` under `rootDir`. */
function resolveKey(rootDir: string, key: string): string {
  assertSafeKey(key);
  const full = path.resolve(rootDir, ...key.split('/'));
  // Belt and braces: assertSafeKey already makes this impossible.
  if (!full.startsWith(rootDir + path.sep))
    throw new StorageError('INVALID_FILE_NAME', message('errors.invalidFileName'));
  return full;
}

/** Removes empty directories from `dir` up to (not including) `rootDir`, so empty folders vanish. */
async function pruneEmptyDirs(rootDir: string, dir: string): Promise<void> {
  for (let current = dir; current.startsWith(rootDir + path.sep); current = path.dirname(current)) {
    try {
      await rmdir(current);
    } catch {
      return; // not empty (or already gone): the folders above it are not empty either
    }
  }
}

/** The object at `full` and a stream of its bytes, or null when there is none. */
async function readObject(
  key: string,
  full: string,
): Promise<{ object: StoredObject; stream: Readable } | null> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(full, 'r');
  } catch (error) {
    if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') return null;
    throw error;
  }
  // Stat and stream the same open file, so a concurrent replace cannot mix two versions.
  const s = await handle.stat();
  if (!s.isFile()) {
    await handle.close();
    return null;
  }
  const object = await describeStat(key, full, s);
  return { object, stream: handle.createReadStream() };
}

/** Removes the tree at `dir`; false when there was none. */
async function removeTree(rootDir: string, dir: string): Promise<boolean> {
  // Move the tree aside first so readers see the whole folder or nothing, then remove it at leisure.
  const doomed = path.join(rootDir, `.deleting-${randomUUID()}`);
  try {
    await rename(dir, doomed);
  } catch (error) {
    if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') return false;
    throw error;
  }
  await rm(doomed, { recursive: true, force: true });
  return true;
}

/**
 * Files under `root` (DATA_DIR/files), one per key: `documents/Demo Workshop/intro.pdf` is the file
 * `root/documents/Demo Workshop/intro.pdf`, with its sidecar `.intro.pdf.meta.json` beside it. Folders
 * are directories, removed when their last file goes, so a folder exists only while it holds a file.
 */
export function localDiskStorage(root: string): Storage {
  const rootDir = path.resolve(root);
  const resolve = (key: string) => resolveKey(rootDir, key);
  const resolveFolder = (prefix: string) => {
    assertFolderPrefix(prefix);
    return resolve(prefix.slice(0, -1));
  };

  const pruneEmptyParents = (dir: string) => pruneEmptyDirs(rootDir, dir);

  const list = async (prefix: string): Promise<StoredObject[]> => {
    const dir = resolveFolder(prefix);
    const objects: StoredObject[] = [];
    for (const [key, full] of await walk(dir, prefix)) {
      const object = await describe(key, full);
      if (object) objects.push(object);
    }
    return objects.sort((a, b) => compareKeys(a.key, b.key));
  };

  const guarded = translatingErrors(diskError);

  return {
    bucket: 'local',

    putFile: guarded(async (key, sourcePath, contentType, metadata = {}) => {
      const full = resolve(key);
      assertMetadata(metadata);
      return writeObject(key, full, sourcePath, contentType, metadata);
    }),

    get: guarded(async (key) => readObject(key, resolve(key))),

    head: guarded(async (key) => describe(key, resolve(key))),

    delete: guarded(async (key) => {
      const full = resolve(key);
      const s = await lstat(full).catch(() => null);
      if (!s?.isFile()) return; // nothing there, or a folder: no object has this key
      await rm(full, { force: true });
      await rm(sidecarPathOf(full), { force: true });
      await pruneEmptyParents(path.dirname(full));
    }),

    list: guarded(list),

    deletePrefix: guarded(async (prefix) => {
      const dir = resolveFolder(prefix);
      const count = (await list(prefix)).length;
      if (!(await removeTree(rootDir, dir))) return 0;
      await pruneEmptyParents(path.dirname(dir));
      return count;
    }),

    renamePrefix: guarded(async (from, to) => {
      const fromDir = resolveFolder(from);
      const toDir = resolveFolder(to);
      if (to.startsWith(from)) {
        throw new StorageError('INVALID_FOLDER_MOVE', message('errors.folderIntoItself'));
      }
      const count = (await list(from)).length;
      if (count === 0) return 0;
      if ((await list(to)).length > 0) throw folderExists();
      await removeObjectlessTree(toDir);
      await mkdir(path.dirname(toDir), { recursive: true });
      try {
        // One rename(2): atomic, and as cheap for a thousand files as for one.
        await rename(fromDir, toDir);
      } catch (error) {
        if (errnoOf(error) === 'ENOTEMPTY' || errnoOf(error) === 'EEXIST') throw folderExists();
        throw error;
      }
      await pruneEmptyParents(path.dirname(fromDir));
      return count;
    }),
  };
}
