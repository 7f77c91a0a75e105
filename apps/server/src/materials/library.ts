import {
  MATERIALS_ROOT,
  type MaterialFile,
  type MaterialFolder,
  message,
  ZMaterialName,
} from '@playshop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { workshops } from '../db/schema';
import { type Actor, workshopInScope } from '../http/actor';
import { AppError } from '../http/errors';
import type { Storage, StoredObject } from '../storage/storage';
import { storageFailure } from './storage-errors';

export const ROOT = `${MATERIALS_ROOT}/`;

export const folderNotFound = () =>
  new AppError('FOLDER_NOT_FOUND', 404, message('materials.folderNotFound'));
export const fileNotFound = () => new AppError('FILE_NOT_FOUND', 404, message('materials.fileNotFound'));
export const linkInvalid = () => new AppError('LINK_INVALID', 403, message('materials.linkExpired'));
const invalidName = (field: string) =>
  new AppError('INVALID_NAME', 400, message('materials.nameInvalid'), field);

/**
 * Folder names are matched to workshop names trimmed and ignoring case ('demo workshop ' shows to
 * the organizations linked to 'Demo Workshop'), so a folder made by hand need not copy the exact case.
 */
const folderMatchKey = (name: string): string => name.trim().toLowerCase();

/** Names in the order people read them: ignoring case, numbers by value ('Week 2' before 'Week 10'). */
export const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true }) ||
  (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export const folderOf = (segments: string[]): MaterialFolder => ({
  name: segments[segments.length - 1]!,
  path: segments.join('/'),
});
export const prefixOf = (segments: string[]) =>
  segments.length === 0 ? ROOT : `${ROOT}${segments.join('/')}/`;

/** SPEC §3 Uploaded file metadata. */
export function presentFile(bucket: string, object: StoredObject): MaterialFile {
  return {
    bucket,
    name: object.key.slice(object.key.lastIndexOf('/') + 1),
    fullPath: object.key,
    size: object.size,
    contentType: object.contentType,
    timeCreated: object.createdAt.toISOString(),
    updated: object.updatedAt.toISOString(),
    md5Hash: object.md5Hash,
    customMetadata: object.metadata,
  };
}

/**
 * A file's path, 'documents/{folder}[/{subfolder}]/{file}' or the same without 'documents/', as its
 * segments; null unless every segment is a valid name exactly as written.
 */
export function parseFilePath(filePath: string): { segments: string[]; fullPath: string } | null {
  const relative = filePath.startsWith(ROOT) ? filePath.slice(ROOT.length) : filePath;
  const segments = relative.split('/');
  if (segments.length < 2 || segments.length > 3) return null;
  if (!segments.every((s) => ZMaterialName.safeParse(s).data === s)) return null;
  return { segments, fullPath: `${ROOT}${segments.join('/')}` };
}

export interface LibraryDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
}

/**
 * What every materials use case reads through: the store with its failures named, which top-level
 * folders a caller may see (folders named after a workshop linked to their organization; every
 * folder for a super admin), and a file the caller may see.
 */
export function materialsLibrary({ db, storage, log }: LibraryDeps) {
  /** Runs a storage call, turning its failures into errors the caller can act on. */
  async function store<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const failure = storageFailure(error);
      if (failure !== error) log.error({ err: error }, 'file storage failed');
      throw failure;
    }
  }

  /** Which top-level folders `actor` may see: those named after the workshops in their scope. */
  async function folderFilter(actor: Pick<Actor, 'role' | 'orgId'>): Promise<(folder: string) => boolean> {
    const linked = workshopInScope(db, actor, workshops.id);
    // Every workshop is in scope (a super admin's): every folder, named after a workshop or not.
    if (!linked) return () => true;
    const names = new Set(
      (await db.select({ name: workshops.name }).from(workshops).where(linked)).map((w) =>
        folderMatchKey(w.name),
      ),
    );
    return (folder) => names.has(folderMatchKey(folder));
  }

  /** Objects under a folder prefix, as paths relative to it. */
  async function listUnder(segments: string[]) {
    const prefix = prefixOf(segments);
    const objects = await store(() => storage.list(prefix));
    return objects.map((object) => ({ object, rest: object.key.slice(prefix.length).split('/') }));
  }

  async function findFile(actor: Actor, filePath: string) {
    const parsed = parseFilePath(filePath);
    if (!parsed) throw invalidName('filePath');
    if (!(await folderFilter(actor))(parsed.segments[0]!)) throw fileNotFound();
    const object = await store(() => storage.head(parsed.fullPath));
    if (!object) throw fileNotFound();
    return object;
  }

  return { storage, store, folderFilter, listUnder, findFile };
}

export type MaterialsLibrary = ReturnType<typeof materialsLibrary>;
